import type { ProcessStep } from 'shared/contract';
import type { InternalEvent } from 'shared/events';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { StoredEvent } from '../repositories/webhook-logs.js';

/** One thing processing did with an event (a CRM write, a hold by the category filter, …): the attempt's answer lists them (the contract's ProcessStep). */
export interface EventStep extends ProcessStep {
  /**
   * The event is set aside, not processed: 'waiting' for its CRM profile to be connected again, 'held'
   * by the category-based filter. The row keeps that state with `error` as its message, stays
   * unprocessed, and a later job (a reconnection, a release) runs it again.
   */
  parked?: 'waiting' | 'held';
}

/**
 * What processing an event does beyond the receiver: the CRM writers plug in here. A thrown error is
 * a failure worth retrying (a provider's 429 or 5xx, a time-out); a step with ok false is one that
 * retrying cannot fix.
 */
export type EventProcessor = (
  deps: Deps,
  input: { stored: StoredEvent; event: InternalEvent; queue?: JobQueue },
) => Promise<EventStep[]>;

/** Until the CRM writers arrive an event is processed by being received and normalised: nothing more to do. */
export const receiveOnly: EventProcessor = async () => [];
