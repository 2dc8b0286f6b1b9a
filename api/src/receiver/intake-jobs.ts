import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  type ForwardEventJob,
  type ProcessEventJob,
} from '../jobs/job-names.js';
import type { OutgoingJob } from '../jobs/job-queue.js';
import type { IntakeJobOptions } from './intake.js';

/**
 * The jobs a new event makes once stored: its processing (in its lead's order) and one forwarding per
 * delivery. Idempotency keys of the stored ids, so a send that runs twice adds nothing. The
 * intake store (intake-store.ts) sends these on SQLite, send-event-jobs.ts on PostgreSQL.
 */
export function eventJobs(
  logId: number,
  leadKey: string,
  deliveryIds: readonly number[],
  options: IntakeJobOptions,
): OutgoingJob[] {
  return [
    {
      name: PROCESS_EVENT,
      data: { logId } satisfies ProcessEventJob,
      options: { ...options.process, key: `event:${logId}`, orderingKey: leadKey },
    },
    ...deliveryIds.map((deliveryId) => ({
      name: FORWARD_EVENT,
      data: { deliveryId } satisfies ForwardEventJob,
      options: { ...options.forward, key: `delivery:${deliveryId}:0` },
    })),
  ];
}
