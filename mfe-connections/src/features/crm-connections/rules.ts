import type { QueryOperationName } from 'shared/client';
import type {
  CrmProfile,
  CrmProfileStatus,
  HubspotConnectedAccountCheck,
  HubspotProfiles,
  Integration,
  SalesforceSettings,
} from 'shared/contract';
import { PERSISTENT, successToast, type ToastMessage } from 'shared/rules';

/** spec §8 success toast after deleting a CRM account. */
export const ACCOUNT_DELETED = 'Account deleted';

/** spec §2, §8: the HubSpot connected-account check's title and message stay as a persistent error. */
export function connectedAccountToast(check: HubspotConnectedAccountCheck): ToastMessage | null {
  if (!check.title || !check.message) return null;
  return { severity: 'error', summary: check.title, detail: check.message, life: PERSISTENT };
}

export const profileStatusLabel = (status: CrmProfileStatus): string =>
  status === 'CONNECTED' ? 'Connected' : 'Disconnected';

/** The profile owner's name, or a dash when the CRM gave none. */
export const profileName = ({
  firstName,
  lastName,
}: Pick<CrmProfile, 'firstName' | 'lastName'>): string => `${firstName} ${lastName}`.trim() || '—';

/** spec §4 "After actions": a deleted profile leaves both tables. */
export const withoutProfile = (profiles: HubspotProfiles, id: number): HubspotProfiles => ({
  auth0Profiles: profiles.auth0Profiles.filter((profile) => profile.id !== id),
  organizationProfiles: profiles.organizationProfiles.filter((profile) => profile.id !== id),
});

export const withCreatedSettings = (
  settings: readonly SalesforceSettings[],
  created: SalesforceSettings,
): SalesforceSettings[] => [...settings, created];

export const withoutSettings = (
  settings: readonly SalesforceSettings[],
  id: number,
): SalesforceSettings[] => settings.filter((row) => row.id !== id);

export const settingsStatusLabel = (
  settings: Pick<SalesforceSettings, 'connected' | 'userProfileId'>,
): string =>
  settings.connected
    ? 'Connected'
    : settings.userProfileId === null
      ? 'Not connected'
      : 'Disconnected';

export const deleteSettingsQuestion = (settings: Pick<SalesforceSettings, 'domain'>): string =>
  `Do you want to delete the Salesforce settings of ${settings.domain}?`;

/** What a CRM profile's deletion changes elsewhere: these are read again where they are used. */
export const readAgainAfterProfileDelete = [
  'listUserIntegrations',
  'listOrganizationIntegrations',
  'listApiKeys',
  'listUserAccounts',
  'listWebhookPage',
  'listBlockLists',
] as const satisfies readonly QueryOperationName[];

/** Profiles the viewer may not delete (the api's canDelete): the table says who can. */
export const hasUndeletable = (profiles: readonly Pick<CrmProfile, 'canDelete'>[]): boolean =>
  profiles.some((profile) => !profile.canDelete);

/** The dashboard user who connected each profile, by profile id (GET /api/admin/organizations/integrations). */
export const ownerEmailsOf = (integrations: readonly Integration[]): ReadonlyMap<number, string> =>
  new Map(integrations.map((integration) => [integration.id, integration.user.ownerEmail]));

/**
 * The delete confirmation's question (spec §8 "Do you want to delete ...?"). Another user's profile
 * names whose account it is, like the spec's "Do you want to delete {owner}'s webhook?".
 */
export function deleteProfileQuestion(
  profile: Pick<CrmProfile, 'email' | 'organizationId'>,
  otherOwner: string | null = null,
): string {
  const account = `HubSpot account ${profile.email} (Hub ID ${profile.organizationId})`;
  return otherOwner
    ? `Do you want to delete ${otherOwner}'s ${account}?`
    : `Do you want to delete the ${account}?`;
}

/** A sign-in with a CRM the browser left for; remembered across the provider's pages to say how it ended. */
export type PendingConnect =
  | { crm: 'HUBSPOT'; known: Array<Pick<CrmProfile, 'id' | 'status'>> }
  | { crm: 'SALESFORCE'; settingsId: number };

/** The profile a HubSpot sign-in connected: a new one, or one that was disconnected and works again; null when none changed. */
export function connectedHubspotProfile(
  known: PendingConnect & { crm: 'HUBSPOT' },
  profiles: readonly CrmProfile[],
): CrmProfile | null {
  const before = new Map(known.known.map((profile) => [profile.id, profile.status]));
  return (
    profiles.find(
      (profile) => profile.status === 'CONNECTED' && before.get(profile.id) !== 'CONNECTED',
    ) ?? null
  );
}

/** The toast after coming back from a CRM's sign-in without an error. */
export const connectedToast = (account: string): ToastMessage =>
  successToast(`Connected ${account}`);

/** What names a connected Salesforce org: its My Domain host. */
export const salesforceAccountName = (settings: Pick<SalesforceSettings, 'domain'>): string => {
  try {
    return new URL(settings.domain).host;
  } catch {
    return settings.domain;
  }
};

export const settingsCreatedToast = (settings: Pick<SalesforceSettings, 'domain'>): ToastMessage =>
  successToast(`Created Salesforce settings for ${salesforceAccountName(settings)}`);
export const settingsDeletedToast = (settings: Pick<SalesforceSettings, 'domain'>): ToastMessage =>
  successToast(`Deleted Salesforce settings of ${salesforceAccountName(settings)}`);
