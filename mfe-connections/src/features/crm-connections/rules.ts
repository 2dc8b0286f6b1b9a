import type { CrmProfile, CrmProfileStatus, HubspotConnectedAccountCheck, HubspotProfiles, SalesforceSettings } from 'shared/contract';
import { PERSISTENT, type ToastMessage } from 'shared/rules';

/** spec §8 success toast after deleting a CRM account. */
export const ACCOUNT_DELETED = 'Account deleted';

/** spec §2, §8: the HubSpot connected-account check's title and message stay as a persistent error. */
export function connectedAccountToast(check: HubspotConnectedAccountCheck): ToastMessage | null {
  if (!check.title || !check.message) return null;
  return { severity: 'error', summary: check.title, detail: check.message, life: PERSISTENT };
}

export const profileStatusLabel = (status: CrmProfileStatus): string => (status === 'CONNECTED' ? 'Connected' : 'Disconnected');

/** The profile owner's name, or a dash when the CRM gave none. */
export const profileName = ({ firstName, lastName }: Pick<CrmProfile, 'firstName' | 'lastName'>): string => `${firstName} ${lastName}`.trim() || '—';

/** spec §4 "After actions": a deleted profile leaves both tables. */
export const withoutProfile = (profiles: HubspotProfiles, id: number): HubspotProfiles => ({
  auth0Profiles: profiles.auth0Profiles.filter((profile) => profile.id !== id),
  organizationProfiles: profiles.organizationProfiles.filter((profile) => profile.id !== id),
});

export const deleteProfileQuestion = (profile: Pick<CrmProfile, 'email' | 'organizationId'>): string =>
  `Do you want to delete the HubSpot account ${profile.email} (Hub ID ${profile.organizationId})?`;

export const withCreatedSettings = (settings: readonly SalesforceSettings[], created: SalesforceSettings): SalesforceSettings[] => [...settings, created];

export const withoutSettings = (settings: readonly SalesforceSettings[], id: number): SalesforceSettings[] => settings.filter((row) => row.id !== id);

export const settingsStatusLabel = (settings: Pick<SalesforceSettings, 'connected' | 'userProfileId'>): string =>
  settings.connected ? 'Connected' : settings.userProfileId === null ? 'Not connected' : 'Disconnected';

export const deleteSettingsQuestion = (settings: Pick<SalesforceSettings, 'domain'>): string => `Do you want to delete the Salesforce settings of ${settings.domain}?`;
