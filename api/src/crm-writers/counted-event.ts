import type { HubspotContactOperation } from './hubspot-plan.js';
import type { HubSpotRun } from './hubspot-run.js';
import { counted } from './write-steps.js';

/**
 * The record property that carries the key of the last event that raised its counters (HubSpot's
 * os_counted_event, Salesforce's os_counted_event__c), written in the same update as the counters.
 * A lead's events are written one at a time in order, so when it already holds this event's key an
 * earlier run's update landed (its answer lost to a crash, a lease expiry or a time-out): the
 * counters are left as they are, not raised twice.
 */
export const COUNTED_EVENT_PROPERTY = 'os_counted_event';

/** The property (or field) the record carries the event's key in, and that key. */
export interface CountedEventGuard {
  property: string;
  key: string;
}

/**
 * What the record holds of this event: how many of the events its write carries were counted (a
 * merged write of opens carries several: `<key>#<n>`), 0 when the record holds another event's key.
 * A write run again carries its first run's events and maybe more that came since (merged-activity.ts).
 */
export function countedBefore(
  current: Readonly<Record<string, unknown>>,
  guard: CountedEventGuard | null,
): number {
  if (guard === null) return 0;
  const held = current[guard.property];
  if (held === guard.key) return 1;
  if (typeof held !== 'string' || !held.startsWith(`${guard.key}#`)) return 0;
  const carried = Number(held.slice(guard.key.length + 1));
  return Number.isInteger(carried) && carried > 0 ? carried : 0;
}

/** Whether the record's counters already hold every event this write carries. */
export const alreadyCounted = (
  current: Readonly<Record<string, unknown>>,
  guard: CountedEventGuard | null,
  by = 1,
): boolean => guard !== null && countedBefore(current, guard) >= by;

/**
 * Each counter raised by the `by` events the write carries, less those an earlier run of it counted,
 * with the event's key (and how many it counted) beside them; nothing when all were counted before
 * (or there is nothing to count).
 */
export function raisedCounters(
  increments: readonly string[],
  current: Readonly<Record<string, unknown>>,
  by: number,
  guard: CountedEventGuard | null,
): Record<string, number | string> {
  if (increments.length === 0 || alreadyCounted(current, guard, by)) return {};
  const more = by - countedBefore(current, guard);
  const raised = Object.fromEntries(
    increments.map((name) => [name, counted(current[name] as string | null | undefined) + more]),
  );
  return guard
    ? { ...raised, [guard.property]: by === 1 ? guard.key : `${guard.key}#${by}` }
    : raised;
}

/** What the record step adds to its detail about its counters: counted before, or unguarded and why. */
export function countNote(
  increments: readonly string[],
  current: Readonly<Record<string, unknown>> | null,
  guard: CountedEventGuard | null,
  unguarded: string | null,
  by = 1,
): string {
  if (increments.length === 0) return '';
  if (current !== null && alreadyCounted(current, guard, by))
    return '; its counters already held this event: not counted twice';
  const before = current === null ? 0 : countedBefore(current, guard);
  if (before > 0)
    return `; ${before} of its ${by} events counted by an earlier run: not counted twice`;
  return unguarded ? ` (counters not guarded against a second count: ${unguarded})` : '';
}

/** A HubSpot contact write's guard of its counters, or why it has none (os_counted_event was not made). */
export function hubspotCounterGuard(
  run: HubSpotRun,
  operation: HubspotContactOperation,
): { guard: CountedEventGuard | null; unguarded: string | null } {
  if (operation.increments.length === 0 || operation.countedEvent === undefined)
    return { guard: null, unguarded: null };
  if (run.unavailable.has(COUNTED_EVENT_PROPERTY))
    return {
      guard: null,
      unguarded: `the ${COUNTED_EVENT_PROPERTY} property could not be created`,
    };
  return {
    guard: { property: COUNTED_EVENT_PROPERTY, key: operation.countedEvent },
    unguarded: null,
  };
}

/** The contact's raised counters (and the event's key) as HubSpot takes them: text. */
export const hubspotCounters = (
  operation: HubspotContactOperation,
  current: Readonly<Record<string, unknown>>,
  guard: CountedEventGuard | null,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(
      raisedCounters(operation.increments, current, operation.incrementBy ?? 1, guard),
    ).map(([name, value]) => [name, String(value)]),
  );
