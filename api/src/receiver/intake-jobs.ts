import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  type ForwardEventJob,
  type ProcessEventJob,
} from '../jobs/job-names.js';
import { eventLaneOf } from 'shared/rules';
import type { EventType } from 'shared/events';
import type { OutgoingJob } from '../jobs/job-queue.js';
import type { IntakeJobOptions } from './intake.js';

/** The queue's priority of an event's processing: its lane (shared/rules eventLaneOf), replies first. */
export const processPriorityOf = (eventType: EventType | null): number =>
  eventLaneOf(eventType) === 'first' ? 1 : 0;

/** The idempotency key of a stored event's processing job (its place in line is asked by it). */
export const processJobKey = (logId: number): string => `event:${logId}`;

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
  priority = 0,
): OutgoingJob[] {
  return [
    {
      name: PROCESS_EVENT,
      data: { logId } satisfies ProcessEventJob,
      options: { ...options.process, key: processJobKey(logId), orderingKey: leadKey, priority },
    },
    ...deliveryIds.map((deliveryId) => ({
      name: FORWARD_EVENT,
      data: { deliveryId } satisfies ForwardEventJob,
      options: { ...options.forward, key: `delivery:${deliveryId}:0` },
    })),
  ];
}
