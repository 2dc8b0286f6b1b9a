import { domainToASCII } from 'node:url';
import type { Platform } from '../db/schema.js';

/** One member of a CRM list as the readers give it: its record id and the values of the fields read. */
export interface CrmMember {
  recordId: string;
  /** Field name → value (null when the record has none). */
  values: Record<string, string | null>;
}

/** What a block list turns members into (the block list's settings that matter here). */
export interface EntryRules {
  platform: Platform;
  blockType: 'ADDRESS' | 'DOMAIN';
  useDomainForNonLatin: boolean;
  /** The fields whose values become entries, in order: email or domain fields, or (heyreach) profile URL fields. */
  fields: readonly string[];
}

/** A value to push: an email, a domain or (heyreach) a LinkedIn profile URL with the lead's name. */
export interface BlockEntry {
  entry: string;
  recordId: string;
  lead?: { firstName: string | null; lastName: string | null };
}

/** A member that gives nothing to push, and why (counted as not synced). */
export interface SkippedMember {
  recordId: string;
  value: string | null;
  reason: string;
}

export interface MemberEntries {
  entries: BlockEntry[];
  skipped: SkippedMember[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LINKEDIN_PROFILE =
  /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub|sales\/lead)\/[^\s?#]+/i;

/** Outside plain ASCII: what Instantly calls non-Latin (it takes Latin-only emails and domains). */
export const hasNonLatin = (value: string): boolean =>
  [...value].some((character) => character.charCodeAt(0) > 0x7f);

/** Lowercased and trimmed; null when it is not an email address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return EMAIL.test(email) ? email : null;
}

/**
 * A domain from an email, a domain or a website ("https://www.Acme.example/about" → "acme.example"),
 * in ASCII (an internationalized domain as punycode); null when there is none.
 */
export function normalizeDomain(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  const at = host.lastIndexOf('@');
  if (at >= 0) host = host.slice(at + 1);
  host = host
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  if (host === '') return null;
  const ascii = hasNonLatin(host) ? domainToASCII(host) : host;
  return ascii !== '' && DOMAIN.test(ascii) ? ascii : null;
}

/** "https://www.linkedin.com/in/Jane-Doe/" → "https://www.linkedin.com/in/jane-doe"; null when it is not a LinkedIn profile URL. */
export function normalizeProfileUrl(raw: string): string | null {
  const url = raw.trim();
  if (!LINKEDIN_PROFILE.test(url)) return null;
  const withScheme = /^https?:\/\//i.test(url)
    ? url.replace(/^http:/i, 'https:')
    : `https://${url}`;
  return withScheme
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

const firstValue = (member: CrmMember, fields: readonly string[]): string | null => {
  for (const field of fields) {
    const value = member.values[field]?.trim();
    if (value) return value;
  }
  return null;
};

const fieldList = (fields: readonly string[]): string => fields.join(', ');

/** heyreach: the first profile URL field with a LinkedIn profile URL. */
function profileEntry(member: CrmMember, rules: EntryRules): BlockEntry | SkippedMember {
  const raw = firstValue(member, rules.fields);
  if (raw === null)
    return {
      recordId: member.recordId,
      value: null,
      reason: `No LinkedIn profile URL in ${fieldList(rules.fields)}`,
    };
  const url = normalizeProfileUrl(raw);
  if (url === null)
    return { recordId: member.recordId, value: raw, reason: 'Not a LinkedIn profile URL' };
  return {
    entry: url,
    recordId: member.recordId,
    lead: {
      firstName: member.values.firstname ?? member.values.FirstName ?? null,
      lastName: member.values.lastname ?? member.values.LastName ?? null,
    },
  };
}

/** One field value → an email (ADDRESS) or a domain (DOMAIN, or a non-Latin email for instantly with useDomainForNonLatin). */
function valueEntry(recordId: string, raw: string, rules: EntryRules): BlockEntry | SkippedMember {
  const looksLikeEmail = raw.includes('@');
  if (rules.blockType === 'DOMAIN' || !looksLikeEmail) {
    if (rules.blockType === 'ADDRESS')
      return { recordId, value: raw, reason: 'Not a valid email address' };
    const domain = normalizeDomain(raw);
    return domain === null
      ? { recordId, value: raw, reason: 'Not a valid domain' }
      : { entry: domain, recordId };
  }
  const email = normalizeEmail(raw);
  if (email === null) return { recordId, value: raw, reason: 'Not a valid email address' };
  if (rules.platform === 'instantly' && hasNonLatin(email)) {
    if (!rules.useDomainForNonLatin)
      return {
        recordId,
        value: email,
        reason:
          'Instantly takes only Latin emails: turn on "use the domain for non-Latin emails" to block its domain',
      };
    const domain = normalizeDomain(email);
    return domain === null
      ? { recordId, value: email, reason: 'Not a valid domain' }
      : { entry: domain, recordId };
  }
  return { entry: email, recordId };
}

const isEntry = (value: BlockEntry | SkippedMember): value is BlockEntry => 'entry' in value;

/**
 * CRM members → the entries to block, each once (the first member that gives it), and the members that
 * give none with the reason. Every non-empty value of the fields counts (a Salesforce list may name an
 * email field and a website field); a member with no value in any field is skipped.
 */
export function entriesOf(members: readonly CrmMember[], rules: EntryRules): MemberEntries {
  const entries = new Map<string, BlockEntry>();
  const skipped: SkippedMember[] = [];
  for (const member of members) {
    if (rules.platform === 'heyreach') {
      const result = profileEntry(member, rules);
      if (!isEntry(result)) skipped.push(result);
      else if (!entries.has(result.entry)) entries.set(result.entry, result);
      continue;
    }
    const values = rules.fields
      .map((field) => member.values[field]?.trim())
      .filter((value): value is string => Boolean(value));
    if (values.length === 0) {
      skipped.push({
        recordId: member.recordId,
        value: null,
        reason: `No ${rules.blockType === 'ADDRESS' ? 'email address' : 'domain'} in ${fieldList(rules.fields)}`,
      });
      continue;
    }
    const results = values.map((value) => valueEntry(member.recordId, value, rules));
    const found = results.filter(isEntry);
    // a member counts as not synced only when none of its values gives an entry
    if (found.length === 0) skipped.push(results[0] as SkippedMember);
    for (const entry of found) if (!entries.has(entry.entry)) entries.set(entry.entry, entry);
  }
  return { entries: [...entries.values()], skipped };
}
