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
