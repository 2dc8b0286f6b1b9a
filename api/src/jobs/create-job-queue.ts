import type { Clock } from '../clock.js';
import { errorText, isPermanent, isRateLimited, retryAfterMsOf } from './job-errors.js';
import type { ClaimedJob, JobHandler, JobInfo, JobQueue, QueueEngine, SendOptions, WorkOptions } from './job-queue.js';
import { nextAttemptAt } from './retry-schedule.js';

export interface JobQueueDeps {
  engine: QueueEngine;
  clock: Clock;
  /** For the backoff's jitter; tests fix it. */
  random?: () => number;
  /** Told of a worker loop's failure to claim or record (the database away); the loop carries on. */
  onError?: (error: unknown) => void;
}

interface InHand {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
  released: boolean;
}

/**
 * The queue's behaviour on top of an engine, the same for every engine: running a handler, deciding
 * retry or death from its error (backoff with jitter, Retry-After, permanent failures), the workers'
 * polling loops, and a stop that finishes or gives back the jobs in hand.
 */
export function createJobQueue({ engine, clock, random = Math.random, onError = () => undefined }: JobQueueDeps): JobQueue {
  const inHand = new Set<InHand>();
  const loops: Promise<void>[] = [];
  let stopping = false;
  let stopped: Promise<void> | null = null;
  const sleepers = new Map<string, Set<() => void>>();

  /** Waits `ms`, or less when the queue is woken or stopped. */
  function sleep(name: string, ms: number): Promise<void> {
    // a loop whose claim was in flight when the queue stopped missed the wake: it must not sleep now
    if (stopping) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiting = sleepers.get(name) ?? new Set<() => void>();
      sleepers.set(name, waiting);
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
  }

  /** One idle loop of `name` looks now (one job was sent); without a name, every loop (stopping). */
  function wake(name?: string): void {
    if (name !== undefined) {
      const first = sleepers.get(name)?.values().next();
      if (first !== undefined && first.done !== true) first.value();
      return;
    }
    for (const waiting of sleepers.values()) for (const done of [...waiting]) done();
  }

  async function stopNow(graceMs: number): Promise<void> {
    stopping = true;
    wake();
    const finished = Promise.all([...inHand].map((entry) => entry.done.catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const entry of [...inHand]) {
      entry.released = true;
      entry.controller.abort();
      await engine.release(entry.job);
    }
    await Promise.all(loops);
    await engine.stop();
  }

  async function run<T>(job: ClaimedJob, handler: JobHandler<T>): Promise<void> {
    const controller = new AbortController();
    const entry: InHand = { job, controller, done: Promise.resolve(), released: false };
    entry.done = (async () => {
      let failure: { error: unknown } | null = null;
      try {
        await handler({ ...(job as ClaimedJob<T>), signal: controller.signal });
      } catch (error) {
        failure = { error };
      }
      if (entry.released) return;
      if (failure === null) return engine.complete(job);
      if (isRateLimited(failure.error)) return engine.release(job, new Date(clock.now().getTime() + retryAfterMsOf(failure.error)!));
      const retryAt = nextAttemptAt({
        attempt: job.attempt,
        retryLimit: job.retryLimit,
        backoff: job.backoff,
        retryAfterMs: retryAfterMsOf(failure.error),
        permanent: isPermanent(failure.error),
        now: clock.now(),
        random: random(),
      });
      await engine.fail(job, errorText(failure.error), retryAt);
    })();
    inHand.add(entry);
    try {
      await entry.done;
    } finally {
      inHand.delete(entry);
    }
  }

  async function runNext<T>(name: string, handler: JobHandler<T>): Promise<boolean> {
    if (stopping) return false;
    const job = await engine.claim(name);
    if (job === null) return false;
    await run(job, handler);
    return true;
  }

  async function loop<T>(name: string, handler: JobHandler<T>, pollIntervalMs: number): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        ran = await runNext(name, handler);
      } catch (error) {
        // the database is away for a moment: look again after the interval
        onError(error);
      }
      if (!ran) await sleep(name, pollIntervalMs);
    }
  }

  return {
    send: (name: string, data: unknown, options: SendOptions = {}) => engine.send(name, data, options),
    sendMany: (jobs, transaction) => (jobs.length === 0 ? Promise.resolve() : engine.sendMany(jobs, transaction)),
    work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
      for (let i = 0; i < (options.concurrency ?? 1); i++) loops.push(loop(name, handler, options.pollIntervalMs ?? 1000));
    },
    wake,
    runNext,
    getJob: <T>(name: string, id: string) => engine.getJob(name, id) as Promise<JobInfo<T> | null>,
    stop({ graceMs = 10_000 } = {}) {
      stopped ??= stopNow(graceMs);
      return stopped;
    },
  };
}
