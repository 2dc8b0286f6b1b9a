import type { InternalEvent } from 'shared/events';
import type { Deps } from '../deps.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import type { WriterSettings } from './settings.js';
import { writeToHubSpot } from './write-hubspot.js';
import { writeToSalesforce } from './write-salesforce.js';
import type { WriteEventResult } from './write-steps.js';

export { WRITER_PROPERTIES_TTL_MS } from './hubspot-properties.js';
export { RECORD_MEMO_TTL_MS } from './contact-memos.js';
export type { WriteEventResult, WriteStep } from './write-steps.js';

export interface WriteEventInput {
  /** The webhook's settings (a WebhookRecord from findWebhook fits). */
  webhook: WriterSettings;
  /** The webhook's CRM profile (findUserProfile(db, webhook.userProfileId)): HUBSPOT or SALESFORCE, with its tokens. */
  profile: UserProfileRecord;
  event: InternalEvent;
  /** The event's key in the CRM (crmEventKey): one record per event, however often it runs. */
  eventKey: string;
  /** The events this write carries (HubSpot: a lead's opens or clicks merged, issue 55): counters go up by this many. */
  carries?: number;
}

/**
 * Writes one event into the webhook's CRM (issue "Events become CRM records"): plans it with
 * planHubspotWrites / planSalesforceWrites, then runs the plan step by step through the adapters (each
 * call with a live token: refreshed once on a 401). Throws a ProviderError when a retry may help (429
 * with retryAfterMs, 5xx, time-out) and CrmDisconnected when the profile's sign-in is gone; a CRM
 * refusal (a 400 validation error) becomes a failed step in the CRM's own words; a lookup that finds
 * nothing under "Update Only" (or for an event that only updates) becomes a skipped step with the reason.
 * Writes are idempotent where the CRM allows: HubSpot contacts by batch upsert on email (or a unique
 * property), never created after a search alone; activities by the event's key (HubSpot's unique
 * os_event_id, Salesforce's external id os_event_id__c).
 */
export async function writeEventToCrm(
  deps: Deps,
  { webhook, profile, event, eventKey, carries = 1 }: WriteEventInput,
): Promise<WriteEventResult> {
  const now = deps.clock.now().toISOString();
  return profile.crm === 'HUBSPOT'
    ? writeToHubSpot(deps, profile, webhook, event, eventKey, now, carries)
    : writeToSalesforce(deps, profile, webhook, event, eventKey, now);
}
