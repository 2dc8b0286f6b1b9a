/** The queues the api's workers serve, and what each job carries. */
export const PROCESS_EVENT = 'process-event';
export const FORWARD_EVENT = 'forward-event';
export const RETENTION = 'retention';
export const BLOCK_LIST_SYNC = 'block-list-sync';
/** On PostgreSQL, one job per intake commit: it sends the jobs of the commit's new events (see receiver/intake-store.ts). */
export const SEND_EVENT_JOBS = 'send-event-jobs';
export const JOB_QUEUES = [
  PROCESS_EVENT,
  FORWARD_EVENT,
  RETENTION,
  BLOCK_LIST_SYNC,
  SEND_EVENT_JOBS,
] as const;

export interface ProcessEventJob {
  logId: number;
}

export interface ForwardEventJob {
  deliveryId: number;
}

/** A new event stored by one intake commit, with what its jobs need (eventJobs). */
export interface StoredEventJobs {
  logId: number;
  leadKey: string;
  deliveryIds: number[];
  /** Its processing's lane (SendOptions.priority); absent on jobs stored before lanes: 0. */
  priority?: number;
}

/** The new events of one intake commit, in the order they were stored. */
export interface SendEventJobsJob {
  events: StoredEventJobs[];
}

export type RetentionJob = Record<string, never>;

/** Why a block list syncs (for the log). */
export type BlockListSyncReason = 'created' | 'schedule' | 'sync-now' | 'resumed';

export interface BlockListSyncJob {
  blockListId: number;
  reason: BlockListSyncReason;
}
