import { z } from 'zod';
import { bodyHashKey } from '../body-hash.js';
import type { EventType, NormaliseResult } from '../internal-event.js';
import {
  addressIn,
  blankToNull,
  buildEvent,
  companyDomain,
  isPlainObject,
  isoTime,
  optionalId,
  optionalNumber,
  optionalText,
  parsePayload,
  presentIds,
  problem,
  splitName,
  toStep,
} from './common.js';

/** Smartlead's webhook event names (flat payloads) → spec §9; null: a Smartlead event no §9 type covers. */
const flatEventTypes: Record<string, EventType | null> = {
  EMAIL_SENT: 'EMAIL_SENT',
  EMAIL_OPEN: 'EMAIL_OPEN',
  EMAIL_REPLY: 'EMAIL_REPLY',
  EMAIL_LINK_CLICK: 'EMAIL_LINK_CLICK',
  EMAIL_BOUNCE: 'EMAIL_BOUNCE',
  LEAD_CATEGORY_UPDATED: 'LEAD_CATEGORY_UPDATED',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  UNTRACKED_REPLIES: 'EMAIL_REPLY',
  MANUAL_STEP_REACHED: null,
  CAMPAIGN_STATUS_CHANGED: null,
};

/** The names of the `{event, lead}` shape of Smartlead's API reference. */
const nestedEventTypes: Record<string, EventType> = {
  EMAIL_SENT: 'EMAIL_SENT',
  EMAIL_OPENED: 'EMAIL_OPEN',
  EMAIL_CLICKED: 'EMAIL_LINK_CLICK',
  EMAIL_REPLIED: 'EMAIL_REPLY',
  EMAIL_BOUNCED: 'EMAIL_BOUNCE',
  EMAIL_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  LEAD_CATEGORY_UPDATED: 'LEAD_CATEGORY_UPDATED',
};

const message = z
  .looseObject({
    message_id: optionalText,
    html: optionalText,
    text: optionalText,
    time: optionalText,
  })
  .nullish();

const flatSchema = z.looseObject({
  event_type: z.string(),
  event_timestamp: optionalText,
  stats_id: optionalId,
  sl_email_lead_id: optionalId,
  sl_email_lead_map_id: optionalId,
  lead_id: optionalId,
  webhook_id: optionalId,
  client_id: optionalId,
  from_email: optionalText,
  to_email: optionalText,
  to_name: optionalText,
  sl_lead_email: optionalText,
  subject: optionalText,
  campaign_id: optionalId,
  campaign_name: optionalText,
  sequence_number: optionalNumber,
  sent_message: message,
  reply_message: message,
  bounce_message: message,
  link_details: z.union([z.string(), z.array(z.string())]).nullish(),
  lead_category: z
    .looseObject({
      old_id: optionalId,
      old_name: optionalText,
      new_id: optionalId,
      new_name: optionalText,
    })
    .nullish(),
  lead_data: z
    .looseObject({
      email: optionalText,
      first_name: optionalText,
      last_name: optionalText,
      linkedin_profile: optionalText,
      company_name: optionalText,
      website: optionalText,
      company_url: optionalText,
    })
    .nullish(),
  // UNTRACKED_REPLIES carries the lead only as "Name <address>"
  sender_detail: optionalText,
});

const nestedSchema = z.looseObject({
  event: z.string(),
  timestamp: optionalText,
  campaign_id: optionalId,
  campaign_name: optionalText,
  lead_id: optionalId,
  email_account_id: optionalId,
  sequence_number: optionalNumber,
  lead: z.looseObject({
    email: optionalText,
    first_name: optionalText,
    last_name: optionalText,
    company_name: optionalText,
    website: optionalText,
  }),
  email: z
    .looseObject({ subject: optionalText, message_id: optionalText, body: optionalText })
    .nullish(),
  reply: z
    .looseObject({
      subject: optionalText,
      body: optionalText,
      text: optionalText,
      html: optionalText,
      message_id: optionalText,
    })
    .nullish(),
});

/**
 * A Smartlead webhook body: the flat JSON its webhooks send (`event_type` in UPPER_SNAKE), or the
 * nested `{event, lead}` shape its API reference shows. Deduplicated on `stats_id` + event type.
 */
export function normaliseSmartlead(payload: unknown): NormaliseResult {
  if (isPlainObject(payload) && typeof payload.event === 'string' && isPlainObject(payload.lead))
    return normaliseNested(payload);
  if (isPlainObject(payload) && !('event_type' in payload))
    return problem(
      'smartlead',
      'unknown-shape',
      'A Smartlead webhook body needs event_type (or the {event, lead} shape)',
    );
  const parsed = parsePayload('smartlead', flatSchema, payload, 'Smartlead webhook event');
  if (!parsed.ok) return parsed.result;
  const body = parsed.value;
  if (!(body.event_type in flatEventTypes))
    return problem(
      'smartlead',
      'unknown-event',
      `Unknown Smartlead event type "${body.event_type}"`,
    );
  const eventType = flatEventTypes[body.event_type] ?? null;
  const leadData = body.lead_data ?? null;
  const email =
    blankToNull(leadData?.email) ??
    blankToNull(body.sl_lead_email) ??
    blankToNull(body.to_email) ??
    addressIn(body.sender_detail ?? null);
  const names =
    leadData?.first_name || leadData?.last_name
      ? { firstName: blankToNull(leadData.first_name), lastName: blankToNull(leadData.last_name) }
      : splitName(blankToNull(body.to_name));
  const inbound = body.reply_message ?? body.bounce_message ?? null;
  const shown =
    eventType === 'EMAIL_REPLY' || eventType === 'EMAIL_BOUNCE'
      ? (inbound ?? body.sent_message)
      : (body.sent_message ?? inbound);
  const category = body.lead_category;
  const links = body.link_details;
  return buildEvent({
    platform: 'smartlead',
    eventType,
    platformEventType: body.event_type,
    lead: {
      email,
      profileUrl: blankToNull(leadData?.linkedin_profile),
      ...names,
      companyName: blankToNull(leadData?.company_name),
      companyDomain: companyDomain(leadData?.website ?? leadData?.company_url ?? null, email),
    },
    campaign: { id: body.campaign_id ?? null, name: blankToNull(body.campaign_name) },
    sender: { email: blankToNull(body.from_email) },
    message: {
      subject: blankToNull(body.subject),
      text: blankToNull(shown?.text),
      html: blankToNull(shown?.html),
      sequenceStep: toStep(body.sequence_number),
      linkUrl: (Array.isArray(links) ? links[0] : links) ?? null,
    },
    category: category
      ? {
          oldId: category.old_id ?? null,
          oldName: blankToNull(category.old_name),
          newId: category.new_id ?? null,
          newName: blankToNull(category.new_name),
        }
      : null,
    occurredAt: isoTime(body.event_timestamp),
    platformIds: presentIds({
      stats_id: body.stats_id,
      sl_email_lead_id: body.sl_email_lead_id,
      sl_email_lead_map_id: body.sl_email_lead_map_id,
      lead_id: body.lead_id,
      webhook_id: body.webhook_id,
      client_id: body.client_id,
      message_id: inbound?.message_id ?? body.sent_message?.message_id,
    }),
    dedupeKey: body.stats_id
      ? `smartlead:${body.stats_id}:${body.event_type}`
      : bodyHashKey('smartlead', payload),
  });
}

function normaliseNested(payload: Record<string, unknown>): NormaliseResult {
  const parsed = parsePayload('smartlead', nestedSchema, payload, 'Smartlead webhook event');
  if (!parsed.ok) return parsed.result;
  const body = parsed.value;
  const eventType = nestedEventTypes[body.event];
  if (eventType === undefined)
    return problem('smartlead', 'unknown-event', `Unknown Smartlead event "${body.event}"`);
  const email = blankToNull(body.lead.email);
  const reply = body.reply ?? null;
  const messageId = reply?.message_id ?? body.email?.message_id ?? null;
  return buildEvent({
    platform: 'smartlead',
    eventType,
    platformEventType: body.event,
    lead: {
      email,
      firstName: blankToNull(body.lead.first_name),
      lastName: blankToNull(body.lead.last_name),
      companyName: blankToNull(body.lead.company_name),
      companyDomain: companyDomain(body.lead.website ?? null, email),
    },
    campaign: { id: body.campaign_id ?? null, name: blankToNull(body.campaign_name) },
    sender: {},
    message: {
      subject: blankToNull(reply?.subject) ?? blankToNull(body.email?.subject),
      text: blankToNull(reply?.text) ?? blankToNull(reply?.body) ?? blankToNull(body.email?.body),
      html: blankToNull(reply?.html),
      sequenceStep: toStep(body.sequence_number),
    },
    category: null,
    occurredAt: isoTime(body.timestamp),
    platformIds: presentIds({
      lead_id: body.lead_id,
      email_account_id: body.email_account_id,
      message_id: messageId,
    }),
    dedupeKey: messageId
      ? `smartlead:${messageId}:${body.event}`
      : bodyHashKey('smartlead', payload),
  });
}
