import type { CrmProperty } from '../contract/index.js';

/** A titled part of the heyreach "Profile URL fields" checkboxes. */
export interface ProfileUrlFieldGroup {
  label: string;
  properties: CrmProperty[];
}

/** The groups, in the order shown: the likely ones first. */
export const profileUrlFieldGroupLabels = {
  profiles: 'Social profiles and web addresses',
  text: 'Other text properties',
  crmSync: 'CRM Sync properties',
  other: 'Numbers, dates and choices',
} as const;

type GroupKey = keyof typeof profileUrlFieldGroupLabels;

const profileOrAddress = /linkedin|profile|url|website|social|twitter|facebook|instagram|xing/i;
const linkedIn = /linkedin/i;
const urlOrProfile = /url|profile/i;
// the properties the product adds to the CRM (os_…): its own records, never a person's profile
const crmSyncPrefix = 'os_';

const isText = (property: CrmProperty) => property.type === 'string';
const mentions = (pattern: RegExp, property: CrmProperty) =>
  pattern.test(property.name) || pattern.test(property.label);

function groupOf(property: CrmProperty): GroupKey {
  if (property.name.startsWith(crmSyncPrefix)) return 'crmSync';
  if (!isText(property)) return 'other';
  return mentions(profileOrAddress, property) ? 'profiles' : 'text';
}

/**
 * A HubSpot profile has dozens of contact properties; a profile URL is held by a text property, most
 * often a social or web one: the properties grouped by what they can hold, empty groups left out.
 */
export function groupProfileUrlFields(properties: readonly CrmProperty[]): ProfileUrlFieldGroup[] {
  return (Object.keys(profileUrlFieldGroupLabels) as GroupKey[]).flatMap((key) => {
    const inGroup = properties.filter((property) => groupOf(property) === key);
    return inGroup.length === 0
      ? []
      : [{ label: profileUrlFieldGroupLabels[key], properties: inGroup }];
  });
}

/** A new heyreach block list starts with its LinkedIn URL properties chosen: HeyReach's leads are LinkedIn profiles. */
export const preselectedProfileUrlFields = (properties: readonly CrmProperty[]): string[] =>
  properties
    .filter(
      (property) =>
        groupOf(property) === 'profiles' &&
        mentions(linkedIn, property) &&
        mentions(urlOrProfile, property),
    )
    .map((property) => property.name);
