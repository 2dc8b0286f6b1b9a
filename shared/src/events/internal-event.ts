import type { Platform } from '../contract/api-keys.js';
import type { allEventTypes } from '../contract/webhooks.js';

/** spec §9: the 14 event types a webhook's filters and the CRM writers speak. */
export type EventType = (typeof allEventTypes)[number];

/** A lead category change (Smartlead categories, Instantly statuses and labels, EmailBison interest, HeyReach tags). */
export interface CategoryChange {
  oldId: string | null;
  oldName: string | null;
  newId: string | null;
  newName: string | null;
}

/**
 * One platform event in the product's own terms, whatever platform sent it. `eventType` is null for
 * platform events that no spec §9 type covers (a campaign completed, an account error): they are kept
 * and logged, and match only an "ANY" filter.
 */
export interface InternalEvent {
  platform: Platform;
  eventType: EventType | null;
  /** The event's name as the platform sent it (Smartlead EMAIL_REPLY, Instantly lead_interested, EmailBison LEAD_REPLIED, …). */
  platformEventType: string;
  lead: {
    email: string | null;
    /** The LinkedIn profile URL (HeyReach; Smartlead's lead data may carry one too). */
    profileUrl: string | null;
    firstName: string | null;
    lastName: string | null;
    fullName: string | null;
    companyName: string | null;
    /** The company website's host, else the lead's email domain. */
    companyDomain: string | null;
    title: string | null;
    tags: string[];
    /**
     * The lead's `os_objectlookup_id` value (a lead custom field on the platform; the Send Test Webhook
     * dialog's advanced setting): what the `alternative_property` lookup matches against a CRM field.
     */
    objectLookupId: string | null;
  };
  campaign: { id: string | null; name: string | null };
  /** The sending mailbox or LinkedIn account. */
  sender: { email: string | null; name: string | null; profileUrl: string | null };
  message: {
    subject: string | null;
    text: string | null;
    html: string | null;
    sequenceStep: number | null;
    /** An auto-reply (out of office and the like), as the platform flags it. */
    automated: boolean;
    linkUrl: string | null;
  };
  category: CategoryChange | null;
  /** When the event happened, as ISO-8601 UTC; null when the payload gives no usable time. */
  occurredAt: string | null;
  /** The platform's own ids (stats_id, scheduled_email id, correlation_id, …), as texts. */
  platformIds: Record<string, string>;
  /** Same key for a platform's retries and duplicates of one event. */
  dedupeKey: string;
}

export type NormaliseProblemKind =
  'not-an-object' | 'unknown-shape' | 'unknown-event' | 'invalid-fields';

/** Why a payload could not be normalised: never thrown, always returned. */
export interface NormaliseProblem {
  kind: NormaliseProblemKind;
  platform: Platform;
  message: string;
  /** Field-level detail (zod issue paths and messages) for invalid-fields. */
  issues: string[];
}

export type NormaliseResult =
  { ok: true; event: InternalEvent } | { ok: false; problem: NormaliseProblem };
