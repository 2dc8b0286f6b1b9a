import type { Logger } from '../src/deps.js';
import { createDeps } from '../src/deps.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { contactProperties } from '../src/services/contact-properties.js';
import { fakeClock } from './helpers/fake-clock.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Services run without Fastify (issue 9): a worker process builds its own dependencies with
 * createDeps, and its per-process state (token refreshes in flight, cached properties) is its own.
 */
describe('services with a worker’s own dependencies', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('shares one token refresh among parallel calls of one process, and keeps its cache apart from the api’s', async () => {
    const worker = createDeps({
      db: t.app.db,
      secretBox: t.app.secretBox,
      config: t.config,
      log: silent,
      clock: fakeClock(),
    });
    const profileId = await connectHubSpot(t.app, sandbox.url, 'manager');
    // expired on the worker's clock: the first call must refresh
    await t.app.db
      .updateTable('user_profiles')
      .set({ token_expires_at: new Date(worker.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', profileId)
      .execute();
    const tokenCalls = async () =>
      (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
        request.url.startsWith('/hubspot/oauth/v1/token'),
      ).length;
    const before = await tokenCalls();

    const profiles = await Promise.all(
      [1, 2, 3].map(async () => (await findUserProfile(t.app.db, profileId))!),
    );
    const answers = await Promise.all(
      profiles.map((profile) => contactProperties(worker, profile)),
    );

    expect(answers.every((properties) => properties.length > 0)).toBe(true);
    expect(await tokenCalls()).toBe(before + 1);
    expect(worker.state.tokenRefreshes.size).toBe(0);
    expect(worker.state.contactProperties.has(profileId)).toBe(true);
    expect(t.app.deps.state.contactProperties.has(profileId)).toBe(false);
  });
});
