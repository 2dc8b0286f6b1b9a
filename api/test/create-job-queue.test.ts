import { systemClock } from '../src/clock.js';
import { createJobQueue } from '../src/jobs/create-job-queue.js';
import type { QueueEngine } from '../src/jobs/job-queue.js';

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
    sendMany: async () => undefined,
    stop: async () => undefined,
  };
  return engine;
}

describe('createJobQueue workers', () => {
  it('report a failed claim and keep polling', async () => {
    const engine = flakyEngine();
    const errors: unknown[] = [];
    const queue = createJobQueue({ engine, clock: systemClock, onError: (error) => errors.push(error) });
    queue.work('anything', async () => undefined, { pollIntervalMs: 1 });
    while (engine.claims < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    await queue.stop({ graceMs: 0 });
    expect(errors).toEqual([new Error('connection terminated')]);
    expect(await queue.runNext('anything', async () => undefined)).toBe(false);
  });

  it('stop without sleeping out the poll interval when a claim was in flight as the queue stopped', async () => {
    let answerClaim: (job: null) => void = () => undefined;
    const engine = { ...flakyEngine(), claim: () => new Promise<null>((resolve) => (answerClaim = resolve)) };
    const queue = createJobQueue({ engine, clock: systemClock });
    // the retention job's loop looks once a minute
    queue.work('retention', async () => undefined, { pollIntervalMs: 60_000 });
    let stopped = false;
    const stopping = queue.stop({ graceMs: 0 }).then(() => (stopped = true));
    answerClaim(null);
    for (let turn = 0; turn < 5 && !stopped; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(true);
    await stopping;
  });
});
