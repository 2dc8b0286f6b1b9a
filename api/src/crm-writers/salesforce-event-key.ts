import {
  fetchSalesforceObjectFields,
  SALESFORCE_EVENT_KEY_FIELD,
} from '../adapters/salesforce/index.js';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import { nowMs } from '../clock.js';
import type { Deps } from '../deps.js';
import { salesforceFieldName } from '../records/os-properties.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { COUNTED_EVENT_PROPERTY } from './counted-event.js';
import { EVENT_KEY_PROPERTY_TTL_MS } from './hubspot-engagement.js';

export type SalesforceActivityObject = 'Task' | 'EmailMessage';

/** Why `objectName` lacks `fieldName` ("Create Fields" adds it), or null; cached per profile and object for as long as HubSpot's property check. */
async function missingFieldProblem(
  deps: Deps,
  profile: UserProfileRecord,
  call: <T>(fn: (connection: SalesforceConnection) => Promise<T>) => Promise<T>,
  objectName: string,
  fieldName: string,
): Promise<string | null> {
  const cache = deps.state.eventKeyProperties;
  const key = `${profile.id}:salesforce:${objectName}:${fieldName}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > nowMs(deps.clock)) return hit.problem;
  const fields = await call((connection) => fetchSalesforceObjectFields(connection, objectName));
  const problem = fields?.some((field) => field.name === fieldName)
    ? null
    : `${objectName} has no ${fieldName} field (Create Fields adds it)`;
  cache.set(key, { expiresAt: nowMs(deps.clock) + EVENT_KEY_PROPERTY_TTL_MS, problem });
  return problem;
}

/**
 * Why an activity object's writes cannot be guarded against a second run, or null when it has the
 * os_event_id__c external id the writers upsert by. "Create Fields" makes the field (with its
 * permission grant, which the writer cannot choose); without it the activity is created as before.
 */
export const salesforceEventKeyProblem = (
  deps: Deps,
  profile: UserProfileRecord,
  call: <T>(fn: (connection: SalesforceConnection) => Promise<T>) => Promise<T>,
  objectName: SalesforceActivityObject,
): Promise<string | null> =>
  missingFieldProblem(deps, profile, call, objectName, SALESFORCE_EVENT_KEY_FIELD.name);

/**
 * Why a Lead's or Contact's counters cannot be guarded against a second count, or null when it has
 * os_counted_event__c (counted-event.ts); without it they are raised as before.
 */
export const salesforceCountedEventProblem = (
  deps: Deps,
  profile: UserProfileRecord,
  call: <T>(fn: (connection: SalesforceConnection) => Promise<T>) => Promise<T>,
  objectName: string,
): Promise<string | null> =>
  missingFieldProblem(deps, profile, call, objectName, salesforceFieldName(COUNTED_EVENT_PROPERTY));
