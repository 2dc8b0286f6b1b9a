/** The queues the api's workers serve, and what each job carries. */
export const PROCESS_EVENT = 'process-event';
export const FORWARD_EVENT = 'forward-event';
export const RETENTION = 'retention';
export const JOB_QUEUES = [PROCESS_EVENT, FORWARD_EVENT, RETENTION] as const;

export interface ProcessEventJob {
  logId: number;
}

export interface ForwardEventJob {
  deliveryId: number;
}

export type RetentionJob = Record<string, never>;
