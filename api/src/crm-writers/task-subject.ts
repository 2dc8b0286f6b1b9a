import type { InternalEvent } from 'shared/events';
import { customTaskSubjectSnippets, type CustomTaskSubjectSnippet } from 'shared/rules';

/** Each spec §5 snippet's value for an event; a value the event lacks is empty. */
export function taskSubjectValues(event: InternalEvent): Record<CustomTaskSubjectSnippet, string> {
  const text = (value: string | number | null | undefined): string =>
    value === null || value === undefined ? '' : String(value);
  return {
    os_sales_engagement_platform: event.platform,
    event_type: event.eventType ?? event.platformEventType,
    to_name: text(event.lead.fullName),
    to_email: text(event.lead.email),
    from_email: text(event.sender.email),
    campaign_name: text(event.campaign.name),
    campaign_id: text(event.campaign.id),
    subject: text(event.message.subject),
    sequence_number: text(event.message.sequenceStep),
    lead_category_id: text(event.category?.newId),
    lead_category_name: text(event.category?.newName),
  };
}

const snippetPattern = new RegExp(`\\{(${customTaskSubjectSnippets.join('|')})\\}`, 'g');

/** Salesforce's Task Subject is at most 255 characters. */
export const TASK_SUBJECT_MAX = 255;

/**
 * The Custom Task Subject with each `{snippet}` replaced by the event's value (spec §5's list); text
 * outside the snippets, and braces that name no snippet, stay as written. Spaces are collapsed and the
 * result is cut to 255 characters; a subject that ends up blank falls back to "{platform} {event}".
 */
export function fillTaskSubject(template: string | null | undefined, event: InternalEvent): string {
  const values = taskSubjectValues(event);
  const filled = (template ?? '')
    .replace(snippetPattern, (_match, name: CustomTaskSubjectSnippet) => values[name])
    .replace(/\s+/g, ' ')
    .trim();
  const subject =
    filled === '' ? `${values.os_sales_engagement_platform} ${values.event_type}` : filled;
  return subject.length > TASK_SUBJECT_MAX
    ? `${subject.slice(0, TASK_SUBJECT_MAX - 3)}...`
    : subject;
}
