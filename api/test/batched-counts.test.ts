import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  batchedCounts,
  warnOncePerOutage,
  WRITE_EVERY_MS,
} from '../src/providers/batched-counts.js';
import type { PointsLimiter } from '../src/providers/limit-store.js';

/** A shared counter (another process's view of it too) that records the writes it gets. */
function sharedCounter(points: number, seconds: number) {
  const store = new RateLimiterMemory({ points, duration: seconds });
  const writes: [string, number][] = [];
  const shared: PointsLimiter = {
    consume: (key, consumed = 1) => {
      writes.push([String(key), consumed]);
      return store.consume(key, consumed);
    },
  };
  return { store, shared, writes };
}

/** Answers 'taken' or the refusal's count, as the receiver reads it. */
async function take(limiter: PointsLimiter, key: string, points = 1): Promise<string> {
  try {
    await limiter.consume(key, points);
    return 'taken';
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return `refused at ${refused.consumedPoints}`;
    throw refused;
  }
}

const afterWrite = () => sleep(WRITE_EVERY_MS * 2);

describe('a process adds up its points before the shared counter', () => {
  it('decides each consume at once, exactly within the process, and refuses past the limit', async () => {
    const { shared } = sharedCounter(5, 60);
    const limiter = batchedCounts(shared, { name: 'flood', points: 5, seconds: 60 });
    const answers = [];
    for (let post = 0; post < 7; post += 1) answers.push(await take(limiter, 'webhook-1'));
    expect(answers).toEqual([
      'taken',
      'taken',
      'taken',
      'taken',
      'taken',
      'refused at 6',
      'refused at 7',
    ]);
  });

  it('writes a key once per interval with the points of all its consumes', async () => {
    const { shared, writes } = sharedCounter(1000, 60);
    const limiter = batchedCounts(shared, { name: 'quota', points: 1000, seconds: 60 });
    for (let post = 0; post < 20; post += 1) await take(limiter, 'org-1', 3);
    await take(limiter, 'org-2', 1);
    expect(writes).toEqual([]);
    await afterWrite();
    expect(writes.sort()).toEqual([
      ['org-1', 60],
      ['org-2', 1],
    ]);
  });

  it("counts another process's points from the shared counter's answer to the next write", async () => {
    const { store, shared } = sharedCounter(5, 60);
    const limiter = batchedCounts(shared, { name: 'flood', points: 5, seconds: 60 });
    await store.consume('webhook-1', 4);
    expect(await take(limiter, 'webhook-1')).toBe('taken');
    await afterWrite();
    expect(await take(limiter, 'webhook-1')).toBe('refused at 6');
  });

  it('starts counting again when the window is over', async () => {
    const { shared } = sharedCounter(2, 1);
    const limiter = batchedCounts(shared, { name: 'flood', points: 2, seconds: 1 });
    await take(limiter, 'webhook-1');
    await take(limiter, 'webhook-1');
    expect(await take(limiter, 'webhook-1')).toBe('refused at 3');
    await sleep(1_200);
    expect(await take(limiter, 'webhook-1')).toBe('taken');
  });

  it('keeps the points of a failed write for the next one and says so', async () => {
    const failures: unknown[] = [];
    let failing = true;
    const written: number[] = [];
    const shared: PointsLimiter = {
      consume: async (_key, points = 1) => {
        if (failing) throw new Error('the database is away');
        written.push(points);
        return new RateLimiterRes(100 - points, 60_000, points, false);
      },
    };
    const limiter = batchedCounts(
      shared,
      { name: 'quota', points: 100, seconds: 60 },
      { failed: (error) => failures.push(error), written: () => undefined },
    );
    await take(limiter, 'org-1', 2);
    await afterWrite();
    failing = false;
    await take(limiter, 'org-1', 3);
    await afterWrite();
    expect({ failed: failures.length > 0, written }).toEqual({ failed: true, written: [5] });
  });
});

describe('a failed counter write is logged once per outage', () => {
  /** A logger that keeps its warnings, and a shared counter that fails while `down` says so. */
  function outage() {
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    const state = { down: true };
    const shared: PointsLimiter = {
      consume: async (_key, points = 1) => {
        if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return new RateLimiterRes(1000 - points, 60_000, points, false);
      },
    };
    return { warnings, log, state, shared };
  }

  it('warns once for the failed writes of several counters and retries, then again after a write went through', async () => {
    const { warnings, log, state, shared } = outage();
    const writes = warnOncePerOutage(log);
    const flood = batchedCounts(shared, { name: 'flood', points: 1000, seconds: 60 }, writes);
    const quota = batchedCounts(shared, { name: 'quota', points: 1000, seconds: 60 }, writes);
    for (let retry = 0; retry < 3; retry += 1) {
      await take(flood, 'webhook-1');
      await take(quota, 'org-1');
      await afterWrite();
    }
    expect(warnings).toEqual([
      {
        details: { reason: 'connect ECONNREFUSED 127.0.0.1:5432' },
        message:
          "The receiver's counters could not be written to the database: their points are kept and written with the next write",
      },
    ]);
    state.down = false;
    await take(flood, 'webhook-1');
    await afterWrite();
    expect(warnings).toHaveLength(1);
    state.down = true;
    await take(flood, 'webhook-1');
    await afterWrite();
    expect(warnings).toHaveLength(2);
  });
});
