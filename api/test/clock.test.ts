import { CONTACT_PROPERTIES_TTL_MS } from '../src/services/contact-properties.js';
import { fakeClock, type FakeClock } from './helpers/fake-clock.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests } from './helpers/sandbox-control.js';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app.js';

/**
 * Time comes from the injected clock (issue 9): session expiry, token refresh and the contact-properties
 * cache are tested by moving a fake clock, not by waiting.
 */
describe('the injected clock', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let clock: FakeClock;

  beforeAll(async () => {
    sandbox = await startSandbox();
    clock = fakeClock();
    t = await createTestApp({ SANDBOX_URL: sandbox.url }, { clock });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('ends a session when its time is up on the clock', async () => {
    const cookie = await signIn(t.app, 'user', 60 * 60 * 1000);
    expect((await t.app.inject(call('GET', '/api/admin/me', cookie))).statusCode).toBe(200);
    clock.advance(59 * 60 * 1000);
    expect((await t.app.inject(call('GET', '/api/admin/me', cookie))).statusCode).toBe(200);
    clock.advance(2 * 60 * 1000);
    expect((await t.app.inject(call('GET', '/api/admin/me', cookie))).statusCode).toBe(401);
  });

  describe('a HubSpot profile', () => {
    let profileId: number;
    let cookie: string;
    const tokenCalls = async () =>
      (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
        request.url.startsWith('/hubspot/oauth/v1/token'),
      ).length;
    const propertyCalls = async () =>
      (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
        request.url.startsWith('/hubspot/crm/v3/properties/contacts'),
      ).length;
    const expiresAt = async () =>
      (
        await t.app.db
          .selectFrom('user_profiles')
          .select('token_expires_at')
          .where('id', '=', profileId)
          .executeTakeFirstOrThrow()
      ).token_expires_at;

    beforeAll(async () => {
      profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
      // the fixture's expiry is on the real clock: put it on the fake one, an hour ahead
      await t.app.db
        .updateTable('user_profiles')
        .set({ token_expires_at: new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString() })
        .where('id', '=', profileId)
        .execute();
      cookie = await signIn(t.app, 'admin', 24 * 60 * 60 * 1000);
    });
    it('keeps a token that is not about to expire, and refreshes it once the clock is within a minute of its expiry', async () => {
      const lists = `/api/admin/dashboard/user-profiles/${profileId}/hubspot-lists`;
      const before = await tokenCalls();
      expect((await t.app.inject(call('GET', lists, cookie))).statusCode).toBe(200);
      expect(await tokenCalls()).toBe(before);

      clock.advance(59 * 60 * 1000 + 1);
      expect((await t.app.inject(call('GET', lists, cookie))).statusCode).toBe(200);
      expect(await tokenCalls()).toBe(before + 1);
      // the new expiry is counted from the clock's time
      const renewed = Date.parse((await expiresAt()) ?? '');
      expect(renewed).toBeGreaterThan(clock.now().getTime());
      expect(renewed - clock.now().getTime()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);

      expect((await t.app.inject(call('GET', lists, cookie))).statusCode).toBe(200);
      expect(await tokenCalls()).toBe(before + 1);
    });

    it('serves contact properties from memory until the cache time has passed on the clock', async () => {
      const properties = `/api/admin/hubspot/contacts/properties/${profileId}`;
      const before = await propertyCalls();
      expect((await t.app.inject(call('GET', properties, cookie))).statusCode).toBe(200);
      expect((await t.app.inject(call('GET', properties, cookie))).statusCode).toBe(200);
      expect(await propertyCalls()).toBe(before + 1);
      clock.advance(CONTACT_PROPERTIES_TTL_MS + 1);
      expect((await t.app.inject(call('GET', properties, cookie))).statusCode).toBe(200);
      expect(await propertyCalls()).toBe(before + 2);
    });
  });
});
