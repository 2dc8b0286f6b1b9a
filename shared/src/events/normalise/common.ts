import { z } from 'zod';
import type { Platform } from '../../contract/api-keys.js';
import type {
  EventType,
  InternalEvent,
  NormaliseProblem,
  NormaliseResult,
} from '../internal-event.js';

/** An id the platforms send as a number or a string; kept as text. */
export const idText = z.union([z.string(), z.number()]).transform(String);
export const optionalId = idText.nullish();
export const optionalText = z.string().nullish();
/** A number the platforms may send as text ("1"). */
export const optionalNumber = z.union([z.number(), z.string()]).nullish();

export function toStep(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const step = Number(value);
  return Number.isFinite(step) ? step : null;
}

/** Empty texts become null: platforms send "" for "not known". */
export const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

/** "Jane Doe" → Jane / Doe; one word → first name only. */
export function splitName(fullName: string | null): {
  firstName: string | null;
  lastName: string | null;
} {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return {
    firstName: parts[0] ?? null,
    lastName: parts.length > 1 ? parts.slice(1).join(' ') : null,
  };
}

/** The host of a website ("https://www.acme.com/x" → acme.com), else the domain of an email address. */
export function companyDomain(website: string | null, email: string | null): string | null {
  const site = blankToNull(website);
  if (site !== null && !site.includes('@')) {
    const host =
      site
        .replace(/^[a-z]+:\/\//i, '')
        .split(/[/?#:]/)[0]
        ?.toLowerCase()
        .replace(/^www\./, '') ?? '';
    if (host.includes('.') && !/(^|\.)linkedin\.com$/.test(host)) return host;
  }
  const address = blankToNull(email);
  const at = address?.lastIndexOf('@') ?? -1;
  return address !== null && at > 0 ? address.slice(at + 1).toLowerCase() : null;
}

/** "Sam Lee <sam@acme.com>" → sam@acme.com; a bare address stays as it is. */
export function addressIn(detail: string | null): string | null {
  const text = blankToNull(detail);
  if (text === null) return null;
  const angled = /<([^>]+)>/.exec(text);
  return (angled?.[1] ?? text).trim();
}

/** ISO-8601 UTC for a time the payload gives (ISO text or epoch milliseconds); null when unusable. */
export function isoTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Keeps the ids that are present, as texts. */
export function presentIds(
  ids: Record<string, string | number | null | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ids)
      .filter(
        (entry): entry is [string, string | number] =>
          entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
      )
      .map(([key, value]) => [key, String(value)]),
  );
}

type Draft = Omit<InternalEvent, 'lead' | 'campaign' | 'sender' | 'message'> & {
  lead: Partial<InternalEvent['lead']>;
  campaign: Partial<InternalEvent['campaign']>;
  sender: Partial<InternalEvent['sender']>;
  message: Partial<InternalEvent['message']>;
};

/** A complete event from the parts a normaliser knows; every part it leaves out is null (or empty). */
export function buildEvent(draft: Draft): NormaliseResult {
  const lead = {
    email: null,
    profileUrl: null,
    firstName: null,
    lastName: null,
    fullName: null,
    companyName: null,
    companyDomain: null,
    title: null,
    tags: [],
    objectLookupId: null,
    ...draft.lead,
  };
  const event: InternalEvent = {
    ...draft,
    lead: {
      ...lead,
      fullName:
        lead.fullName ?? ([lead.firstName, lead.lastName].filter(Boolean).join(' ') || null),
    },
    campaign: { id: null, name: null, ...draft.campaign },
    sender: { email: null, name: null, profileUrl: null, ...draft.sender },
    message: {
      subject: null,
      text: null,
      html: null,
      sequenceStep: null,
      automated: false,
      linkUrl: null,
      ...draft.message,
    },
  };
  return { ok: true, event };
}

export function problem(
  platform: Platform,
  kind: NormaliseProblem['kind'],
  message: string,
  issues: string[] = [],
): NormaliseResult {
  return { ok: false, problem: { kind, platform, message, issues } };
}

/** The payload's fields that do not fit, as "path: message" lines. */
export function zodIssues(error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`,
  );
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Parses `payload` with `schema`, or answers the problem; the first step of every normaliser. */
export function parsePayload<T>(
  platform: Platform,
  schema: z.ZodType<T>,
  payload: unknown,
  shape: string,
): { ok: true; value: T } | { ok: false; result: NormaliseResult } {
  if (!isPlainObject(payload))
    return {
      ok: false,
      result: problem(
        platform,
        'not-an-object',
        `A ${platform} webhook body must be a JSON object`,
      ),
    };
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    return {
      ok: false,
      result: problem(
        platform,
        'invalid-fields',
        `The body is not a ${shape}`,
        zodIssues(parsed.error),
      ),
    };
  return { ok: true, value: parsed.data };
}

export type { EventType };

/** The custom field that carries a lead's CRM lookup value (spec §2 Send Test Webhook, advanced settings). */
export const OBJECT_LOOKUP_FIELD = 'os_objectlookup_id';

const lookupText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? blankToNull(value.trim())
      : null;

/** `os_objectlookup_id` in a `{key: value}` object or a `[{name, value}]` list (EmailBison's custom_variables). */
function lookupIn(container: unknown): string | null {
  if (Array.isArray(container)) {
    const entry = container.find(
      (item) =>
        isPlainObject(item) &&
        (item.name === OBJECT_LOOKUP_FIELD || item.key === OBJECT_LOOKUP_FIELD),
    );
    return isPlainObject(entry) ? lookupText(entry.value) : null;
  }
  return isPlainObject(container) ? lookupText(container[OBJECT_LOOKUP_FIELD]) : null;
}

/**
 * A lead's `os_objectlookup_id`, wherever the platforms put lead custom fields: the body itself
 * (Instantly's extra lead keys, the test dialog), `lead` / `lead_data` / `data.lead`, and their
 * `custom_fields` / `custom_variables` / `customUserFields`. Null when absent.
 */
export function objectLookupIdIn(payload: unknown): string | null {
  if (!isPlainObject(payload)) return null;
  const data = isPlainObject(payload.data) ? payload.data : {};
  const holders = [payload, payload.lead, payload.lead_data, data.lead];
  for (const holder of holders) {
    const direct = lookupIn(holder);
    if (direct !== null) return direct;
    if (!isPlainObject(holder)) continue;
    for (const key of ['custom_fields', 'custom_variables', 'customFields', 'customUserFields']) {
      const nested = lookupIn(holder[key]);
      if (nested !== null) return nested;
    }
  }
  return null;
}
