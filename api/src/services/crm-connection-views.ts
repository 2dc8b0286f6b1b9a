import type { ResponseOf, SalesforceSettings } from 'shared/contract';
import { hubspotApp, hubspotAuthorizeUrl } from '../adapters/hubspot/index.js';
import { salesforceAuthorizeUrl } from '../adapters/salesforce/index.js';
import type { Deps } from '../deps.js';
import { profileNotFound, toCrmProfile, toSalesforceSettings } from '../presenters/crm-profiles.js';
import type { UserProfileRecord } from '../records/user-profile.js';
import {
  deleteSalesforceSettings,
  findSalesforceSettings,
  listSalesforceSettingsOfUser,
  type SalesforceSettingsRecord,
} from '../repositories/salesforce-settings.js';
import {
  deleteUserProfile,
  listUserProfilesOfOrganization,
  listUserProfilesOfUser,
} from '../repositories/user-profiles.js';
import type { UserRecord } from '../repositories/users.js';
import { forgetContactProperties } from './contact-properties.js';
import { notFound } from './domain-errors.js';
import { signOAuthState } from './oauth-state.js';

const SETTINGS_NOT_FOUND = 'Salesforce settings not found';

/** HubSpot's sign-in link for the user, with a signed state that brings them back to /oauth. */
export function hubspotSignInUrl(
  deps: Pick<Deps, 'providers' | 'secretBox' | 'clock' | 'config'>,
  user: UserRecord,
): string {
  const state = signOAuthState(
    deps.secretBox,
    { kind: 'hubspot', userId: user.id },
    deps.clock.now().getTime(),
  );
  return hubspotAuthorizeUrl(hubspotApp(deps.providers), `${deps.config.publicUrl}/oauth`, state);
}

/** The user's HubSpot profiles, and their organization's (everyone sees them; canDelete says who may act). */
export async function hubspotProfilesOf(
  deps: Pick<Deps, 'db'>,
  user: UserRecord,
): Promise<ResponseOf<'listHubspotProfiles'>> {
  const own = await listUserProfilesOfUser(deps.db, user.id, 'HUBSPOT');
  const colleagues =
    user.organizationId === null
      ? []
      : await listUserProfilesOfOrganization(deps.db, user.organizationId, 'HUBSPOT');
  return {
    auth0Profiles: own.map((profile) => toCrmProfile(profile, user)),
    organizationProfiles: colleagues
      .filter((profile) => profile.userId !== user.id)
      .map((profile) => toCrmProfile(profile, user)),
  };
}

export async function removeHubSpotProfile(deps: Deps, profile: UserProfileRecord): Promise<void> {
  if (!(await deleteUserProfile(deps.db, profile.id))) throw notFound(profileNotFound('HUBSPOT'));
  forgetContactProperties(deps, profile.id);
}

export const findSalesforceSettingsById = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<SalesforceSettingsRecord | undefined> => findSalesforceSettings(deps.db, id);

export async function salesforceSettingsOf(
  deps: Pick<Deps, 'db'>,
  user: UserRecord,
): Promise<SalesforceSettings[]> {
  return (await listSalesforceSettingsOfUser(deps.db, user.id)).map(toSalesforceSettings);
}

export async function removeSalesforceSettings(
  deps: Pick<Deps, 'db'>,
  settings: SalesforceSettingsRecord,
): Promise<void> {
  if (!(await deleteSalesforceSettings(deps.db, settings.id))) throw notFound(SETTINGS_NOT_FOUND);
}

/** The settings with Salesforce's sign-in link for them (a signed state that brings the user back to /oauth/salesforce). */
export function salesforceSettingsToConnect(
  deps: Pick<Deps, 'providers' | 'secretBox' | 'clock' | 'config'>,
  user: UserRecord,
  settings: SalesforceSettingsRecord,
): ResponseOf<'getSalesforceSettings'> {
  const state = signOAuthState(
    deps.secretBox,
    { kind: 'salesforce', userId: user.id, settingsId: settings.id },
    deps.clock.now().getTime(),
  );
  return {
    id: settings.id,
    domain: settings.domain,
    consumer_key: settings.consumerKey,
    authorizeUrl: salesforceAuthorizeUrl(
      deps.providers,
      settings.domain,
      settings.consumerKey,
      `${deps.config.publicUrl}/oauth/salesforce`,
      state,
    ),
  };
}
