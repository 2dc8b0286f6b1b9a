import { fixtureById, normaliseEvent, payloadAt } from 'shared/events';
import { HUBSPOT_RATE_LIMITS, hubspotSlots, pruneRateWindows, takeRateSlot, waitForRateSlots } from '../src/crm-writers/rate-limits.js';
import { writeEventToCrm } from '../src/crm-writers/write-event.js';
import { createDeps } from '../src/deps.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { webhookSettings } from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** HubSpot's per-account limits, counted in the database so every api and worker process shares them. */

describe('shared rate limits', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const start = Date.UTC(2026, 2, 2, 14, 30, 0);

  it('grants 110 HubSpot requests per 10 s window per account, shared by two processes, then says how long to wait', async () => {
    // two processes: each its own deps and memory, one database
    const one = createDeps({ db: t.app.db, secretBox: t.app.secretBox, config: t.app.config, log: t.app.log, clock: t.app.clock });
    const two = createDeps({ db: t.app.db, secretBox: t.app.secretBox, config: t.app.config, log: t.app.log, clock: t.app.clock });
    const rule = HUBSPOT_RATE_LIMITS.requests;
    for (let i = 0; i < 110; i++) expect(await takeRateSlot((i % 2 === 0 ? one : two).db, 'hubspot:requests:111', rule, start + i)).toEqual({ ok: true });
    expect(await takeRateSlot(two.db, 'hubspot:requests:111', rule, start + 4000)).toEqual({ ok: false, waitMs: 6000 });
    expect(await takeRateSlot(one.db, 'hubspot:requests:222', rule, start + 4000)).toEqual({ ok: true });
    expect(await takeRateSlot(one.db, 'hubspot:requests:111', rule, start + 10_000)).toEqual({ ok: true });
  });

  it('never grants more than the limit to callers at the same moment', async () => {
    const rule = HUBSPOT_RATE_LIMITS.searches;
    const answers = await Promise.all(Array.from({ length: 20 }, () => takeRateSlot(t.app.db, 'hubspot:search:333', rule, start + 100)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
  });

  it('a short wait is slept through; a longer one throws a rate-limited ProviderError for the queue (retryAfterMs)', async () => {
    const slept: number[] = [];
    let now = start + 500;
    const deps = { db: t.app.db, clock: { now: () => new Date(now) } };
    const sleep = async (ms: number) => {
      slept.push(ms);
      now += ms;
    };
    for (let i = 0; i < 5; i++) await waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'search'), { sleep });
    await waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'search'), { sleep });
    expect(slept).toEqual([500]);
    now = start + 20_200;
    for (let i = 0; i < 110; i++) await waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'request'), { sleep });
    await expect(waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'request'), { sleep })).rejects.toMatchObject({ kind: 'rate-limited', retryable: true, retryAfterMs: 9800 });
    expect(await pruneRateWindows(t.app.db, new Date(start + 60_000))).toBeGreaterThan(0);
  });

  it('the HubSpot writer waits its turn: with the account’s window used up, the event is retried later and HubSpot is not called', async () => {
    const profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    const profile = (await findUserProfile(t.app.db, profileId))!;
    const now = Date.now();
    for (const at of [now, now + 10_000]) {
      const window = Math.floor(at / 10_000);
      await t.app.db
        .insertInto('rate_limit_windows')
        .values({ id: `hubspot:requests:${profile.organizationId}@${window}`, count: 110, expires_at: new Date((window + 1) * 10_000).toISOString() })
        .execute();
    }
    const result = normaliseEvent('smartlead', { ...payloadAt(fixtureById('smartlead.email-sent')!, new Date()), to_email: 'limited@rate.example' });
    if (!result.ok) throw new Error(result.problem.message);
    const before = (await sandboxRequests(sandbox, 'hubspot')).length;
    await expect(writeEventToCrm(t.app.deps, { webhook: webhookSettings(), profile, event: result.event })).rejects.toMatchObject({ kind: 'rate-limited', provider: 'HubSpot' });
    expect((await sandboxRequests(sandbox, 'hubspot')).length).toBe(before);
  });
});
