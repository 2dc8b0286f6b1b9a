import type { Platform } from '../contract/api-keys.js';
import { payloadAt, type EventFixture } from './fixtures/index.js';
import { OBJECT_LOOKUP_FIELD } from './normalise/common.js';

/**
 * What the Send Test Webhook dialog lets a person change about the test lead (spec §2): the name, the
 * email (for heyreach the LinkedIn profile URL), and the advanced settings: the os_objectlookup_id value
 * and, for heyreach, the status tags as comma-separated text. A blank field keeps the template's value.
 */
export interface TestRecipient {
  name: string;
  /** The email address; for heyreach the social profile URL. */
  email: string;
  objectLookupId: string;
  /** heyreach only: "Interested, Founder". */
  tags: string;
}

export const emptyTestRecipient: TestRecipient = {
  name: '',
  email: '',
  objectLookupId: '',
  tags: '',
};

/** The variable tokens the advanced settings accept, replaced by the test lead's own values. */
export const testVariableTokens = [
  '{{name}}',
  '{{first_name}}',
  '{{last_name}}',
  '{{email}}',
  '{{profile_url}}',
  '{{event_type}}',
  '{{timestamp}}',
] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const child = (parent: Json, key: string): Json | undefined =>
  isObject(parent[key]) ? parent[key] : undefined;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "Jane Doe" → Jane / Doe; one word → a first name and an empty last name. */
function nameParts(fullName: string): { first: string; last: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** The lead as a template's payload has it: what blank recipient fields fall back to. */
interface Lead {
  name: string;
  email: string;
}

function leadOf(platform: Platform, payload: Json): Lead {
  switch (platform) {
    case 'smartlead':
      return { name: text(payload.to_name), email: text(payload.to_email) };
    case 'instantly':
      return {
        name: [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(' '),
        email: text(payload.lead_email),
      };
    case 'bison': {
      const lead = child(child(payload, 'data') ?? {}, 'lead') ?? {};
      return {
        name: [text(lead.first_name), text(lead.last_name)].filter(Boolean).join(' '),
        email: text(lead.email),
      };
    }
    case 'heyreach': {
      const lead = child(payload, 'lead') ?? {};
      return { name: text(lead.full_name), email: text(lead.profile_url) };
    }
  }
}

/** The platform's own name of the event, for {{event_type}}. */
function eventTypeOf(payload: Json): string {
  return text(payload.event_type) || text(child(payload, 'event')?.type);
}

/** Replaces the variable tokens in `value`; unknown tokens stay as typed. */
export function fillTokens(
  value: string,
  lead: Lead,
  values: { eventType: string; timestamp: string; platform: Platform },
): string {
  const { first, last } = nameParts(lead.name);
  const tokens: Record<string, string> = {
    name: lead.name,
    first_name: first,
    last_name: last,
    email: values.platform === 'heyreach' ? '' : lead.email,
    profile_url: values.platform === 'heyreach' ? lead.email : '',
    event_type: values.eventType,
    timestamp: values.timestamp,
  };
  return value.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (token, name: string) => tokens[name] ?? token);
}

/** Sets os_objectlookup_id in a `[{name, value}]` list (EmailBison's custom_variables, HeyReach's customUserFields). */
function withLookupEntry(list: unknown, value: string): Json[] {
  const entries = Array.isArray(list)
    ? list.filter((entry): entry is Json => isObject(entry) && entry.name !== OBJECT_LOOKUP_FIELD)
    : [];
  return [...entries, { name: OBJECT_LOOKUP_FIELD, value }];
}

function fillSmartlead(payload: Json, lead: Lead, lookupId: string | null): void {
  payload.to_name = lead.name;
  payload.to_email = lead.email;
  if ('sl_lead_email' in payload) payload.sl_lead_email = lead.email;
  const correspondence = child(payload, 'leadCorrespondence');
  if (correspondence) {
    correspondence.targetLeadEmail = lead.email;
    correspondence.replyReceivedFrom = lead.email;
    correspondence.repliedCompanyDomain =
      lead.email.split('@')[1] ?? correspondence.repliedCompanyDomain;
  }
  const data = child(payload, 'lead_data');
  if (data) {
    const { first, last } = nameParts(lead.name);
    Object.assign(data, { email: lead.email, first_name: first, last_name: last });
    if (lookupId !== null)
      data.custom_fields = {
        ...(child(data, 'custom_fields') ?? {}),
        [OBJECT_LOOKUP_FIELD]: lookupId,
      };
  } else if (lookupId !== null) payload[OBJECT_LOOKUP_FIELD] = lookupId;
}

function fillInstantly(payload: Json, lead: Lead, lookupId: string | null): void {
  const { first, last } = nameParts(lead.name);
  Object.assign(payload, { lead_email: lead.email, firstName: first, lastName: last });
  // Instantly merges the lead's custom variables into the body as extra keys
  if (lookupId !== null) payload[OBJECT_LOOKUP_FIELD] = lookupId;
}

function fillBison(payload: Json, lead: Lead, template: Lead, lookupId: string | null): void {
  const data = child(payload, 'data');
  if (!data) return;
  const { first, last } = nameParts(lead.name);
  const bisonLead = child(data, 'lead');
  if (bisonLead) {
    Object.assign(bisonLead, { email: lead.email, first_name: first, last_name: last });
    if (lookupId !== null)
      bisonLead.custom_variables = withLookupEntry(bisonLead.custom_variables, lookupId);
  }
  // the lead's reply comes from the lead; a manual email goes to the lead
  const reply = child(data, 'reply');
  if (reply?.from_email_address === template.email)
    Object.assign(reply, { from_email_address: lead.email, from_name: lead.name });
  if (reply && Array.isArray(reply.to))
    reply.to = reply.to.map((entry: unknown) =>
      isObject(entry) && entry.address === template.email
        ? { ...entry, address: lead.email, name: lead.name }
        : entry,
    );
}

function fillHeyreach(
  payload: Json,
  lead: Lead,
  lookupId: string | null,
  tags: string[] | null,
): void {
  const heyLead = child(payload, 'lead');
  if (!heyLead) return;
  const { first, last } = nameParts(lead.name);
  Object.assign(heyLead, {
    profile_url: lead.email,
    first_name: first,
    last_name: last,
    full_name: lead.name,
  });
  if (tags !== null) heyLead.tags = tags;
  if (lookupId !== null)
    heyLead.customUserFields = withLookupEntry(heyLead.customUserFields, lookupId);
}

/**
 * spec §9 "Test-event templates": the fixture's payload (the receiver's own test cases, one source) with
 * its times refreshed to `now` and the recipient filled in where the platform carries the lead: name and
 * email (heyreach: profile URL), the os_objectlookup_id value and, for heyreach, the status tags. The
 * advanced settings may use the variable tokens ({{email}}, {{first_name}}, …). Where the payload names
 * the webhook it was posted to (Smartlead's webhook_url), `webhookUrl` replaces the sample's. A new object
 * each call.
 */
export function testEventPayload(
  fixture: EventFixture,
  recipient: TestRecipient,
  now: Date,
  webhookUrl?: string,
): Record<string, unknown> {
  const payload = payloadAt(fixture, now);
  const template = leadOf(fixture.platform, payload);
  const lead: Lead = {
    name: recipient.name.trim() || template.name,
    email: recipient.email.trim() || template.email,
  };
  const fill = (value: string) =>
    fillTokens(value, lead, {
      eventType: eventTypeOf(payload),
      timestamp: now.toISOString(),
      platform: fixture.platform,
    });
  const lookupId =
    recipient.objectLookupId.trim() === '' ? null : fill(recipient.objectLookupId.trim());
  const tagList = recipient.tags
    .split(',')
    .map((tag) => fill(tag.trim()))
    .filter((tag) => tag !== '');
  switch (fixture.platform) {
    case 'smartlead':
      fillSmartlead(payload, lead, lookupId);
      break;
    case 'instantly':
      fillInstantly(payload, lead, lookupId);
      break;
    case 'bison':
      fillBison(payload, lead, template, lookupId);
      break;
    case 'heyreach':
      fillHeyreach(payload, lead, lookupId, tagList.length > 0 ? tagList : null);
      break;
  }
  if (webhookUrl !== undefined && 'webhook_url' in payload) payload.webhook_url = webhookUrl;
  return greetingFor(payload, template.name, lead.name) as Record<string, unknown>;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sample messages greet the template's lead ("Hi Jane,"): every text of the payload greets the
 * recipient by first name instead, so a test for Alex does not read "Hi Jane".
 */
function greetingFor(value: unknown, templateName: string, leadName: string): unknown {
  const from = nameParts(templateName).first;
  const to = nameParts(leadName).first;
  if (from === '' || to === '' || from === to) return value;
  const greeting = new RegExp(`\\b(Hi|Hello|Hey|Dear) ${escaped(from)}\\b`, 'g');
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.replace(greeting, `$1 ${to}`);
    if (Array.isArray(node)) return node.map(walk);
    if (isObject(node))
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value);
}

/** The recipient fields a template starts with: its own lead. */
export function templateRecipient(fixture: EventFixture): TestRecipient {
  const lead = leadOf(fixture.platform, fixture.payload as Json);
  return { ...emptyTestRecipient, name: lead.name, email: lead.email };
}
