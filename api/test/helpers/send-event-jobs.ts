import { SEND_EVENT_JOBS, type SendEventJobsJob } from '../../src/jobs/job-names.js';
import { intakeJobOptions } from '../../src/receiver/job-options.js';
import { sendEventJobs } from '../../src/receiver/send-event-jobs.js';
import type { TestApp } from './test-app.js';

/**
 * Runs the due jobs that send stored events' processing and forwarding jobs, as a worker would: on
 * PostgreSQL the intake store sends one such job for a commit's events (intake-store.ts), on SQLite
 * the events' own jobs are sent with them and there is none. Answers how many ran.
 */
export async function runSendEventJobs(t: TestApp): Promise<number> {
  const options = intakeJobOptions(t.app.config);
  let ran = 0;
  while (
    await t.app.queue.runNext<SendEventJobsJob>(SEND_EVENT_JOBS, (job) =>
      sendEventJobs(t.app.queue, job, options),
    )
  )
    ran += 1;
  return ran;
}
