import { createHash } from 'node:crypto';

/**
 * The key an event's records carry in the CRM (HubSpot's os_event_id, Salesforce's os_event_id__c):
 * the same for every run of the event, so a second run finds what the first wrote. A platform's event
 * is its webhook and its dedupe key (the platform's own ids, or its body's hash), which is also what
 * makes a platform's retry the same event at the door; a test post is its own event each time it is
 * sent, so its log row's id.
 */
export function crmEventKey(event: {
  webhookId: number;
  logId: number;
  isTest: boolean;
  dedupeKey: string;
}): string {
  return event.isTest
    ? `${event.webhookId}:test:${event.logId}`
    : `${event.webhookId}:${event.dedupeKey}`;
}

/**
 * The event's key as Salesforce's os_event_id__c holds it: an upsert names the record by it in the
 * URL, where a dedupe key's slashes and length do not fit, so its SHA-256 in hex (64 characters,
 * one case: a unique text field compares without case).
 */
export const salesforceEventKey = (eventKey: string): string =>
  createHash('sha256').update(eventKey).digest('hex');
