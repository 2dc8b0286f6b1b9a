import { z } from 'zod';
import type { EventType, NormaliseResult } from '../internal-event.js';
import {
  blankToNull,
  buildEvent,
  companyDomain,
  isoTime,
  optionalId,
  optionalNumber,
  optionalText,
  parsePayload,
  presentIds,
  toStep,
} from './common.js';

/** Instantly's email events → spec §9; null: an Instantly event no §9 type covers. */
const emailEventTypes: Record<string, EventType | null> = {
  email_sent: 'EMAIL_SENT',
  email_opened: 'EMAIL_OPEN',
  reply_received: 'EMAIL_REPLY',
  auto_reply_received: 'EMAIL_REPLY',
  link_clicked: 'EMAIL_LINK_CLICK',
  email_link_clicked: 'EMAIL_LINK_CLICK',
  email_bounced: 'EMAIL_BOUNCE',
  lead_unsubscribed: 'LEAD_UNSUBSCRIBED',
  campaign_completed: null,
  account_error: null,
};

/** Instantly's lead status events, and the category name each one sets. */
const statusCategories: Record<string, string> = {
  lead_interested: 'Interested',
  lead_not_interested: 'Not Interested',
  lead_neutral: 'Neutral',
  lead_meeting_booked: 'Meeting Booked',
  lead_meeting_completed: 'Meeting Completed',
  lead_closed: 'Closed',
  lead_out_of_office: 'Out of Office',
  lead_wrong_person: 'Wrong Person',
};

const schema = z.looseObject({
  event_type: z.string().trim().min(1),
  timestamp: z.string(),
  workspace: optionalId,
  campaign_id: optionalId,
  campaign_name: optionalText,
  lead_email: optionalText,
  email_account: optionalText,
  step: optionalNumber,
  variant: optionalNumber,
  email_id: optionalId,
  email_subject: optionalText,
  email_text: optionalText,
  email_html: optionalText,
  reply_subject: optionalText,
  reply_text: optionalText,
  reply_html: optionalText,
  reply_text_snippet: optionalText,
  link: optionalText,
  // lead fields Instantly merges in from the lead record
  firstName: optionalText,
  lastName: optionalText,
  companyName: optionalText,
  website: optionalText,
  jobTitle: optionalText,
  linkedIn: optionalText,
});

/**
 * An Instantly API v2 webhook body (`event_type` in lower_snake). Lead status events become
 * LEAD_CATEGORY_UPDATED with the status as the new category, and so does any other event_type: Instantly
 * sends a workspace's custom label as its own text. Instantly sends no event id, so the key is the
 * event type, lead, email and time together.
 */
export function normaliseInstantly(payload: unknown): NormaliseResult {
  const parsed = parsePayload('instantly', schema, payload, 'Instantly webhook event');
  if (!parsed.ok) return parsed.result;
  const body = parsed.value;
  const name = body.event_type;
  const isEmailEvent = name in emailEventTypes;
  const eventType = isEmailEvent ? (emailEventTypes[name] ?? null) : 'LEAD_CATEGORY_UPDATED';
  const isReply = eventType === 'EMAIL_REPLY';
  const email = blankToNull(body.lead_email);
  return buildEvent({
    platform: 'instantly',
    eventType,
    platformEventType: name,
    lead: {
      email,
      profileUrl: blankToNull(body.linkedIn),
      firstName: blankToNull(body.firstName),
      lastName: blankToNull(body.lastName),
      companyName: blankToNull(body.companyName),
      companyDomain: companyDomain(body.website ?? null, email),
      title: blankToNull(body.jobTitle),
    },
    campaign: { id: body.campaign_id ?? null, name: blankToNull(body.campaign_name) },
    sender: { email: blankToNull(body.email_account) },
    message: {
      subject:
        (isReply ? blankToNull(body.reply_subject) : null) ?? blankToNull(body.email_subject),
      text: isReply
        ? (blankToNull(body.reply_text) ?? blankToNull(body.reply_text_snippet))
        : blankToNull(body.email_text),
      html: isReply ? blankToNull(body.reply_html) : blankToNull(body.email_html),
      sequenceStep: toStep(body.step),
      automated: name === 'auto_reply_received',
      linkUrl: blankToNull(body.link),
    },
    category: isEmailEvent
      ? null
      : { oldId: null, oldName: null, newId: null, newName: statusCategories[name] ?? name },
    occurredAt: isoTime(body.timestamp),
    platformIds: presentIds({
      workspace: body.workspace,
      email_id: body.email_id,
      step: body.step,
      variant: body.variant,
    }),
    dedupeKey: `instantly:${name}:${body.campaign_id ?? ''}:${email ?? ''}:${body.email_id ?? ''}:${body.timestamp}`,
  });
}
