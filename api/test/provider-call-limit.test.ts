import { sandboxRequests } from './helpers/sandbox-control.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

describe('per-user limit on the calls that reach the platforms and CRMs', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_CALLS_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const check = (cookie: string) =>
    t.app.inject(
      call('POST', '/api/admin/dashboard/api-keys/check', cookie, {
        platform: 'smartlead',
        apiKey: 'sl-valid-key',
      }),
    );

  it('answers 429 { message } with Retry-After past the limit, without calling the platform; other users and other calls go on', async () => {
    const user = await signIn(t.app, 'user');
    const manager = await signIn(t.app, 'manager');
    for (let i = 0; i < 3; i += 1) expect((await check(user)).statusCode).toBe(200);
    const refused = await check(user);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({
      message: expect.stringMatching(
        /^Too many calls to the CRMs and platforms: at most 3 a minute\. Try again in \d+ seconds?$/,
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The lookups share the user's budget.
    expect(
      (await t.app.inject(call('GET', '/api/admin/dashboard/api-keys/1/lead-categories', user)))
        .statusCode,
    ).toBe(429);
    expect((await sandboxRequests(sandbox, 'smartlead')).length).toBe(3);
    // Another user has a budget of their own; a call that reaches no provider is not limited.
    expect((await check(manager)).statusCode).toBe(200);
    expect(
      (await t.app.inject(call('GET', '/api/admin/dashboard/api-keys', user))).statusCode,
    ).toBe(200);
    // A refused session is a 401, not counted against anyone.
    expect((await check('crm_sync_session=nope')).statusCode).toBe(401);
  });
});
