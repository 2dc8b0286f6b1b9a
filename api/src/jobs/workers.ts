import type { Logger } from '../deps.js';
import type { FeatureJobs } from './feature-jobs.js';
import type { JobQueue } from './job-queue.js';

export interface WorkerOptions {
  /** Real milliseconds between looks at an empty queue (a job sent in this process wakes its workers at once). */
  pollIntervalMs?: number;
  log: Logger;
}

/**
 * Runs the features' jobs in this process: each queue's handler as many at a time as the feature asks,
 * and each feature's repeats (once at the start, then on their timer). The api does this by default
 * (WORKERS=in-process); `npm run worker` processes do only this. The features are listed by the
 * composition root (worker-jobs.ts); this file knows none of them. Stopping the jobs in hand is the
 * queue's: it finishes or gives them back.
 */
export function startWorkers(
  queue: JobQueue,
  features: readonly FeatureJobs[],
  { pollIntervalMs = 500, log }: WorkerOptions,
): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  for (const feature of features) {
    for (const work of feature.queues)
      queue.work(work.name, work.handler, {
        concurrency: work.concurrency,
        pollIntervalMs: work.pollIntervalMs ?? pollIntervalMs,
      });
    for (const repeat of feature.repeats ?? []) {
      const run = () => {
        repeat
          .run()
          .catch((error: unknown) => log.warn({ err: error }, `could not ${repeat.what}`));
      };
      run();
      const timer = setInterval(run, repeat.everyMs);
      timer.unref();
      timers.push(timer);
    }
  }
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}
