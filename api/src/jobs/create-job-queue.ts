import type { Clock } from '../clock.js';
import { errorText, isPermanent, isRateLimited, retryAfterMsOf } from './job-errors.js';
import type {
  ClaimedJob,
  JobHandler,
  JobInfo,
  JobQueue,
  QueueEngine,
  SendOptions,
  WorkOptions,
} from './job-queue.js';
import { nextAttemptAt } from './retry-schedule.js';

export interface JobQueueDeps {
  engine: QueueEngine;
  clock: Clock;
  /** For the backoff's jitter; tests fix it. */
  random?: () => number;
  /** Told of a worker loop's failure to claim or record (the database away); the loop carries on. */
  onError?: (error: unknown) => void;
}

/** A worker loop waiting for work: `polls` if it looks again on the interval by itself. */
interface Sleeper {
  polls: boolean;
  wake(fanOut: boolean): void;
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
export function createJobQueue({
  engine,
  clock,
  random = Math.random,
  onError = () => undefined,
}: JobQueueDeps): JobQueue {
  const inHand = new Set<InHand>();
  const loops: Promise<void>[] = [];
  let stopping = false;
  let stopped: Promise<void> | null = null;
  const sleepers = new Map<string, Set<Sleeper>>();

  /**
   * Waits until woken, or `ms` when no other idle loop of `name` is polling: one idle loop per queue
   * looks on the interval (for jobs sent by other processes, and retries coming due); the others wait
   * for a send here, for the poller to find work, or for the stop. Answers whether it should bring in
   * more loops when it finds work: it polled, or was brought in that way (the work may be many jobs,
   * sent by other processes); a send here wakes one loop for its one job.
   */
  function sleep(name: string, ms: number): Promise<{ fanOut: boolean }> {
    // a loop whose claim was in flight when the queue stopped missed the wake: it must not sleep now
    if (stopping) return Promise.resolve({ fanOut: false });
    const waiting = sleepers.get(name) ?? new Set<Sleeper>();
    sleepers.set(name, waiting);
    const polls = ![...waiting].some((sleeper) => sleeper.polls);
    return new Promise((resolve) => {
      const end = (fanOut: boolean) => {
        clearTimeout(timer);
        waiting.delete(sleeper);
        resolve({ fanOut });
      };
      const sleeper: Sleeper = { polls, wake: end };
      const timer = polls ? setTimeout(() => end(true), ms) : undefined;
      waiting.add(sleeper);
    });
  }

  /** One idle loop of `name` looks now (one job was sent, or `fanOut`: a loop found work by polling), one that is not polling if there is one; without a name, every loop (stopping). */
  function wake(name?: string, fanOut = false): void {
    if (name !== undefined) {
      // on every webhook post: no copy of the sleepers
      let chosen: Sleeper | undefined;
      for (const sleeper of sleepers.get(name) ?? []) {
        chosen ??= sleeper;
        if (!sleeper.polls) {
          chosen = sleeper;
          break;
        }
      }
      chosen?.wake(fanOut);
      return;
    }
    for (const waiting of sleepers.values())
      for (const sleeper of [...waiting]) sleeper.wake(false);
  }

  async function stopNow(graceMs: number): Promise<void> {
    stopping = true;
    wake();
    const finished = Promise.all([...inHand].map((entry) => entry.done.catch(() => undefined)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      finished,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
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
      if (isRateLimited(failure.error))
        return engine.release(
          job,
          new Date(clock.now().getTime() + retryAfterMsOf(failure.error)!),
        );
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

  /** Claims a job of `name` and runs it; `onClaimed` is told before it runs. False when there was none. */
  async function claimAndRun<T>(
    name: string,
    handler: JobHandler<T>,
    onClaimed: () => void = () => undefined,
  ): Promise<boolean> {
    if (stopping) return false;
    const job = await engine.claim(name);
    if (job === null) return false;
    onClaimed();
    await run(job, handler);
    return true;
  }

  async function loop<T>(
    name: string,
    handler: JobHandler<T>,
    pollIntervalMs: number,
  ): Promise<void> {
    let fanOut = false;
    while (!stopping) {
      let ran = false;
      try {
        // work found by polling may be many jobs: another loop looks too, and so on while they find more
        ran = await claimAndRun(name, handler, fanOut ? () => wake(name, true) : undefined);
      } catch (error) {
        // the database is away for a moment: look again after the interval
        onError(error);
      }
      if (!ran) ({ fanOut } = await sleep(name, pollIntervalMs));
    }
  }

  return {
    send: (name: string, data: unknown, options: SendOptions = {}) =>
      engine.send(name, data, options),
    sendMany: (jobs, transaction) =>
      jobs.length === 0 ? Promise.resolve() : engine.sendMany(jobs, transaction),
    work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
      for (let i = 0; i < (options.concurrency ?? 1); i++)
        loops.push(loop(name, handler, options.pollIntervalMs ?? 1000));
    },
    wake,
    runNext: (name, handler) => claimAndRun(name, handler),
    getJob: <T>(name: string, id: string) => engine.getJob(name, id) as Promise<JobInfo<T> | null>,
    waitingByGroup: (name) => engine.waitingByGroup(name),
    placesInLine: (name, keys) => engine.placesInLine(name, keys),
    stop({ graceMs = 10_000 } = {}) {
      stopped ??= stopNow(graceMs);
      return stopped;
    },
  };
}
