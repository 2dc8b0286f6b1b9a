import {
  allHubSpotScopes,
  bearer,
  form,
  hubspotClient,
  hubspotTokens,
  makeSandbox,
} from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('HubSpot OAuth', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const authorizeUrl = (params: Record<string, string>) =>
    `/hubspot/oauth/authorize?${new URLSearchParams(params).toString()}`;

  it('shows a consent page with Connect and Cancel for the sandbox app', async () => {
    const response = await app.inject({
      method: 'GET',
      url: authorizeUrl({
        client_id: hubspotClient.client_id,
        redirect_uri: hubspotClient.redirect_uri,
        scope: 'oauth crm.objects.contacts.read',
        optional_scope: 'crm.lists.read',
        state: 's1',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('value="connect"');
    expect(response.body).toContain('>Connect</button>');
    expect(response.body).toContain('>Cancel</button>');
    expect(response.body).toContain('crm.lists.read');
    expect(response.body).toContain('action="/hubspot/oauth/authorize"');
  });

  it('refuses an unknown client id or a missing redirect URL with an error page', async () => {
    const badClient = await app.inject({
      method: 'GET',
      url: authorizeUrl({
        client_id: 'someone-else',
        redirect_uri: hubspotClient.redirect_uri,
        scope: 'oauth',
      }),
    });
    expect(badClient.statusCode).toBe(400);
    expect(badClient.body).toContain('client ID is invalid');
    const noRedirect = await app.inject({
      method: 'GET',
      url: authorizeUrl({ client_id: hubspotClient.client_id, scope: 'oauth' }),
    });
    expect(noRedirect.statusCode).toBe(400);
  });

  it('Connect redirects with a code and the state; Cancel with error=access_denied', async () => {
    const base = {
      client_id: hubspotClient.client_id,
      redirect_uri: 'http://localhost:8080/oauth?x=1',
      scope: 'oauth',
      state: 'abc',
    };
    const connect = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/authorize',
      ...form({ ...base, decision: 'connect' }),
    });
    expect(connect.statusCode).toBe(302);
    const location = new URL(connect.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/oauth');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('code')).toMatch(/^sbx-hs-code-/);
    expect(location.searchParams.get('state')).toBe('abc');
    const cancel = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/authorize',
      ...form({ ...base, decision: 'cancel' }),
    });
    const denied = new URL(cancel.headers.location as string);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('abc');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('exchanges a code once for tokens, checking client id, secret and redirect_uri', async () => {
    const connect = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/authorize',
      ...form({
        client_id: hubspotClient.client_id,
        redirect_uri: hubspotClient.redirect_uri,
        scope: 'oauth crm.objects.contacts.read',
        decision: 'connect',
      }),
    });
    const code = new URL(connect.headers.location as string).searchParams.get('code')!;
    const token = (extra: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/hubspot/oauth/v1/token',
        ...form({ ...hubspotClient, grant_type: 'authorization_code', code, ...extra }),
      });

    const wrongSecret = await token({ client_secret: 'wrong' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ status: 'BAD_CLIENT_SECRET' });
    expect((await token({ client_id: 'wrong' })).json()).toMatchObject({ status: 'BAD_CLIENT_ID' });
    expect((await token({ grant_type: 'password' })).json()).toMatchObject({
      status: 'BAD_GRANT_TYPE',
    });

    const ok = await token({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      token_type: 'bearer',
      access_token: expect.stringMatching(/^sbx-hs-at-/),
      refresh_token: expect.stringMatching(/^sbx-hs-rt-/),
      expires_in: 1800,
      hub_id: 24681357,
      scopes: ['oauth', 'crm.objects.contacts.read'],
    });
    const reused = await token({});
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      status: 'BAD_AUTH_CODE',
      message: 'missing or unknown auth code',
    });
  });

  it('refuses a code sent with another redirect_uri, and an expired code', async () => {
    const getCode = async () => {
      const connect = await app.inject({
        method: 'POST',
        url: '/hubspot/oauth/authorize',
        ...form({
          client_id: hubspotClient.client_id,
          redirect_uri: hubspotClient.redirect_uri,
          scope: 'oauth',
          decision: 'connect',
        }),
      });
      return new URL(connect.headers.location as string).searchParams.get('code')!;
    };
    const mismatch = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({
        ...hubspotClient,
        redirect_uri: 'http://evil.example/cb',
        grant_type: 'authorization_code',
        code: await getCode(),
      }),
    });
    expect(mismatch.json()).toMatchObject({ status: 'BAD_REDIRECT_URI' });
    const code = await getCode();
    app.clock.advance(11 * 60_000);
    const expired = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({ ...hubspotClient, grant_type: 'authorization_code', code }),
    });
    expect(expired.json()).toMatchObject({ status: 'EXPIRED_AUTH_CODE' });
  });

  it('tells the hub id, user and hub domain of an access token', async () => {
    const tokens = await hubspotTokens(app);
    const info = await app.inject({
      method: 'GET',
      url: `/hubspot/oauth/v1/access-tokens/${tokens.access_token}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      token: tokens.access_token,
      user: 'sandbox.admin@crm-sync-sandbox.com',
      hub_domain: 'crm-sync-sandbox.com',
      hub_id: 24681357,
      user_id: 9100001,
      app_id: 3141592,
      expires_in: 1800,
      token_type: 'access',
      scopes: expect.arrayContaining(['crm.lists.read']),
    });
    const refreshInfo = await app.inject({
      method: 'GET',
      url: `/hubspot/oauth/v1/refresh-tokens/${tokens.refresh_token}`,
    });
    expect(refreshInfo.json()).toMatchObject({
      token_type: 'refresh',
      client_id: hubspotClient.client_id,
      hub_id: 24681357,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/hubspot/oauth/v1/access-tokens/unknown' }))
        .statusCode,
    ).toBe(404);
  });

  it('expires access tokens after 30 minutes; the refresh grant issues a new one', async () => {
    const tokens = await hubspotTokens(app);
    const owners = () =>
      app.inject({
        method: 'GET',
        url: '/hubspot/crm/v3/owners',
        headers: bearer(tokens.access_token),
      });
    expect((await owners()).statusCode).toBe(200);
    app.clock.advance(30 * 60_000 + 5_000);
    const expired = await owners();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      status: 'error',
      category: 'EXPIRED_AUTHENTICATION',
      message: 'The OAuth token used to make this call expired 5 second(s) ago.',
    });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/hubspot/oauth/v1/access-tokens/${tokens.access_token}`,
        })
      ).statusCode,
    ).toBe(404);

    const refreshed = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({
        ...hubspotClient,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBe(tokens.refresh_token);
    const again = await app.inject({
      method: 'GET',
      url: '/hubspot/crm/v3/owners',
      headers: bearer(refreshed.json().access_token),
    });
    expect(again.statusCode).toBe(200);
    const badRefresh = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({ ...hubspotClient, grant_type: 'refresh_token', refresh_token: 'nope' }),
    });
    expect(badRefresh.json()).toMatchObject({ status: 'BAD_REFRESH_TOKEN' });
  });

  it('takes the token lifetime from configuration', async () => {
    const short = await makeSandbox({
      hubspot: {
        clientId: 'sandbox-hubspot-client-id',
        clientSecret: 'sandbox-hubspot-client-secret',
        accessTokenTtlSeconds: 60,
        searchLagMs: 0,
      },
    });
    const tokens = await hubspotTokens(short);
    expect(tokens.expires_in).toBe(60);
    short.clock.advance(61_000);
    expect(
      (
        await short.inject({
          method: 'GET',
          url: '/hubspot/crm/v3/owners',
          headers: bearer(tokens.access_token),
        })
      ).statusCode,
    ).toBe(401);
    await short.close();
  });

  it('answers calls without a valid token 401 INVALID_AUTHENTICATION, and missing scopes 403', async () => {
    const none = await app.inject({ method: 'GET', url: '/hubspot/crm/v3/owners' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/hubspot/crm/v3/objects/contacts/search',
          headers: bearer('made-up'),
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    const narrow = await hubspotTokens(app, 'oauth crm.objects.contacts.read');
    const lists = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/lists/search',
      headers: bearer(narrow.access_token),
      payload: {},
    });
    expect(lists.statusCode).toBe(403);
    expect(lists.json()).toMatchObject({ category: 'MISSING_SCOPES' });
    const create = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts',
      headers: bearer(narrow.access_token),
      payload: { properties: { email: 'x@y.example' } },
    });
    expect(create.statusCode).toBe(403);
    expect(allHubSpotScopes).toContain('crm.lists.read');
  });

  it('deletes a refresh token', async () => {
    const tokens = await hubspotTokens(app);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/hubspot/oauth/v1/refresh-tokens/${tokens.refresh_token}`,
        })
      ).statusCode,
    ).toBe(204);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({
        ...hubspotClient,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }),
    });
    expect(refreshed.statusCode).toBe(400);
  });
});
