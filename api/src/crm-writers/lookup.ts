import type { InternalEvent } from 'shared/events';
import type { WebhookSettings } from '../repositories/webhooks.js';

/** Where a lookup value comes from in the event. */
export type LookupSource = 'os_objectlookup_id' | 'email' | 'profile_url';

/** One attempt to find the CRM record: this CRM property (or field) equal to this value of the event. */
export interface LookupStep {
  source: LookupSource;
  property: string;
  value: string;
}

export type LookupSettings = Pick<
  WebhookSettings,
  | 'emailService'
  | 'objectLookupMethod'
  | 'objectLookupIdField'
  | 'objectDefaultSearchProperty'
  | 'optionalAlternativeProperty'
>;

const filled = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value.trim();

function valueOf(event: InternalEvent, source: LookupSource): string | null {
  if (source === 'email') return filled(event.lead.email)?.toLowerCase() ?? null;
  if (source === 'profile_url') return filled(event.lead.profileUrl);
  return filled(event.lead.objectLookupId);
}

/**
 * The lookups of spec §3's methods, in the order they are tried (first found wins):
 * - `default`: by email; for heyreach by the profile-URL property (objectDefaultSearchProperty, hs_linkedin_url by default);
 * - `alternative_property`: the chosen field (objectLookupIdField) against the event's os_objectlookup_id;
 * - `optional_alternative_property`: os_objectlookup_id, then email, then profile URL, each with its chosen property.
 * A method that names no field falls back to the default lookup (spec §5 lets such a webhook be saved).
 * Steps whose value the event lacks are left out: `missing` names them.
 */
export function lookupSteps(
  event: InternalEvent,
  settings: LookupSettings,
  crm: 'HUBSPOT' | 'SALESFORCE',
): { steps: LookupStep[]; missing: LookupSource[] } {
  const emailProperty = crm === 'HUBSPOT' ? 'email' : 'Email';
  const wanted: { source: LookupSource; property: string | null }[] = [];
  const fallback = (): { source: LookupSource; property: string | null }[] =>
    settings.emailService === 'heyreach'
      ? [
          {
            source: 'profile_url',
            property: filled(settings.objectDefaultSearchProperty) ?? 'hs_linkedin_url',
          },
        ]
      : [{ source: 'email', property: emailProperty }];
  const packed = settings.optionalAlternativeProperty ?? {};
  switch (settings.objectLookupMethod) {
    case 'alternative_property': {
      const field = filled(settings.objectLookupIdField);
      wanted.push(
        ...(field ? [{ source: 'os_objectlookup_id' as const, property: field }] : fallback()),
      );
      break;
    }
    case 'optional_alternative_property': {
      const idField = filled(packed.os_objectlookup_id) ?? filled(settings.objectLookupIdField);
      const emailField =
        filled(packed.email) ?? (settings.emailService === 'heyreach' ? null : emailProperty);
      const profileField = filled(packed.profile_url);
      if (idField) wanted.push({ source: 'os_objectlookup_id', property: idField });
      if (emailField) wanted.push({ source: 'email', property: emailField });
      if (profileField) wanted.push({ source: 'profile_url', property: profileField });
      if (wanted.length === 0) wanted.push(...fallback());
      break;
    }
    default:
      wanted.push(...fallback());
  }
  const steps: LookupStep[] = [];
  const missing: LookupSource[] = [];
  for (const { source, property } of wanted) {
    const value = valueOf(event, source);
    if (property === null) continue;
    if (value === null) missing.push(source);
    else steps.push({ source, property, value });
  }
  return { steps, missing };
}

/** "email, profile URL" for a skip reason. */
export const sourceWords = (sources: LookupSource[]): string =>
  sources.map((source) => (source === 'profile_url' ? 'profile URL' : source)).join(', ');
