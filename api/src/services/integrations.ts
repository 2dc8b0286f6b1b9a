import type { Integration } from 'shared/contract';
import type { Deps } from '../deps.js';
import { toIntegration } from '../presenters/crm-profiles.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import {
  findSalesforceSettings,
  type SalesforceSettingsRecord,
} from '../repositories/salesforce-settings.js';
import { listUserAccountsOfProfiles } from '../repositories/user-accounts.js';
import {
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
} from '../repositories/user-profiles.js';
import type { UserRecord } from '../repositories/users.js';

/** Profiles as integrations: with their Salesforce settings (domain and consumer key only) and their webhook endpoints. */
async function toIntegrations(
  deps: Pick<Deps, 'db'>,
  profiles: UserProfileRecord[],
  showsEndpointsOf: (profile: UserProfileRecord) => boolean = () => true,
): Promise<Integration[]> {
  const accounts = await listUserAccountsOfProfiles(
    deps.db,
    profiles.map((profile) => profile.id),
  );
  const settingsById = new Map<number, SalesforceSettingsRecord | undefined>();
  for (const id of new Set(
    profiles
      .map((profile) => profile.salesforceSettingId)
      .filter((id): id is number => id !== null),
  )) {
    settingsById.set(id, await findSalesforceSettings(deps.db, id));
  }
  return profiles.map((profile) =>
    toIntegration(
      profile,
      profile.salesforceSettingId === null
        ? null
        : (settingsById.get(profile.salesforceSettingId) ?? null),
      showsEndpointsOf(profile)
        ? accounts
            .filter((account) => account.userProfileId === profile.id)
            .map(({ id, url, description }) => ({ id, url, description }))
        : [],
    ),
  );
}

/** spec §7: the user's own CRM profiles as integrations. */
export async function integrationsOfUser(
  deps: Pick<Deps, 'db'>,
  user: UserRecord,
): Promise<Integration[]> {
  return toIntegrations(deps, await listUserProfilesOfUser(deps.db, user.id));
}

/** spec §7: the organization's CRM profiles (the user's own when they belong to no organization). */
export async function integrationsOfOrganization(
  deps: Pick<Deps, 'db'>,
  user: UserRecord,
): Promise<Integration[]> {
  const profiles =
    user.organizationId === null
      ? await listUserProfilesOfUser(deps.db, user.id)
      : await listUserProfilesOfOrganization(deps.db, user.organizationId);
  // endpoint URLs are often capability URLs: a regular user sees only their own (issue 53)
  return toIntegrations(
    deps,
    profiles,
    (profile) => user.role !== null || profile.userId === user.id,
  );
}
