import type { Deps } from '../deps.js';
import { processStoredEvent, type EventProcessor } from '../receiver/process-event.js';
import {
  BLOCK_LIST_SYNC,
  FORWARD_EVENT,
  PROCESS_EVENT,
  RETENTION,
  SEND_EVENT_JOBS,
  type BlockListSyncJob,
  type ForwardEventJob,
  type ProcessEventJob,
  type RetentionJob,
  type SendEventJobsJob,
} from './job-names.js';
import type { JobHandler, JobQueue } from './job-queue.js';
import { deleteExpiredEvents, retentionKeyAt } from './retention.js';
import { forwardEventHandler } from '../receiver/forward-event.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import { sendEventJobs } from '../receiver/send-event-jobs.js';
import { expireHeldEvents } from '../crm-writers/category-filter.js';
import { blockListSyncHandler, scheduleDueBlockLists } from '../block-list-sync/schedule.js';

export interface WorkerOptions {
  processor: EventProcessor;
  concurrency: number;
  /** Real milliseconds between looks at an empty queue (a job sent in this process wakes its workers at once). */
  pollIntervalMs?: number;
  /** How often this process asks for the retention job (one runs an hour, whoever asks). */
  retentionCheckMs?: number;
  /** How often this process looks for block lists due a sync (each list syncs every BLOCK_LIST_SYNC_INTERVAL_MINUTES). */
  blockListCheckMs?: number;
}

/** The job handlers: what each queue's jobs do, by calling services. */
export function jobHandlers(deps: Deps, processor: EventProcessor, queue: JobQueue) {
  const processEvent: JobHandler<ProcessEventJob & { replay?: number }> = (job) =>
    processStoredEvent(deps, processor, {
      logId: job.data.logId,
      attempt: job.attempt,
      lastAttempt: job.attempt > job.retryLimit,
      replay: job.data.replay !== undefined,
      queue,
    });
  const forwardEvent: JobHandler<ForwardEventJob> = (job) => forwardEventHandler(deps, job);
  const retention: JobHandler<RetentionJob> = async () => {
    const expired = await expireHeldEvents(deps);
    if (expired > 0)
      deps.log.info(
        { expired },
        'retention: expired events the category-based filter held too long',
      );
    const deleted = await deleteExpiredEvents(deps);
    if (deleted.events > 0 || deleted.jobs > 0)
      deps.log.info(deleted, 'retention: deleted expired events and finished jobs');
  };
  const blockListSync: JobHandler<BlockListSyncJob> = blockListSyncHandler(deps);
  const jobOptions = intakeJobOptions(deps.config);
  const sendEventJobsOf: JobHandler<SendEventJobsJob> = (job) =>
    sendEventJobs(queue, job, jobOptions);
  return { processEvent, forwardEvent, retention, blockListSync, sendEventJobs: sendEventJobsOf };
}

/**
 * Runs the api's jobs in this process: processing events, forwarding them (and on PostgreSQL sending
 * those jobs for each intake statement), the hourly retention
 * job, and the block-list syncs (with the schedule that asks for them). The api does this by default (WORKERS=in-process); `npm run worker` processes do only this.
 * Stopping is the queue's: it finishes or gives back the jobs in hand.
 */
export function startWorkers(
  queue: JobQueue,
  deps: Deps,
  options: WorkerOptions,
): { stop(): void } {
  const handlers = jobHandlers(deps, options.processor, queue);
  const poll = { pollIntervalMs: options.pollIntervalMs ?? 500 };
  queue.work(PROCESS_EVENT, handlers.processEvent, { ...poll, concurrency: options.concurrency });
  queue.work(FORWARD_EVENT, handlers.forwardEvent, {
    ...poll,
    concurrency: options.concurrency * 2,
  });
  queue.work(RETENTION, handlers.retention, { pollIntervalMs: 60_000, concurrency: 1 });
  queue.work(BLOCK_LIST_SYNC, handlers.blockListSync, {
    ...poll,
    concurrency: options.concurrency,
  });
  // one at a time in the whole deployment (one ordering key): a second loop here would only wait
  queue.work(SEND_EVENT_JOBS, handlers.sendEventJobs, { ...poll, concurrency: 1 });
  const askForRetention = () => {
    queue
      .send<RetentionJob>(RETENTION, {}, { key: retentionKeyAt(deps.clock.now()), retryLimit: 2 })
      .then(
        (id) => id !== null && queue.wake(RETENTION),
        (error: unknown) => deps.log.warn({ err: error }, 'could not schedule the retention job'),
      );
  };
  askForRetention();
  const timer = setInterval(askForRetention, options.retentionCheckMs ?? 10 * 60_000);
  timer.unref();
  const scheduleBlockLists = () => {
    scheduleDueBlockLists(deps, queue).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'could not schedule the block-list syncs'),
    );
  };
  scheduleBlockLists();
  const blockListTimer = setInterval(
    scheduleBlockLists,
    options.blockListCheckMs ?? Math.min(60_000, deps.config.blockListSync.intervalMs),
  );
  blockListTimer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      clearInterval(blockListTimer);
    },
  };
}
