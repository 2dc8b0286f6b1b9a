import { blockListSyncJobs } from './block-list-sync/block-list-sync-job.js';
import { processEventJobs } from './crm-writers/process-event-job.js';
import type { Deps } from './deps.js';
import { forwardEventJobs } from './forwarding/forward-event-job.js';
import type { FeatureJobs } from './jobs/feature-jobs.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { EventProcessor } from './receiver/process-event.js';
import { retentionJobs } from './receiver/retention-job.js';
import { sendEventJobsJobs } from './receiver/send-event-jobs.js';

/**
 * The composition root of the jobs: every feature's jobs, for the api's in-process workers
 * (plugins/job-queue.ts) and `npm run worker` (worker-process.ts) alike. `concurrency` is
 * WORKER_CONCURRENCY: each feature sizes its own queues from it.
 */
export function featureJobs(
  deps: Deps,
  queue: JobQueue,
  { processor, concurrency }: { processor: EventProcessor; concurrency: number },
): FeatureJobs[] {
  return [
    sendEventJobsJobs(queue, deps.config),
    processEventJobs(deps, processor, queue, concurrency),
    forwardEventJobs(deps, concurrency),
    blockListSyncJobs(deps, queue, concurrency),
    retentionJobs(deps, queue),
  ];
}
