import type { Deps } from '../deps.js';
import { handlerOf, type FeatureJobs } from '../jobs/feature-jobs.js';
import { BLOCK_LIST_SYNC } from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { blockListSyncHandler, scheduleDueBlockLists } from './schedule.js';

/**
 * The block-list sync's jobs in a worker process: the syncs, and a look for lists due one (each list
 * syncs every BLOCK_LIST_SYNC_INTERVAL_MINUTES, so a look a minute, or more often when that is shorter).
 */
export function blockListSyncJobs(deps: Deps, queue: JobQueue, concurrency: number): FeatureJobs {
  return {
    queues: [
      { name: BLOCK_LIST_SYNC, handler: handlerOf(blockListSyncHandler(deps)), concurrency },
    ],
    repeats: [
      {
        what: 'schedule the block-list syncs',
        everyMs: Math.min(60_000, deps.config.blockListSync.intervalMs),
        run: async () => void (await scheduleDueBlockLists(deps, queue)),
      },
    ],
  };
}
