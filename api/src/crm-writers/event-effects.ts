import type { InternalEvent } from 'shared/events';
import type { OsPropertyName, OsValue } from '../records/os-properties.js';

/** Whether an event may create the contact (upsert) or only changes one that exists (update). */
export type ContactMode = 'upsert' | 'update';

/** The activity record an event leaves on the contact, besides its properties. */
export type ActivityKind =
  'outgoing-email' | 'incoming-email' | 'bounced-email' | 'linkedin-message' | 'linkedin-reply';

/** What one event does to the CRM, whichever CRM: the table, row by row. */
export interface EventEffect {
  mode: ContactMode;
  /** os_ values to write (only with custom properties on). */
  os: Partial<Record<OsPropertyName, OsValue>>;
  /** os_ counters raised by one (the current value is read first). */
  increments: OsPropertyName[];
  activity: ActivityKind | null;
  /** A reply or an accepted connection: the "Create task" setting makes a task for the owner. */
  taskWorthy: boolean;
  /** The event in words, for task subjects and logs: "Email reply". */
  label: string;
}

const labels: Record<string, string> = {
  EMAIL_SENT: 'Email sent',
  EMAIL_OPEN: 'Email opened',
  EMAIL_LINK_CLICK: 'Email link clicked',
  EMAIL_REPLY: 'Email reply',
  EMAIL_BOUNCE: 'Email bounced',
  LEAD_UNSUBSCRIBED: 'Lead unsubscribed',
  LEAD_CATEGORY_UPDATED: 'Lead category updated',
  CONNECTION_REQUEST_SENT: 'LinkedIn connection request sent',
  CONNECTION_REQUEST_ACCEPTED: 'LinkedIn connection request accepted',
  MESSAGE_SENT: 'LinkedIn message sent',
  REPLY_RECEIVED: 'LinkedIn reply received',
  FOLLOW_SENT: 'LinkedIn follow',
  LIKED_POST: 'LinkedIn post liked',
  VIEWED_PROFILE: 'LinkedIn profile viewed',
};

/** The event's words for logs and subjects ("Email reply"), the platform's own name when no §9 type covers it. */
export const eventLabel = (event: InternalEvent): string =>
  event.eventType ? (labels[event.eventType] ?? event.eventType) : event.platformEventType;

/** HeyReach's InMail events are the premium variants of messages and replies. */
const isInMail = (event: InternalEvent): boolean => event.platformEventType.startsWith('inmail');

/**
 * The table: what an event writes (`now` stands in when the event carries no time). Null for an
 * event no row covers (a campaign completed, an Instantly status without a §9 type): nothing is written.
 */
export function eventEffect(event: InternalEvent, now: string): EventEffect | null {
  const at = event.occurredAt ?? now;
  const effect = (
    mode: ContactMode,
    os: EventEffect['os'],
    extra: Partial<Omit<EventEffect, 'mode' | 'os' | 'label'>> = {},
  ): EventEffect => ({
    mode,
    os: { os_sales_engagement_platform: event.platform, ...os },
    increments: [],
    activity: null,
    taskWorthy: false,
    label: `${eventLabel(event)}${isInMail(event) ? ' (InMail)' : ''}`,
    ...extra,
  });
  const present = (
    entries: Partial<Record<OsPropertyName, OsValue | null>>,
  ): Partial<Record<OsPropertyName, OsValue>> =>
    Object.fromEntries(
      Object.entries(entries).filter(
        ([, value]) => value !== null && value !== undefined && value !== '',
      ),
    ) as Partial<Record<OsPropertyName, OsValue>>;
  switch (event.eventType) {
    case 'EMAIL_SENT':
      return effect(
        'upsert',
        present({
          os_last_sent_at: at,
          os_last_sequence_step: event.message.sequenceStep,
          os_campaign_name: event.campaign.name,
        }),
        { activity: 'outgoing-email' },
      );
    case 'EMAIL_OPEN':
      return effect('update', { os_last_open_at: at }, { increments: ['os_open_count'] });
    case 'EMAIL_LINK_CLICK':
      return effect('update', { os_last_click_at: at }, { increments: ['os_click_count'] });
    case 'EMAIL_REPLY':
      return effect(
        'upsert',
        present({
          os_last_reply_at: at,
          os_last_reply_message: event.message.text ?? event.message.html,
        }),
        { activity: 'incoming-email', taskWorthy: true },
      );
    case 'EMAIL_BOUNCE':
      return effect('update', { os_bounced: true }, { activity: 'bounced-email' });
    case 'LEAD_UNSUBSCRIBED':
      return effect('update', { os_unsubscribed: true });
    case 'LEAD_CATEGORY_UPDATED':
      if (event.platform === 'heyreach') {
        // a HeyReach tag change: social activity; the tags are the lead's categories
        return effect(
          'update',
          present({
            os_last_social_activity: `Tags: ${event.lead.tags.join(', ')}`,
            os_last_social_activity_at: at,
            os_lead_category_name: event.category?.newName ?? null,
          }),
        );
      }
      return effect(
        'update',
        present({
          os_lead_category_id: event.category?.newId ?? null,
          os_lead_category_name: event.category?.newName ?? null,
        }),
      );
    case 'CONNECTION_REQUEST_SENT':
      return effect('upsert', {
        os_last_connection_status: 'Request sent',
        os_last_connection_at: at,
      });
    case 'CONNECTION_REQUEST_ACCEPTED':
      return effect(
        'upsert',
        { os_last_connection_status: 'Accepted', os_last_connection_at: at },
        { taskWorthy: true },
      );
    case 'MESSAGE_SENT':
      return effect('upsert', {}, { activity: 'linkedin-message' });
    case 'REPLY_RECEIVED':
      return effect('upsert', present({ os_last_social_reply: event.message.text }), {
        activity: 'linkedin-reply',
        taskWorthy: true,
      });
    case 'FOLLOW_SENT':
    case 'LIKED_POST':
    case 'VIEWED_PROFILE':
      return effect('update', {
        os_last_social_activity: eventLabel(event),
        os_last_social_activity_at: at,
      });
    case null:
      return null;
  }
}
