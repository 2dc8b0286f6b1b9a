import type { FastifyInstance } from 'fastify';
import { apiKeyCheckResult, salesforceConnectStart } from 'shared/contract';
import { sendToWebhookEndpoint, type ResolveHost } from '../src/outbound/index.js';
import { createSession } from '../src/repositories/sessions.js';
import { createUser, updatePermissions } from '../src/repositories/users.js';
import { callApi } from './helpers/api-key-calls.js';
import {
  answerJson,
  hugeAnswer,
  redirectTo,
  startStandIn,
  type StandIn,
} from './helpers/stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The api as deployed against the real services (SANDBOX_URL=off): the only way to a local address is
 * the allow lists' test hook (OUTBOUND_ALLOW_HOSTS and ENDPOINT_ALLOW_HOSTS name one local stand-in,
 * the "provider"), and a second local server (the "internal" one) plays what an attacker aims at.
 * Every outbound path must refuse loopback, private, metadata and odd-form addresses, names resolving
 * to them, and redirects to them, and the internal server must never be reached.
 */

/** A few names and nothing else: the loopback.* names play a DNS answer an attacker controls. */
const resolveHost: ResolveHost = async (hostname) => {
  const known: Record<string, string[]> = {
    'loopback.example': ['127.0.0.1'],
    'loopback.my.salesforce.com': ['127.0.0.1'],
    'acme.my.salesforce.com': ['136.146.1.1'],
  };
  const addresses = known[hostname];
  if (!addresses)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};

describe('production mode (SANDBOX_URL=off): the outbound guard on every path', () => {
  let provider: StandIn;
  let internal: StandIn;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let profileId: number;
  let instanceUrl = '';

  /** The addresses and odd forms each path must refuse, all aimed at the internal server's port where a port is possible. */
  const refusedUrls = (): [string, string, RegExp][] => [
    ['127.0.0.1', `https://127.0.0.1:${internal.port}`, /127\.0\.0\.1 is a loopback address/],
    ['10.0.0.1', 'https://10.0.0.1', /10\.0\.0\.1 is a private address/],
    [
      'the metadata address',
      'https://169.254.169.254',
      /169\.254\.169\.254 is a cloud metadata address/,
    ],
    ['[::1]', `https://[::1]:${internal.port}`, /::1 is a loopback address/],
    ['0x7f000001', `https://0x7f000001:${internal.port}`, /127\.0\.0\.1 is a loopback address/],
    [
      'a name resolving to 127.0.0.1',
      `https://loopback.example:${internal.port}`,
      /the host loopback\.example resolves to a loopback address/,
    ],
  ];

  async function signInNewUser(app: FastifyInstance): Promise<{ cookie: string; userId: number }> {
    const user = await createUser(
      app.db,
      { accountId: 'prod-mode|1', email: 'prod-mode@example.test', nickname: 'prod', picture: '' },
      app.clock.now(),
    );
    await updatePermissions(app.db, user.id, {
      canWebhook: true,
      canUserAccount: true,
      canBlockList: true,
    });
    const { token } = await createSession(app.db, user.id, 60 * 60 * 1000, app.clock.now());
    return { cookie: `crm_sync_session=${token}`, userId: user.id };
  }

  async function insertProfile(
    crm: 'HUBSPOT' | 'SALESFORCE',
    columns: { instance_url?: string | null; salesforce_setting_id?: number | null } = {},
  ): Promise<number> {
    const { id } = await t.app.db
      .insertInto('user_profiles')
      .values({
        user_id: userId,
        crm,
        account_id: `crm-${crm}-${Math.random()}`,
        organization_id: crm === 'HUBSPOT' ? '7000001' : '00D000000000001',
        organization_domain: crm === 'HUBSPOT' ? 'prod.hubspot.example' : 'acme.my.salesforce.com',
        email: 'prod-mode@example.test',
        first_name: 'Prod',
        last_name: 'Mode',
        access_token_enc: t.app.secretBox.seal('access-token'),
        refresh_token_enc: null,
        token_expires_at: null,
        instance_url: columns.instance_url ?? null,
        salesforce_setting_id: columns.salesforce_setting_id ?? null,
        status: 'CONNECTED',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Salesforce settings written as a row (a domain saved before the guard existed, or the allow-listed stand-in). */
  async function insertSalesforceSettings(domain: string): Promise<number> {
    const { id } = await t.app.db
      .insertInto('salesforce_settings')
      .values({
        user_id: userId,
        domain,
        consumer_key: 'key',
        consumer_secret_enc: t.app.secretBox.seal('secret'),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Connect with the settings: the authorize URL's state, then the callback with a code (the token exchange is the outbound call). */
  async function salesforceCallback(settingsId: number): Promise<string> {
    const start = salesforceConnectStart.parse(
      (await callApi(t.app, 'GET', `/api/admin/salesforce/profiles/${settingsId}`, cookie)).body,
    );
    const state = new URL(start.authorizeUrl).searchParams.get('state') ?? '';
    const answer = await t.app.inject({
      method: 'GET',
      url: `/oauth/salesforce?code=abc&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(302);
    return answer.headers.location as string;
  }

  const salesforceProfiles = async (): Promise<number> =>
    Number(
      (
        await t.app.db
          .selectFrom('user_profiles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('crm', '=', 'SALESFORCE')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    provider = await startStandIn();
    internal = await startStandIn();
    internal.route('/', answerJson(200, { secret: 'internal data' }));
    provider.route('/bison/api/users', answerJson(200, { data: { id: 1, name: 'Bison user' } }));
    provider.route(
      '/bison-redirect/api/',
      redirectTo(`http://127.0.0.1:${internal.port}/latest/meta-data`),
    );
    provider.route('/services/oauth2/token', (_hit, response) =>
      answerJson(200, {
        access_token: 'sf-access',
        refresh_token: 'sf-refresh',
        instance_url: instanceUrl,
        id: 'https://login.salesforce.com/id/00D000000000001/005000000000001',
      })(_hit, response),
    );
    provider.route(
      '/services/oauth2/userinfo',
      answerJson(200, {
        user_id: '005000000000001',
        organization_id: '00D000000000001',
        email: 'sf@example.test',
      }),
    );
    provider.route(
      '/instance/',
      redirectTo(`https://loopback.my.salesforce.com:${internal.port}/services/data`),
    );
    provider.route('/hook-redirect', redirectTo(`http://127.0.0.1:${internal.port}/hook`, 307));
    t = await createTestApp(
      {
        SANDBOX_URL: 'off',
        OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${provider.port}`,
        ENDPOINT_ALLOW_HOSTS: `127.0.0.1:${provider.port}`,
        SMARTLEAD_API_URL: `${provider.url}/smartlead`,
        INSTANTLY_API_URL: `${provider.url}/instantly`,
        HEYREACH_API_URL: `${provider.url}/heyreach`,
        HUBSPOT_API_URL: `${provider.url}/hubspot`,
        PROVIDER_TIMEOUT_MS: '5000',
      },
      { resolveHost },
    );
    ({ cookie, userId } = await signInNewUser(t.app));
    profileId = await insertProfile('HUBSPOT');
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
    await internal.close();
  });
  afterEach(() => {
    expect(internal.hits).toEqual([]);
  });

  it('runs with no sandbox and nothing allowed but the named stand-in', () => {
    expect(t.config.providers.sandboxUrl).toBeNull();
    expect(t.config.providers.emailbisonBaseUrlOverride).toBeNull();
    expect(t.config.providers.salesforceDomainOverride).toBeNull();
    expect(t.config.providers.guard.settings).toEqual({
      allowHosts: [`127.0.0.1:${provider.port}`],
      endpointAllowHosts: [`127.0.0.1:${provider.port}`],
      maxAnswerBytes: 1024 * 1024,
    });
  });

  describe('EmailBison base URL', () => {
    it('a public https instance is called (the allow-listed stand-in plays it)', async () => {
      const answer = await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys/check', cookie, {
        platform: 'bison',
        apiKey: 'eb-key',
        baseUrl: `${provider.url}/bison`,
      });
      expect(apiKeyCheckResult.parse(answer.body)).toEqual({
        isValid: true,
        message: 'EmailBison accepted the API key',
      });
    });

    it.each([['check'], ['create']])(
      'key %s: refuses every internal address with a 400 on baseUrl, and stores nothing',
      async (operation) => {
        for (const [, url, reason] of refusedUrls()) {
          const answer =
            operation === 'check'
              ? await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys/check', cookie, {
                  platform: 'bison',
                  apiKey: 'eb-key',
                  baseUrl: url,
                })
              : await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys', cookie, {
                  platform: 'bison',
                  apiKey: 'eb-key',
                  description: 'bison',
                  userProfileId: profileId,
                  baseUrl: url,
                });
          expect({ url, status: answer.status }).toEqual({ url, status: 400 });
          expect(answer.body).toEqual({
            message: expect.stringMatching(reason),
            errors: { baseUrl: expect.stringMatching(/^The base URL cannot be called: /) },
          });
        }
        expect(await t.app.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
      },
    );

    it.each([['check'], ['create']])(
      'key %s: an instance that redirects to 127.0.0.1 is a 502 that echoes nothing of the remote',
      async (operation) => {
        const baseUrl = `${provider.url}/bison-redirect`;
        const answer =
          operation === 'check'
            ? await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys/check', cookie, {
                platform: 'bison',
                apiKey: 'eb-key',
                baseUrl,
              })
            : await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys', cookie, {
                platform: 'bison',
                apiKey: 'eb-key',
                description: 'bison',
                userProfileId: profileId,
                baseUrl,
              });
        expect(answer).toEqual({
          status: 502,
          body: {
            message:
              'EmailBison was not called while checking the API key: a redirect was refused: only https URLs are called',
          },
        });
        expect(await t.app.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
      },
    );

    it('http is refused for a provider', async () => {
      const answer = await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys/check', cookie, {
        platform: 'bison',
        apiKey: 'eb-key',
        baseUrl: 'http://bison.example.com',
      });
      expect(answer).toEqual({
        status: 400,
        body: {
          message: 'The base URL cannot be called: only https URLs are called',
          errors: { baseUrl: 'The base URL cannot be called: only https URLs are called' },
        },
      });
    });
  });

  describe('Salesforce domain and instance_url', () => {
    it('saving settings refuses internal domains and names resolving to them; a real My Domain is kept', async () => {
      for (const domain of [
        '127.0.0.1:9443',
        `127.0.0.1:${internal.port}`,
        '10.0.0.1',
        '169.254.169.254',
        '0x7f000001',
        'loopback.my.salesforce.com',
        'bison.example.com',
      ]) {
        const answer = await callApi(t.app, 'POST', '/api/admin/salesforce/profiles', cookie, {
          domain,
          consumer_key: 'key',
          consumer_secret: 'secret',
        });
        expect({ domain, status: answer.status }).toEqual({ domain, status: 400 });
        expect(answer.body).toMatchObject({
          errors: {
            domain: expect.stringMatching(/^The domain cannot be called: |^Domain must be/),
          },
        });
      }
      expect(
        (
          await callApi(t.app, 'POST', '/api/admin/salesforce/profiles', cookie, {
            domain: '[::1]',
            consumer_key: 'key',
            consumer_secret: 'secret',
          })
        ).status,
      ).toBe(400);
      const kept = await callApi(t.app, 'POST', '/api/admin/salesforce/profiles', cookie, {
        domain: 'acme.my.salesforce.com',
        consumer_key: 'key',
        consumer_secret: 'secret',
      });
      expect(kept.status).toBe(201);
    });

    it('a domain saved before the guard (127.0.0.1:9443) is never called: the sign-in fails', async () => {
      const settingsId = await insertSalesforceSettings(`https://127.0.0.1:${internal.port}`);
      const location = await salesforceCallback(settingsId);
      expect(location).toMatch(/^\/admin\/dashboard\/salesforce\?error=/);
      expect(await salesforceProfiles()).toBe(0);
    });

    it('a token answer whose instance_url is internal, not Salesforce or resolves to 127.0.0.1 is refused, and no profile is stored', async () => {
      const settingsId = await insertSalesforceSettings(provider.url);
      const candidates = [
        ...refusedUrls().map(([, url]) => url),
        'https://evil.example',
        `https://loopback.my.salesforce.com:${internal.port}`,
      ];
      for (const candidate of candidates) {
        instanceUrl = candidate;
        const location = await salesforceCallback(settingsId);
        expect({ candidate, location }).toEqual({
          candidate,
          location: expect.stringMatching(/^\/admin\/dashboard\/salesforce\?error=/),
        });
      }
      expect(await salesforceProfiles()).toBe(0);
      expect(provider.hits.filter((hit) => hit.url === '/services/oauth2/token')).toHaveLength(
        candidates.length,
      );
    });

    it('a stored instance_url that is internal, or that redirects to 127.0.0.1, is refused when used', async () => {
      const internalInstance = await insertProfile('SALESFORCE', {
        instance_url: 'https://10.0.0.1',
      });
      const first = await callApi(
        t.app,
        'GET',
        `/api/admin/salesforce/user-profiles/${internalInstance}/lists`,
        cookie,
      );
      expect(first.status).toBe(502);
      expect(first.body).toEqual({
        message: expect.stringMatching(
          /^Salesforce was not called while .+: 10\.0\.0\.1 is a private address$/,
        ),
      });
      const redirecting = await insertProfile('SALESFORCE', {
        instance_url: `${provider.url}/instance`,
      });
      const second = await callApi(
        t.app,
        'GET',
        `/api/admin/salesforce/user-profiles/${redirecting}/lists`,
        cookie,
      );
      expect(second.status).toBe(502);
      expect(second.body).toEqual({
        message: expect.stringMatching(
          /^Salesforce was not called while .+: a redirect was refused: the host loopback\.my\.salesforce\.com resolves to a loopback address$/,
        ),
      });
    });
  });

  describe('webhook endpoints', () => {
    it('saving refuses every internal address, with a 400 on url', async () => {
      for (const [, url, reason] of refusedUrls()) {
        const answer = await callApi(t.app, 'POST', '/api/admin/user-accounts', cookie, {
          url: `${url}/hook`,
          description: 'mirror',
          userProfileId: profileId,
        });
        expect({ url, status: answer.status }).toEqual({ url, status: 400 });
        expect(answer.body).toEqual({
          message: expect.stringMatching(reason),
          errors: { url: expect.stringMatching(/^The webhook endpoint URL cannot be called: /) },
        });
      }
      const kept = await callApi(t.app, 'POST', '/api/admin/user-accounts', cookie, {
        url: 'https://hooks.example.com/in',
        description: 'mirror',
        userProfileId: profileId,
      });
      expect(kept.status).toBe(200);
    });

    it('sending follows no redirect to 127.0.0.1 (the sender of the receiver issue uses this)', async () => {
      await expect(
        sendToWebhookEndpoint(t.app.config.providers.guard, {
          url: `${provider.url}/hook-redirect`,
          headers: { 'content-type': 'application/json' },
          body: '{"event":"x"}',
          timeoutMs: 2000,
        }),
      ).rejects.toMatchObject({
        kind: 'refused',
        message: 'a redirect was refused: 127.0.0.1 is a loopback address',
      });
      for (const [, url] of refusedUrls()) {
        await expect(
          sendToWebhookEndpoint(t.app.config.providers.guard, {
            url: `${url}/hook`,
            headers: {},
            body: '{}',
            timeoutMs: 2000,
          }),
        ).rejects.toMatchObject({ kind: 'refused' });
      }
    });
  });

  it('a 10 MB provider answer is cut at the 1 MB cap: a 502 that says so, and the rest is never read', async () => {
    const huge = hugeAnswer(10 * 1024 * 1024);
    provider.route('/smartlead/', huge.handler);
    const answer = await callApi(t.app, 'POST', '/api/admin/dashboard/api-keys/check', cookie, {
      platform: 'smartlead',
      apiKey: 'sl-key',
    });
    expect(answer).toEqual({
      status: 502,
      body: {
        message:
          'Smartlead gave an answer too large to read while checking the API key (the answer is larger than 1048576 bytes)',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(huge.finished()).toBe(false);
  });
});
