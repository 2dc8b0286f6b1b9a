import crypto from 'node:crypto';
import {
  bearer,
  form,
  makeSandbox,
  publicUrl,
  salesforceClient,
  salesforceTokens,
} from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('Salesforce OAuth (any My Domain)', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const authorize = (params: Record<string, string>, host = 'acme-dev-ed.my.salesforce.com') =>
    app.inject({
      method: 'GET',
      url: `/salesforce/services/oauth2/authorize?${new URLSearchParams(params).toString()}`,
      headers: { host },
    });

  it('shows Allow Access with Connect and Cancel for the consumer key, whatever the domain', async () => {
    const page = await authorize({
      response_type: 'code',
      client_id: salesforceClient.client_id,
      redirect_uri: salesforceClient.redirect_uri,
      prompt: 'login',
      state: 'x',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Allow Access?');
    expect(page.body).toContain('>Connect</button>');
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).toContain('acme-dev-ed.my.salesforce.com');
    const badKey = await authorize({
      response_type: 'code',
      client_id: 'other-key',
      redirect_uri: salesforceClient.redirect_uri,
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain('invalid_client_id');
    const badType = await authorize({
      response_type: 'token',
      client_id: salesforceClient.client_id,
      redirect_uri: salesforceClient.redirect_uri,
    });
    expect(new URL(badType.headers.location as string).searchParams.get('error')).toBe(
      'unsupported_response_type',
    );
  });

  it('Cancel redirects with error=access_denied and the state', async () => {
    const cancel = await app.inject({
      method: 'POST',
      url: '/salesforce/services/oauth2/authorize',
      ...form({
        response_type: 'code',
        client_id: salesforceClient.client_id,
        redirect_uri: salesforceClient.redirect_uri,
        state: 'abc',
        decision: 'cancel',
      }),
    });
    const location = new URL(cancel.headers.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('abc');
  });

  it('exchanges the code for tokens whose instance_url points back at the sandbox, with a valid signature', async () => {
    const tokens = await salesforceTokens(app);
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^00D/),
      refresh_token: expect.any(String),
      instance_url: `${publicUrl}/salesforce`,
      id: expect.stringMatching(new RegExp(`^${publicUrl}/salesforce/id/00D\\w{15}/005\\w{15}$`)),
      token_type: 'Bearer',
      scope: 'refresh_token api id',
      issued_at: String(app.clock()),
    });
    const expected = crypto
      .createHmac('sha256', salesforceClient.client_secret)
      .update(tokens.id + tokens.issued_at)
      .digest('base64');
    expect(tokens.signature).toBe(expected);
  });

  it('checks the consumer key and secret (body or Basic), the code and its redirect_uri', async () => {
    const code = async () => {
      const consent = await app.inject({
        method: 'POST',
        url: '/salesforce/services/oauth2/authorize',
        ...form({
          response_type: 'code',
          client_id: salesforceClient.client_id,
          redirect_uri: salesforceClient.redirect_uri,
          decision: 'connect',
        }),
      });
      return new URL(consent.headers.location as string).searchParams.get('code')!;
    };
    const token = (values: Record<string, string>, headers: Record<string, string> = {}) => {
      const body = form(values);
      return app.inject({
        method: 'POST',
        url: '/salesforce/services/oauth2/token',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    };
    const wrongSecret = await token({
      ...salesforceClient,
      client_secret: 'nope',
      grant_type: 'authorization_code',
      code: await code(),
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({
      error: 'invalid_client',
      error_description: 'invalid client credentials',
    });
    expect(
      (
        await token({
          ...salesforceClient,
          client_id: 'nope',
          grant_type: 'authorization_code',
          code: await code(),
        })
      ).json(),
    ).toEqual({
      error: 'invalid_client_id',
      error_description: 'client identifier invalid',
    });
    expect(
      (
        await token({ ...salesforceClient, grant_type: 'authorization_code', code: 'made-up' })
      ).json(),
    ).toEqual({ error: 'invalid_grant', error_description: 'invalid authorization code' });
    expect(
      (
        await token({
          ...salesforceClient,
          redirect_uri: 'http://elsewhere.example/cb',
          grant_type: 'authorization_code',
          code: await code(),
        })
      ).json(),
    ).toMatchObject({
      error: 'redirect_uri_mismatch',
    });
    expect((await token({ ...salesforceClient, grant_type: 'password' })).json()).toMatchObject({
      error: 'unsupported_grant_type',
    });
    const basic = Buffer.from(
      `${salesforceClient.client_id}:${salesforceClient.client_secret}`,
    ).toString('base64');
    const viaBasic = await token(
      {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: salesforceClient.redirect_uri,
      },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.statusCode).toBe(200);
  });

  it('refreshes with the refresh token (no new refresh token) and rejects an unknown one', async () => {
    const tokens = await salesforceTokens(app);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/salesforce/services/oauth2/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: salesforceClient.client_id,
        client_secret: salesforceClient.client_secret,
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBeUndefined();
    expect(refreshed.json().instance_url).toBe(`${publicUrl}/salesforce`);
    const bad = await app.inject({
      method: 'POST',
      url: '/salesforce/services/oauth2/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: salesforceClient.client_id,
        client_secret: salesforceClient.client_secret,
      }),
    });
    expect(bad.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'expired access/refresh token',
    });
  });

  it("serves the connected user's userinfo and identity", async () => {
    const tokens = await salesforceTokens(app);
    const info = (
      await app.inject({
        method: 'GET',
        url: '/salesforce/services/oauth2/userinfo',
        headers: bearer(tokens.access_token),
      })
    ).json();
    expect(info).toMatchObject({
      sub: tokens.id,
      email: 'admin@crm-sync-sandbox.example',
      name: 'Sandbox Admin',
      preferred_username: 'admin@crm-sync-sandbox.example.sandbox',
      organization_id: expect.stringMatching(/^00D/),
    });
    const identity = await app.inject({
      method: 'GET',
      url: new URL(tokens.id).pathname,
      headers: bearer(tokens.access_token),
    });
    expect(identity.json()).toMatchObject({
      id: tokens.id,
      username: 'admin@crm-sync-sandbox.example.sandbox',
      email: 'admin@crm-sync-sandbox.example',
    });
  });

  it('answers 401 INVALID_SESSION_ID without a token, with an unknown one and after the session times out', async () => {
    const none = await app.inject({
      method: 'GET',
      url: '/salesforce/services/data/v60.0/sobjects/Lead/describe',
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual([
      { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
    ]);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/salesforce/services/oauth2/userinfo',
          headers: bearer('00Dxx!bogus'),
        })
      ).statusCode,
    ).toBe(401);
    const tokens = await salesforceTokens(app);
    const call = () =>
      app.inject({
        method: 'GET',
        url: '/salesforce/services/data/v60.0/query?q=SELECT+Id+FROM+User',
        headers: bearer(tokens.access_token),
      });
    expect((await call()).statusCode).toBe(200);
    app.clock.advance(2 * 3_600_000);
    expect((await call()).statusCode).toBe(401);
  });

  it('revokes a token', async () => {
    const tokens = await salesforceTokens(app);
    const revoke = await app.inject({
      method: 'POST',
      url: '/salesforce/services/oauth2/revoke',
      ...form({ token: tokens.access_token }),
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/salesforce/services/oauth2/userinfo',
          headers: bearer(tokens.access_token),
        })
      ).statusCode,
    ).toBe(401);
  });
});
