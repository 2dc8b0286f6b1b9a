import { callApi } from './helpers/api-key-calls.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { injectFault } from './helpers/sandbox-control.js';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Issue 4: secrets (API keys, OAuth codes and tokens, consumer secrets) are stored encrypted and never
 * appear in a log line or an error message. Everything here runs through the real routes with the
 * log at trace level, then the log and every error body are searched for each secret.
 */
describe('secrets stay out of logs and error messages', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const logLines: string[] = [];
  const errorBodies: string[] = [];
  const secrets = new Set([
    'sl-valid-key',
    'in-valid-key',
    'eb-valid-key',
    'hr-valid-key',
    'sl-invalid-key-7f3a9c',
    'sandbox-consumer-secret',
  ]);

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
  ) => {
    const answer = await callApi<Record<string, unknown>>(t.app, method, url, cookie, body);
    if (answer.status >= 400) errorBodies.push(JSON.stringify(answer.body));
    return answer;
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp(
      { SANDBOX_URL: sandbox.url, LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('logs no secret through a HubSpot connection, Salesforce settings, API keys and a platform failure', async () => {
    const cookie = await signIn(t.app, 'admin');

    // HubSpot sign-in: authorize URL → the sandbox's consent → /oauth with the code
    const { body: authorize } = await call('GET', '/api/admin/hubspot/authorize-url', cookie);
    const authorizeUrl = new URL(String(authorize.url));
    const consent = await fetch(`${sandbox.url}/hubspot/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorizeUrl.searchParams),
        decision: 'connect',
      }).toString(),
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    secrets.add(code);
    const callback = await t.app.inject({
      method: 'GET',
      url: `/oauth?code=${code}&state=${authorizeUrl.searchParams.get('state')}`,
      headers: { cookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).not.toContain('error');
    const profile = await t.app.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('crm', '=', 'HUBSPOT')
      .executeTakeFirstOrThrow();
    for (const sealed of [profile.access_token_enc, profile.refresh_token_enc])
      secrets.add(t.app.secretBox.open(sealed ?? ''));

    // Salesforce settings: the consumer secret is taken, sealed and never returned
    const settings = await call('POST', '/api/admin/salesforce/profiles', cookie, {
      domain: 'acme.my.salesforce.com',
      consumer_key: 'sandbox-consumer-key',
      consumer_secret: 'sandbox-consumer-secret',
    });
    expect(settings.status).toBeLessThan(300);
    expect(
      JSON.stringify((await call('GET', '/api/admin/salesforce/profiles', cookie)).body),
    ).not.toContain('sandbox-consumer-secret');

    // API keys: create one per platform, check a refused one, validate, read categories
    for (const [platform, apiKey] of [
      ['smartlead', 'sl-valid-key'],
      ['instantly', 'in-valid-key'],
      ['bison', 'eb-valid-key'],
      ['heyreach', 'hr-valid-key'],
    ] as const) {
      const created = await call('POST', '/api/admin/dashboard/api-keys', cookie, {
        apiKey,
        description: `${platform} key`,
        platform,
        baseUrl: platform === 'bison' ? 'https://acme.emailbison.com' : undefined,
        userProfileId: profile.id,
      });
      expect(created.status).toBe(201);
      await call(
        'PUT',
        `/api/admin/dashboard/api-keys/${String(created.body.id)}/validate`,
        cookie,
      );
      await call(
        'GET',
        `/api/admin/dashboard/api-keys/${String(created.body.id)}/lead-categories`,
        cookie,
      );
    }
    const refused = await call('POST', '/api/admin/dashboard/api-keys/check', cookie, {
      apiKey: 'sl-invalid-key-7f3a9c',
      platform: 'smartlead',
    });
    expect(refused.body.isValid).toBe(false);

    // a platform failing: 502 naming it, without the key
    await injectFault(sandbox, 'smartlead', '500', { count: 1 });
    const failed = await call('POST', '/api/admin/dashboard/api-keys/check', cookie, {
      apiKey: 'sl-valid-key',
      platform: 'smartlead',
    });
    expect(failed.status).toBe(502);
    expect(String(failed.body.message)).toMatch(/Smartlead/);

    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      for (const body of errorBodies) expect(body).not.toContain(secret);
    }
  });
});
