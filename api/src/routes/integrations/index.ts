import type { FastifyPluginAsync, FastifyInstance } from 'fastify';
import type { Integration } from 'shared/contract';
import { contractRoute } from '../../http/contract-route.js';
import { toIntegration } from '../../presenters/crm-profiles.js';
import {
  findSalesforceSettings,
  type SalesforceSettingsRecord,
} from '../../repositories/salesforce-settings.js';
import { listUserAccountsOfProfiles } from '../../repositories/user-accounts.js';
import {
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
  type UserProfileRecord,
} from '../../repositories/user-profiles.js';

/** Profiles as integrations: with their Salesforce settings (domain and consumer key only) and their webhook endpoints. */
async function toIntegrations(
  app: FastifyInstance,
  profiles: UserProfileRecord[],
): Promise<Integration[]> {
  const accounts = await listUserAccountsOfProfiles(
    app.db,
    profiles.map((profile) => profile.id),
  );
  const settingsById = new Map<number, SalesforceSettingsRecord | undefined>();
  for (const id of new Set(
    profiles
      .map((profile) => profile.salesforceSettingId)
      .filter((id): id is number => id !== null),
  )) {
    settingsById.set(id, await findSalesforceSettings(app.db, id));
  }
  return profiles.map((profile) =>
    toIntegration(
      profile,
      profile.salesforceSettingId === null
        ? null
        : (settingsById.get(profile.salesforceSettingId) ?? null),
      accounts
        .filter((account) => account.userProfileId === profile.id)
        .map(({ id, url, description }) => ({ id, url, description })),
    ),
  );
}

/**
 * spec §7 "Integrations and lookups": the user's own CRM profiles, and their organization's (the
 * user's own when they belong to no organization).
 */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUserIntegrations', {
    handler: async ({ user }) => toIntegrations(app, await listUserProfilesOfUser(app.db, user.id)),
  });

  contractRoute(app, 'listOrganizationIntegrations', {
    handler: async ({ user }) => {
      const profiles =
        user.organizationId === null
          ? await listUserProfilesOfUser(app.db, user.id)
          : await listUserProfilesOfOrganization(app.db, user.organizationId);
      return toIntegrations(app, profiles);
    },
  });
};
