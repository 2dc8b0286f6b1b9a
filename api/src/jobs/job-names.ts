/** The queues the api's workers serve, and what each job carries. */
export const PROCESS_EVENT = 'process-event';
export const FORWARD_EVENT = 'forward-event';
export const RETENTION = 'retention';
export const BLOCK_LIST_SYNC = 'block-list-sync';
export const JOB_QUEUES = [PROCESS_EVENT, FORWARD_EVENT, RETENTION, BLOCK_LIST_SYNC] as const;

export interface ProcessEventJob {
  logId: number;
}

export interface ForwardEventJob {
  deliveryId: number;
}

export type RetentionJob = Record<string, never>;

/** Why a block list syncs (for the log). */
export type BlockListSyncReason = 'created' | 'schedule' | 'sync-now' | 'resumed';

export interface BlockListSyncJob {
  blockListId: number;
  reason: BlockListSyncReason;
}
