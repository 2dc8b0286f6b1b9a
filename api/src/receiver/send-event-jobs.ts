import { FORWARD_EVENT, PROCESS_EVENT, type SendEventJobsJob } from '../jobs/job-names.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import type { IntakeJobOptions } from './intake.js';
import { eventJobs } from './intake-jobs.js';

/**
 * Sends the processing and forwarding jobs of the events one PostgreSQL intake statement stored, in
 * their order, and wakes this process's workers. The job's ordering key is one for every intake
 * statement, so these jobs run one at a time, in the order the statements were: a lead's events are
 * queued in the order they were stored, as when the statement sent their jobs itself. A second run (a
 * retry, or a lease that ran out) adds nothing: each job's key is the id it names.
 */
export async function sendEventJobs(
  queue: JobQueue,
  job: JobContext<SendEventJobsJob>,
  options: IntakeJobOptions,
): Promise<void> {
  const { events } = job.data;
  await queue.sendMany(
    events.flatMap((event) => eventJobs(event.logId, event.leadKey, event.deliveryIds, options)),
  );
  // a wake a job, as the receiver wakes a worker for each post it takes: one wake brings in one idle worker
  for (const event of events) {
    queue.wake(PROCESS_EVENT);
    for (let i = 0; i < event.deliveryIds.length; i++) queue.wake(FORWARD_EVENT);
  }
}
