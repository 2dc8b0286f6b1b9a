import type { InternalEvent } from 'shared/events';

/**
 * The queue's ordering key of an event: its lead within one CRM profile, so two events of a lead never
 * write to the CRM at once (HubSpot's search lags: two writes at once make two contacts), even when
 * they come through two webhooks of that profile.
 */
export function leadKeyOf(userProfileId: number, event: InternalEvent): string {
  const lead =
    event.lead.email?.trim().toLowerCase() ||
    event.lead.profileUrl?.trim().toLowerCase().replace(/\/+$/, '') ||
    event.dedupeKey;
  return `${userProfileId}:${lead}`;
}
