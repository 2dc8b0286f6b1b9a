import { z } from 'zod';
import { bodyHashKey } from '../body-hash.js';
import type { EventType, NormaliseResult } from '../internal-event.js';
import {
  blankToNull,
  buildEvent,
  companyDomain,
  isoTime,
  optionalId,
  optionalText,
  parsePayload,
  presentIds,
  problem,
} from './common.js';

/** HeyReach's event types → spec §9 (the InMail events are the premium variants); null: no §9 type. */
const eventTypes: Record<string, EventType | null> = {
  connection_request_sent: 'CONNECTION_REQUEST_SENT',
  connection_request_accepted: 'CONNECTION_REQUEST_ACCEPTED',
  message_sent: 'MESSAGE_SENT',
  inmail_sent: 'MESSAGE_SENT',
  message_reply_received: 'REPLY_RECEIVED',
  every_message_reply_received: 'REPLY_RECEIVED',
  inmail_reply_received: 'REPLY_RECEIVED',
  follow_sent: 'FOLLOW_SENT',
  liked_post: 'LIKED_POST',
  viewed_profile: 'VIEWED_PROFILE',
  // a tag is HeyReach's lead status: the writers treat it like a category change
  lead_tag_updated: 'LEAD_CATEGORY_UPDATED',
  campaign_completed: null,
};

const person = {
  id: optionalId,
  first_name: optionalText,
  last_name: optionalText,
  full_name: optionalText,
  email_address: optionalText,
  profile_url: optionalText,
};

const schema = z.looseObject({
  event_type: z.string(),
  timestamp: optionalText,
  correlation_id: optionalId,
  conversation_id: optionalId,
  connection_message: optionalText,
  message: optionalText,
  subject: optionalText,
  campaign: z.looseObject({ id: optionalId, name: optionalText }).nullish(),
  sender: z.looseObject(person).nullish(),
  lead: z.looseObject({
    ...person,
    company_name: optionalText,
    company_url: optionalText,
    position: optionalText,
    enriched_email: optionalText,
    tags: z.array(z.string()).nullish(),
  }),
  recent_messages: z
    .array(
      z.looseObject({
        message: optionalText,
        is_reply: z.boolean().nullish(),
        creation_time: optionalText,
      }),
    )
    .nullish(),
});

/**
 * A HeyReach webhook body (`event_type` in lower_snake; UPPER_SNAKE accepted). The lead is its LinkedIn
 * profile; deduplicated on `correlation_id` with the event type (else the body's hash).
 */
export function normaliseHeyreach(payload: unknown): NormaliseResult {
  const parsed = parsePayload('heyreach', schema, payload, 'HeyReach webhook event');
  if (!parsed.ok) return parsed.result;
  const body = parsed.value;
  const name = body.event_type.toLowerCase();
  if (!(name in eventTypes))
    return problem('heyreach', 'unknown-event', `Unknown HeyReach event type "${body.event_type}"`);
  const eventType = eventTypes[name] ?? null;
  const { lead } = body;
  const email = blankToNull(lead.email_address) ?? blankToNull(lead.enriched_email);
  const lastReply = [...(body.recent_messages ?? [])]
    .reverse()
    .find((entry) => entry.is_reply === true);
  const text =
    eventType === 'REPLY_RECEIVED'
      ? blankToNull(lastReply?.message)
      : (blankToNull(body.message) ?? blankToNull(body.connection_message));
  const tags = lead.tags ?? [];
  return buildEvent({
    platform: 'heyreach',
    eventType,
    platformEventType: name,
    lead: {
      email,
      profileUrl: blankToNull(lead.profile_url),
      firstName: blankToNull(lead.first_name),
      lastName: blankToNull(lead.last_name),
      fullName: blankToNull(lead.full_name),
      companyName: blankToNull(lead.company_name),
      companyDomain: companyDomain(lead.company_url ?? null, email),
      title: blankToNull(lead.position),
      tags,
    },
    campaign: { id: body.campaign?.id ?? null, name: blankToNull(body.campaign?.name) },
    sender: {
      email: blankToNull(body.sender?.email_address),
      name: blankToNull(body.sender?.full_name),
      profileUrl: blankToNull(body.sender?.profile_url),
    },
    message: { subject: blankToNull(body.subject), text },
    category:
      name === 'lead_tag_updated'
        ? { oldId: null, oldName: null, newId: null, newName: tags.join(', ') || null }
        : null,
    occurredAt: isoTime(body.timestamp),
    platformIds: presentIds({
      correlation_id: body.correlation_id,
      conversation_id: body.conversation_id,
      lead_id: lead.id,
      campaign_id: body.campaign?.id,
      sender_id: body.sender?.id,
    }),
    dedupeKey: body.correlation_id
      ? `heyreach:${body.correlation_id}:${name}`
      : bodyHashKey('heyreach', payload),
  });
}
