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
  toStep,
} from './common.js';

/** EmailBison's event types → spec §9. */
const eventTypes: Record<string, EventType> = {
  EMAIL_SENT: 'EMAIL_SENT',
  MANUAL_EMAIL_SENT: 'EMAIL_SENT',
  LEAD_FIRST_CONTACTED: 'EMAIL_SENT',
  EMAIL_OPENED: 'EMAIL_OPEN',
  LEAD_REPLIED: 'EMAIL_REPLY',
  UNTRACKED_REPLY_RECEIVED: 'EMAIL_REPLY',
  EMAIL_BOUNCED: 'EMAIL_BOUNCE',
  LEAD_UNSUBSCRIBED: 'LEAD_UNSUBSCRIBED',
  LEAD_INTERESTED: 'LEAD_CATEGORY_UPDATED',
};

const schema = z.looseObject({
  event: z.looseObject({
    type: z.string(),
    name: optionalText,
    instance_url: optionalText,
    workspace_id: optionalId,
    workspace_name: optionalText,
  }),
  data: z.looseObject({
    campaign: z.looseObject({ id: optionalId, name: optionalText }).nullish(),
    campaign_event: z
      .looseObject({ id: optionalId, type: optionalText, created_at: optionalText })
      .nullish(),
    lead: z
      .looseObject({
        id: optionalId,
        email: optionalText,
        first_name: optionalText,
        last_name: optionalText,
        company: optionalText,
        title: optionalText,
      })
      .nullish(),
    reply: z
      .looseObject({
        id: optionalId,
        email_subject: optionalText,
        from_email_address: optionalText,
        html_body: optionalText,
        text_body: optionalText,
        date_received: optionalText,
        automated_reply: z.boolean().nullish(),
      })
      .nullish(),
    scheduled_email: z
      .looseObject({
        id: optionalId,
        sequence_step_id: optionalId,
        email_subject: optionalText,
        email_body: optionalText,
        sent_at: optionalText,
      })
      .nullish(),
    sender_email: z
      .looseObject({ id: optionalId, email: optionalText, name: optionalText })
      .nullish(),
  }),
});

/**
 * An EmailBison webhook body: the `{event, data}` envelope, `event.type` in UPPER_SNAKE (lower_snake
 * accepted too). Deduplicated on the campaign event's id, else the reply's, else the scheduled email's
 * with the event type; a body with none of them on its hash.
 */
export function normaliseBison(payload: unknown): NormaliseResult {
  const parsed = parsePayload('bison', schema, payload, 'EmailBison {event, data} envelope');
  if (!parsed.ok) return parsed.result;
  const { event, data } = parsed.value;
  const name = event.type.toUpperCase();
  const eventType = eventTypes[name];
  if (eventType === undefined)
    return problem('bison', 'unknown-event', `Unknown EmailBison event type "${event.type}"`);
  const lead = data.lead ?? null;
  const reply = data.reply ?? null;
  const scheduled = data.scheduled_email ?? null;
  const email =
    blankToNull(lead?.email) ??
    (name === 'UNTRACKED_REPLY_RECEIVED' ? blankToNull(reply?.from_email_address) : null);
  const usesReply = reply !== null && name !== 'EMAIL_SENT' && name !== 'EMAIL_OPENED';
  const idKey =
    data.campaign_event?.id != null
      ? `event:${data.campaign_event.id}`
      : reply?.id != null
        ? `reply:${reply.id}`
        : scheduled?.id != null
          ? `scheduled:${scheduled.id}`
          : null;
  return buildEvent({
    platform: 'bison',
    eventType,
    platformEventType: name,
    lead: {
      email,
      firstName: blankToNull(lead?.first_name),
      lastName: blankToNull(lead?.last_name),
      companyName: blankToNull(lead?.company),
      companyDomain: companyDomain(null, email),
      title: blankToNull(lead?.title),
    },
    campaign: { id: data.campaign?.id ?? null, name: blankToNull(data.campaign?.name) },
    sender: {
      email: blankToNull(data.sender_email?.email),
      name: blankToNull(data.sender_email?.name),
    },
    message: {
      subject: usesReply ? blankToNull(reply.email_subject) : blankToNull(scheduled?.email_subject),
      text: usesReply ? blankToNull(reply.text_body) : null,
      html: usesReply ? blankToNull(reply.html_body) : blankToNull(scheduled?.email_body),
      sequenceStep: toStep(scheduled?.sequence_step_id),
      automated: reply?.automated_reply === true,
    },
    category:
      eventType === 'LEAD_CATEGORY_UPDATED'
        ? { oldId: null, oldName: null, newId: null, newName: 'Interested' }
        : null,
    occurredAt: isoTime(
      data.campaign_event?.created_at ??
        (usesReply ? reply.date_received : null) ??
        (eventType === 'EMAIL_SENT' ? scheduled?.sent_at : null),
    ),
    platformIds: presentIds({
      workspace_id: event.workspace_id,
      campaign_event_id: data.campaign_event?.id,
      lead_id: lead?.id,
      reply_id: reply?.id,
      scheduled_email_id: scheduled?.id,
      sender_email_id: data.sender_email?.id,
    }),
    dedupeKey: idKey !== null ? `bison:${name}:${idKey}` : bodyHashKey('bison', payload),
  });
}
