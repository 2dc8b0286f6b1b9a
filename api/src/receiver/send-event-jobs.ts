import type { AppConfig } from '../config.js';
import { handlerOf, type FeatureJobs } from '../jobs/feature-jobs.js';
import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  SEND_EVENT_JOBS,
  type SendEventJobsJob,
} from '../jobs/job-names.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import type { IntakeJobOptions } from './intake.js';
import { eventJobs } from './intake-jobs.js';
import { intakeJobOptions } from './job-options.js';

/**
 * Sends the processing and forwarding jobs of the events one PostgreSQL intake commit stored
 * (intake-store.ts), in their order, and wakes this process's workers. The job's ordering key is one
 * for every commit, so these jobs run one at a time, in the order the commits were: a lead's events are
 * queued in the order they were stored. A second run (a retry, or a lease that ran out) adds nothing:
 * each job's key is the id it names.
 */
export async function sendEventJobs(
  queue: JobQueue,
  job: JobContext<SendEventJobsJob>,
  options: IntakeJobOptions,
): Promise<void> {
  const { events } = job.data;
  await queue.sendMany(
    events.flatMap((event) =>
      eventJobs(event.logId, event.leadKey, event.deliveryIds, options, event.priority),
    ),
  );
  // a wake a job, as the receiver wakes a worker for each post it takes: one wake brings in one idle worker
  for (const event of events) {
    queue.wake(PROCESS_EVENT);
    for (let i = 0; i < event.deliveryIds.length; i++) queue.wake(FORWARD_EVENT);
  }
}

/** The receiver's hand-over job in a worker process: one at a time in the whole deployment (one ordering key), so one loop. */
export const sendEventJobsJobs = (
  queue: JobQueue,
  config: Pick<AppConfig, 'forwarding'>,
): FeatureJobs => {
  const options = intakeJobOptions(config);
  return {
    queues: [
      {
        name: SEND_EVENT_JOBS,
        handler: handlerOf<SendEventJobsJob>((job) => sendEventJobs(queue, job, options)),
        concurrency: 1,
      },
    ],
  };
};
