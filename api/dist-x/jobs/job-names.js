/** The queues the api's workers serve, and what each job carries. */
export const PROCESS_EVENT = 'process-event';
export const FORWARD_EVENT = 'forward-event';
export const RETENTION = 'retention';
export const BLOCK_LIST_SYNC = 'block-list-sync';
export const JOB_QUEUES = [PROCESS_EVENT, FORWARD_EVENT, RETENTION, BLOCK_LIST_SYNC];
//# sourceMappingURL=job-names.js.map