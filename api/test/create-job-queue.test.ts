import { systemClock } from '../src/clock.js';
import { createJobQueue } from '../src/jobs/create-job-queue.js';
import type { ClaimedJob, QueueEngine } from '../src/jobs/job-queue.js';

/** An engine with nothing to give, whose first claim fails like a database that went away. */
function flakyEngine(): QueueEngine & { claims: number } {
  const engine = {
    claims: 0,
    start: async () => undefined,
    send: async () => '1',
    async claim() {
      engine.claims += 1;
      if (engine.claims === 1) throw new Error('connection terminated');
      return null;
    },
    complete: async () => undefined,
    fail: async () => undefined,
    release: async () => undefined,
    getJob: async () => null,
    waitingByGroup: async () => new Map<string, number>(),
    placesInLine: async () => new Map<string, number>(),
    sendMany: async () => undefined,
    stop: async () => undefined,
  };
  return engine;
}

/** An engine holding the jobs put in `waiting` (as another process would send them: no wake here), counting the claims. */
function sharedEngine(): QueueEngine & { claims: number; waiting: ClaimedJob[] } {
  const engine = {
    ...flakyEngine(),
    claims: 0,
    waiting: [] as ClaimedJob[],
    async claim() {
      engine.claims += 1;
      return engine.waiting.shift() ?? null;
    },
  };
  return engine;
}

const job = (id: number): ClaimedJob => ({
  id: String(id),
  name: 'forward',
  data: {},
  attempt: 1,
  retryLimit: 0,
  backoff: { baseMs: 1, maxMs: 1 },
  orderingKey: null,
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('createJobQueue workers', () => {
  it('look at an idle queue with one loop on the interval, not with each of them', async () => {
    const engine = sharedEngine();
    const queue = createJobQueue({ engine, clock: systemClock });
    const pollIntervalMs = 20;
    queue.work('forward', async () => undefined, { concurrency: 8, pollIntervalMs });
    // each loop looks once as it starts
    await until(() => engine.claims >= 8, 'the first looks');
    const since = Date.now();
    await until(() => engine.claims >= 8 + 5, 'five polls');
    const elapsed = Date.now() - since;
    await queue.stop({ graceMs: 0 });
    // eight loops polling would have looked about eight times an interval; timers firing late only make fewer looks
    expect(engine.claims - 8).toBeLessThanOrEqual(Math.floor(elapsed / pollIntervalMs) + 1);
  });

  it('bring in the idle loops when the polling one finds work', async () => {
    const engine = sharedEngine();
    const queue = createJobQueue({ engine, clock: systemClock });
    let running = 0;
    let mostAtOnce = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    queue.work(
      'forward',
      async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await released;
        running -= 1;
      },
      { concurrency: 4, pollIntervalMs: 20 },
    );
    await until(() => engine.claims >= 4, 'the first looks');
    // four jobs sent by another process: nothing wakes this one's loops, the polling one finds them
    engine.waiting.push(job(1), job(2), job(3), job(4));
    await until(() => mostAtOnce === 4, 'the four jobs running at once');
    release();
    await until(() => running === 0, 'the jobs to finish');
    await queue.stop({ graceMs: 0 });
  });

  it('wake a loop for a job sent here while the others wait', async () => {
    const engine = sharedEngine();
    const queue = createJobQueue({ engine, clock: systemClock });
    const ran: string[] = [];
    queue.work('forward', async (claimed) => void ran.push(claimed.id), {
      concurrency: 3,
      pollIntervalMs: 60_000,
    });
    await until(() => engine.claims >= 3, 'the first looks');
    // and gone to sleep (their claims answered)
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const id of [1, 2]) {
      engine.waiting.push(job(id));
      queue.wake('forward');
      await until(() => ran.length === id, `job ${id}`);
    }
    await queue.stop({ graceMs: 0 });
    expect(ran).toEqual(['1', '2']);
  });

  it('report a failed claim and keep polling', async () => {
    const engine = flakyEngine();
    const errors: unknown[] = [];
    const queue = createJobQueue({
      engine,
      clock: systemClock,
      onError: (error) => errors.push(error),
    });
    queue.work('anything', async () => undefined, { pollIntervalMs: 1 });
    while (engine.claims < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    await queue.stop({ graceMs: 0 });
    expect(errors).toEqual([new Error('connection terminated')]);
    expect(await queue.runNext('anything', async () => undefined)).toBe(false);
  });

  it('stop without sleeping out the poll interval when a claim was in flight as the queue stopped', async () => {
    let answerClaim: (job: null) => void = () => undefined;
    const engine = {
      ...flakyEngine(),
      claim: () => new Promise<null>((resolve) => (answerClaim = resolve)),
    };
    const queue = createJobQueue({ engine, clock: systemClock });
    // the retention job's loop looks once a minute
    queue.work('retention', async () => undefined, { pollIntervalMs: 60_000 });
    let stopped = false;
    const stopping = queue.stop({ graceMs: 0 }).then(() => (stopped = true));
    answerClaim(null);
    for (let turn = 0; turn < 5 && !stopped; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(true);
    await stopping;
  });
});
