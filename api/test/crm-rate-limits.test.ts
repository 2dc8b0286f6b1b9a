import { fixtureById, normaliseEvent, payloadAt } from 'shared/events';
import { HUBSPOT_RATE_LIMITS, hubspotSlots } from '../src/providers/hubspot-limits.js';
import { paceOf, waitForRateSlots } from '../src/providers/pacing.js';
import { reserveRateSlot } from '../src/repositories/rate-limit-pacing.js';
import { writeEventToCrm } from '../src/crm-writers/write-event.js';
import { createDeps } from '../src/deps.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { webhookSettings } from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests } from './helpers/sandbox-control.js';
import { ProviderError } from '../src/providers/provider-error.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** HubSpot's per-account limits, paced in the database so every api and worker process shares them. */

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
  const pace = paceOf(HUBSPOT_RATE_LIMITS.requests);

  it('paces an account’s HubSpot requests evenly (planned for 104 of 110 per 10 s), shared by two processes', async () => {
    // two processes: each its own deps and memory, one database
    const one = createDeps({
      db: t.app.db,
      secretBox: t.app.secretBox,
      config: t.app.config,
      log: t.app.log,
      clock: t.app.clock,
    });
    const two = createDeps({
      db: t.app.db,
      secretBox: t.app.secretBox,
      config: t.app.config,
      log: t.app.log,
      clock: t.app.clock,
    });
    expect(pace).toBe(97);
    const turns = [];
    for (let i = 0; i < 4; i++)
      turns.push(
        await reserveRateSlot(
          (i % 2 === 0 ? one : two).db,
          'hubspot:requests:111',
          paceOf(HUBSPOT_RATE_LIMITS.requests),
          start,
          60_000,
        ),
      );
    expect(turns).toEqual([0, 1, 2, 3].map((n) => ({ ok: true, atMs: start + n * pace })));
    expect(
      await reserveRateSlot(
        one.db,
        'hubspot:requests:222',
        paceOf(HUBSPOT_RATE_LIMITS.requests),
        start,
        60_000,
      ),
    ).toEqual({ ok: true, atMs: start });
    // after a quiet spell the next call goes at once
    expect(
      await reserveRateSlot(
        two.db,
        'hubspot:requests:111',
        paceOf(HUBSPOT_RATE_LIMITS.requests),
        start + 60_000,
        60_000,
      ),
    ).toEqual({ ok: true, atMs: start + 60_000 });
  });

  it('never gives two callers at the same moment the same turn, and no 10 s ever holds more than 104', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        reserveRateSlot(
          t.app.db,
          'hubspot:requests:333',
          paceOf(HUBSPOT_RATE_LIMITS.requests),
          start,
          60_000,
        ),
      ),
    );
    const turns = answers
      .map((answer) => (answer.ok ? answer.atMs : Number.NaN))
      .sort((a, b) => a - b);
    expect(new Set(turns).size).toBe(300);
    const busiest = Math.max(
      ...turns.map(
        (turn) => turns.filter((other) => other >= turn && other <= turn + 10_000).length,
      ),
    );
    expect(busiest).toBeLessThanOrEqual(104);
  });

  it('a turn within 2 s is slept for; beyond that a rate-limited ProviderError tells the queue when (retryAfterMs), taking no turn', async () => {
    const slept: number[] = [];
    const deps = { db: t.app.db, clock: { now: () => new Date(start) } };
    const sleep = async (ms: number) => void slept.push(ms);
    const reachable = Math.floor(2000 / pace) + 1;
    for (let i = 0; i < reachable; i++)
      await waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'request'), { sleep });
    expect(slept).toEqual(Array.from({ length: reachable - 1 }, (_, n) => (n + 1) * pace));
    await expect(
      waitForRateSlots(deps, 'HubSpot', hubspotSlots('444', 'request'), { sleep }),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
      retryable: true,
      retryAfterMs: reachable * pace - 2000,
    });
    expect(
      await reserveRateSlot(
        t.app.db,
        'hubspot:requests:444',
        paceOf(HUBSPOT_RATE_LIMITS.requests),
        start + reachable * pace - 2000,
        2000,
      ),
    ).toEqual({ ok: true, atMs: start + reachable * pace });
  });

  it('the HubSpot writer waits its turn: with the account’s window used up, the event is retried later and HubSpot is not called', async () => {
    const profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    const profile = (await findUserProfile(t.app.db, profileId))!;
    // another process has taken the account's turns for the next minute
    await t.app.db
      .insertInto('rate_limit_pacing')
      .values({
        key: `hubspot:requests:${profile.organizationId}`,
        next_at_ms: Date.now() + 60_000,
        last_slot_ms: Date.now(),
      })
      .execute();
    const result = normaliseEvent('smartlead', {
      ...payloadAt(fixtureById('smartlead.email-sent')!, new Date()),
      to_email: 'limited@rate.example',
    });
    if (!result.ok) throw new Error(result.problem.message);
    const before = (await sandboxRequests(sandbox, 'hubspot')).length;
    await expect(
      writeEventToCrm(t.app.deps, {
        webhook: webhookSettings(),
        profile,
        event: result.event,
        eventKey: result.event.dedupeKey,
      }),
    ).rejects.toMatchObject({ kind: 'rate-limited', provider: 'HubSpot' });
    expect((await sandboxRequests(sandbox, 'hubspot')).length).toBe(before);
  });

  it('two writer processes at full speed on one account, HubSpot’s limits on at the sandbox: never over 110 calls in 10 s, never a 429', async () => {
    const profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
    const profile = (await findUserProfile(t.app.db, profileId))!;
    // the sandbox's one HubSpot account: its window starts empty (the test before took a minute of it)
    await t.app.db
      .deleteFrom('rate_limit_pacing')
      .where('key', 'like', `hubspot:%:${profile.organizationId}`)
      .execute();
    const processes = [0, 1].map(() =>
      createDeps({
        db: t.app.db,
        secretBox: t.app.secretBox,
        config: t.app.config,
        log: t.app.log,
        clock: t.app.clock,
      }),
    );
    await sandbox.app.inject({
      method: 'POST',
      url: '/_sandbox/rate-limits',
      payload: { provider: 'hubspot', enabled: true },
    });
    const from = new Date().toISOString();
    try {
      // each process runs 4 writes at once, 7 new leads each: well over 110 calls, though a
      // process's writes waiting together share batch calls (issue 55: 24 leads took 74 calls)
      const lanes = processes.flatMap((deps, process) =>
        [0, 1, 2, 3].map(async (lane) => {
          for (let n = 0; n < 7; n++) {
            const result = normaliseEvent('smartlead', {
              ...payloadAt(fixtureById('smartlead.email-sent')!, new Date()),
              to_email: `paced.${process}.${lane}.${n}@rate.example`,
            });
            if (!result.ok) throw new Error(result.problem.message);
            for (;;) {
              try {
                await writeEventToCrm(deps, {
                  webhook: webhookSettings(),
                  profile: { ...profile },
                  event: result.event,
                  eventKey: result.event.dedupeKey,
                });
                break;
              } catch (error) {
                // the queue's retry: after the wait the writer gave
                if (!(error instanceof ProviderError) || error.kind !== 'rate-limited') throw error;
                await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? 1000));
              }
            }
          }
        }),
      );
      await Promise.all(lanes);
    } finally {
      await sandbox.app.inject({
        method: 'POST',
        url: '/_sandbox/rate-limits',
        payload: { provider: 'hubspot', enabled: false },
      });
    }
    const counted = (await sandboxRequests(sandbox, 'hubspot')).filter(
      (request) =>
        request.at >= from &&
        /^\/hubspot\/crm\//.test(request.url) &&
        !/\/search(\?|$)/.test(request.url),
    );
    expect(counted.filter((request) => request.outcome === 'rate-limited')).toEqual([]);
    const times = counted.map((request) => Date.parse(request.at)).sort((a, b) => a - b);
    // more calls than one window allows: the pace, not the work, set how many went in 10 s
    expect(times.length).toBeGreaterThan(110);
    const busiest = Math.max(
      ...times.map(
        (time) => times.filter((other) => other >= time && other < time + 10_000).length,
      ),
    );
    expect(busiest).toBeLessThanOrEqual(110);
  }, 90_000);
});
