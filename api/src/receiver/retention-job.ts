import { expireHeldEvents } from '../crm-writers/category-filter.js';
import type { Deps } from '../deps.js';
import { handlerOf, type FeatureJobs } from '../jobs/feature-jobs.js';
import { RETENTION, type RetentionJob } from '../jobs/job-names.js';
import type { JobHandler, JobQueue } from '../jobs/job-queue.js';
import { deleteFinishedJobs, retentionKeyAt } from '../jobs/retention.js';
import { deleteEventsBefore } from '../repositories/webhook-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The retention job: expires the events the category-based filter held too long, deletes events (log
 * rows) received more than `retentionDays` ago with their deliveries and attempts, and the queue's
 * finished jobs.
 */
export const retentionHandler =
  (deps: Deps): JobHandler<RetentionJob> =>
  async () => {
    const expired = await expireHeldEvents(deps);
    if (expired > 0)
      deps.log.info(
        { expired },
        'retention: expired events the category-based filter held too long',
      );
    const now = deps.clock.now();
    const events = await deleteEventsBefore(
      deps.db,
      new Date(now.getTime() - deps.config.receiver.retentionDays * DAY_MS).toISOString(),
    );
    const jobs = await deleteFinishedJobs(deps.db, now);
    if (events > 0 || jobs > 0)
      deps.log.info({ events, jobs }, 'retention: deleted expired events and finished jobs');
  };

/** The retention job in a worker process, asked for every ten minutes (one runs an hour, whoever asks). */
export const retentionJobs = (deps: Deps, queue: JobQueue): FeatureJobs => ({
  queues: [
    {
      name: RETENTION,
      handler: handlerOf(retentionHandler(deps)),
      concurrency: 1,
      pollIntervalMs: 60_000,
    },
  ],
  repeats: [
    {
      what: 'schedule the retention job',
      everyMs: 10 * 60_000,
      run: async () => {
        const key = retentionKeyAt(deps.clock.now());
        const id = await queue.send<RetentionJob>(RETENTION, {}, { key, retryLimit: 2 });
        if (id !== null) queue.wake(RETENTION);
      },
    },
  ],
});
