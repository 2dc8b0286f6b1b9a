import type { Deps } from '../deps.js';
import {
  BLOCK_LIST_SYNC,
  type BlockListSyncJob,
  type BlockListSyncReason,
} from '../jobs/job-names.js';
import type { JobHandler, JobQueue, SendOptions } from '../jobs/job-queue.js';
import { listDueBlockListIds } from '../repositories/block-lists.js';
import type { SyncPacing } from './read-crm-list.js';
import { syncBlockList } from './sync-block-list.js';

/** One key per block list: the queue runs its syncs one at a time, whichever worker or process claims them. */
export const blockListOrderingKey = (blockListId: number): string => `block-list:${blockListId}`;

/** A long list takes a while (paced calls): its lease outlasts the run; two retries for a CRM or platform that failed. */
const SYNC_OPTIONS = {
  retryLimit: 2,
  backoff: { baseMs: 60_000, maxMs: 15 * 60_000 },
  visibilityTimeoutMs: 60 * 60_000,
} as const satisfies SendOptions;

/** A turn of a platform's or HubSpot's pace coming within a minute is waited for in the run. */
export const SYNC_PACING: SyncPacing = { maxWaitMs: 60_000 };

/** Queues a sync of the block list (behind one running or waiting); `key` makes a second request of the same moment a no-op. */
export async function requestBlockListSync(
  queue: JobQueue,
  blockListId: number,
  reason: BlockListSyncReason,
  key?: string,
): Promise<void> {
  const id = await queue.send<BlockListSyncJob>(
    BLOCK_LIST_SYNC,
    { blockListId, reason },
    {
      ...SYNC_OPTIONS,
      orderingKey: blockListOrderingKey(blockListId),
      ...(key === undefined ? {} : { key }),
    },
  );
  if (id !== null) queue.wake(BLOCK_LIST_SYNC);
}

/** "Sync now" pressed twice in a second queues one sync. */
export const syncNowKey = (blockListId: number, now: Date): string =>
  `sync-now:${blockListId}:${Math.floor(now.getTime() / 1000)}`;

/**
 * The schedule: every block list due (enabled, its owner may block lists, its key not refused, last
 * attempted an interval ago) gets a sync job, keyed by its interval slot so that every process asking
 * at once queues one.
 */
export async function scheduleDueBlockLists(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  queue: JobQueue,
): Promise<number> {
  const now = deps.clock.now().getTime();
  const { intervalMs } = deps.config.blockListSync;
  const due = await listDueBlockListIds(deps.db, new Date(now - intervalMs).toISOString());
  const slot = Math.floor(now / intervalMs);
  for (const id of due) await requestBlockListSync(queue, id, 'schedule', `schedule:${id}:${slot}`);
  return due.length;
}

/** The queue's handler: one sync run (its outcome is on the block list and in its log). */
export function blockListSyncHandler(
  deps: Deps,
  pacing: SyncPacing = SYNC_PACING,
): JobHandler<BlockListSyncJob> {
  return async (job) => {
    const outcome = await syncBlockList(deps, job.data.blockListId, job.data.reason, pacing);
    if (outcome.kind === 'failed')
      deps.log.warn(
        { blockListId: job.data.blockListId, message: outcome.message },
        'block-list sync failed',
      );
  };
}
