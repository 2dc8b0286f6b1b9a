import type { EventType } from '../events/internal-event.js';

/**
 * The queue's lane of an event (issue 55): what a salesperson acts on goes first, before the sends,
 * opens, clicks and other activity of the same CRM account.
 */
export type EventLane = 'first' | 'after';

const firstLane: ReadonlySet<EventType> = new Set<EventType>([
  'EMAIL_REPLY',
  // HeyReach's InMail replies are REPLY_RECEIVED too
  'REPLY_RECEIVED',
  'LEAD_CATEGORY_UPDATED',
  'CONNECTION_REQUEST_ACCEPTED',
  'LEAD_UNSUBSCRIBED',
  'EMAIL_BOUNCE',
]);

/** The lane of an event of this type; an event with no type of spec §9 goes after. */
export const eventLaneOf = (eventType: EventType | null): EventLane =>
  eventType !== null && firstLane.has(eventType) ? 'first' : 'after';
