import {
  fetchSalesforceObjectFields,
  SALESFORCE_EVENT_KEY_FIELD,
} from '../adapters/salesforce/index.js';
import type { SalesforceConnection } from '../adapters/salesforce/request.js';
import { nowMs } from '../clock.js';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import { EVENT_KEY_PROPERTY_TTL_MS } from './hubspot-engagement.js';

export type SalesforceActivityObject = 'Task' | 'EmailMessage';

/**
 * Why an activity object's writes cannot be guarded against a second run, or null when it has the
 * os_event_id__c external id the writers upsert by. "Create Fields" makes the field (with its
 * permission grant, which the writer cannot choose); without it the activity is created as before.
 * Cached per profile and object for as long as HubSpot's property check.
 */
export async function salesforceEventKeyProblem(
  deps: Deps,
  profile: UserProfileRecord,
  call: <T>(fn: (connection: SalesforceConnection) => Promise<T>) => Promise<T>,
  objectName: SalesforceActivityObject,
): Promise<string | null> {
  const cache = deps.state.eventKeyProperties;
  const key = `${profile.id}:salesforce:${objectName}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt > nowMs(deps.clock)) return hit.problem;
  const fields = await call((connection) => fetchSalesforceObjectFields(connection, objectName));
  const problem = fields?.some((field) => field.name === SALESFORCE_EVENT_KEY_FIELD.name)
    ? null
    : `${objectName} has no ${SALESFORCE_EVENT_KEY_FIELD.name} field (Create Fields adds it)`;
  cache.set(key, { expiresAt: nowMs(deps.clock) + EVENT_KEY_PROPERTY_TTL_MS, problem });
  return problem;
}
