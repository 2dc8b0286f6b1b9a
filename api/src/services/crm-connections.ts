import type { HubspotConnectedAccountCheck } from 'shared/contract';
import {
  exchangeHubSpotCode,
  fetchHubSpotOwners,
  hubspotApp,
  readHubSpotTokenInfo,
  withFreshToken as withHubSpotToken,
} from '../adapters/hubspot/index.js';
import {
  exchangeSalesforceCode,
  probeSalesforceConnection,
  readSalesforceUserInfo,
  withFreshToken as withSalesforceToken,
} from '../adapters/salesforce/index.js';
import { nowMs } from '../clock.js';
import { CrmDisconnected } from '../providers/provider-error.js';
import type { Deps } from '../deps.js';
import type { SalesforceSettingsRecord } from '../repositories/salesforce-settings.js';
import {
  listUserProfilesOfUser,
  saveConnectedProfile,
  type UserProfileRecord,
} from '../repositories/user-profiles.js';
import { forgetContactProperties } from './contact-properties.js';

/** A CRM sign-in that went through (the profile saved), or why the CRM refused the code. */
export type Connection<Refusal extends string> =
  { ok: true; userProfileId: number; created: boolean } | { ok: false; reason: Refusal };

/**
 * The HubSpot callback's work: the code for tokens, who signed in (and their owner names when
 * HubSpot has them), the profile stored with sealed tokens.
 */
export async function connectHubSpot(
  deps: Deps,
  input: { userId: number; code: string; redirectUri: string },
): Promise<Connection<'code-refused'>> {
  const hub = hubspotApp(deps.providers);
  const grant = await exchangeHubSpotCode(hub, input.code, input.redirectUri);
  if (!grant.ok) {
    deps.log.warn({ status: grant.status }, 'HubSpot refused the sign-in code');
    return { ok: false, reason: 'code-refused' };
  }
  const info = await readHubSpotTokenInfo(hub, grant.accessToken);
  // Names come from the owner with the user's email; without them the profile still works.
  const owner = await fetchHubSpotOwners(
    {
      apiUrl: hub.apiUrl,
      timeoutMs: hub.timeoutMs,
      guard: hub.guard,
      accessToken: grant.accessToken,
    },
    info.userEmail,
  )
    .then((owners) => owners[0])
    .catch(() => undefined);
  const now = deps.clock.now();
  const saved = await saveConnectedProfile(
    deps.db,
    {
      userId: input.userId,
      crm: 'HUBSPOT',
      accountId: info.userId,
      organizationId: info.hubId,
      organizationDomain: info.hubDomain,
      email: info.userEmail,
      firstName: owner?.firstName ?? '',
      lastName: owner?.lastName ?? '',
      accessTokenSealed: deps.secretBox.seal(grant.accessToken),
      refreshTokenSealed: deps.secretBox.seal(grant.refreshToken),
      tokenExpiresAt: new Date(now.getTime() + grant.expiresInSeconds * 1000).toISOString(),
      instanceUrl: null,
      salesforceSettingId: null,
    },
    now,
  );
  forgetContactProperties(deps, saved.id);
  deps.log.info({ userProfileId: saved.id, created: saved.created }, 'HubSpot profile connected');
  return { ok: true, userProfileId: saved.id, created: saved.created };
}

export type SalesforceRefusal = 'bad-consumer-key' | 'bad-consumer-secret' | 'code-refused';

/** The Salesforce callback's work with the settings the sign-in was started with. */
export async function connectSalesforce(
  deps: Deps,
  input: { userId: number; settings: SalesforceSettingsRecord; code: string; redirectUri: string },
): Promise<Connection<SalesforceRefusal>> {
  const { settings } = input;
  const consumerSecret = deps.secretBox.open(settings.consumerSecretSealed);
  const grant = await exchangeSalesforceCode(
    deps.providers,
    { domain: settings.domain, consumerKey: settings.consumerKey, consumerSecret },
    input.code,
    input.redirectUri,
  );
  if (!grant.ok) {
    deps.log.warn({ error: grant.error }, 'Salesforce refused the sign-in code');
    const reason: SalesforceRefusal =
      grant.error === 'invalid_client_id'
        ? 'bad-consumer-key'
        : grant.error === 'invalid_client'
          ? 'bad-consumer-secret'
          : 'code-refused';
    return { ok: false, reason };
  }
  const info = await readSalesforceUserInfo(deps.providers, settings.domain, grant.accessToken);
  const saved = await saveConnectedProfile(
    deps.db,
    {
      userId: input.userId,
      crm: 'SALESFORCE',
      accountId: info.userId,
      organizationId: info.organizationId,
      organizationDomain: new URL(settings.domain).host,
      email: info.email,
      firstName: info.firstName,
      lastName: info.lastName,
      accessTokenSealed: deps.secretBox.seal(grant.accessToken),
      refreshTokenSealed:
        grant.refreshToken === null ? null : deps.secretBox.seal(grant.refreshToken),
      tokenExpiresAt: null,
      instanceUrl: grant.instanceUrl,
      salesforceSettingId: settings.id,
    },
    deps.clock.now(),
  );
  deps.log.info(
    { userProfileId: saved.id, created: saved.created },
    'Salesforce profile connected',
  );
  return { ok: true, userProfileId: saved.id, created: saved.created };
}

/** A profile the CRM no longer renews was marked DISCONNECTED by the token helpers, which is the answer here. */
const isDisconnection = (error: unknown): boolean => error instanceof CrmDisconnected;

/** How close to its expiry a HubSpot token is renewed by the check. */
const HUBSPOT_CHECK_MARGIN_MS = 60_000;

/** The user's HubSpot profiles after renewing the tokens that expired, so a profile HubSpot dropped shows up now and not at the next sync. */
export async function checkHubSpotConnections(
  deps: Deps,
  userId: number,
): Promise<UserProfileRecord[]> {
  const profiles = await listUserProfilesOfUser(deps.db, userId, 'HUBSPOT');
  for (const profile of profiles) {
    if (
      profile.status !== 'CONNECTED' ||
      profile.tokenExpiresAt === null ||
      Date.parse(profile.tokenExpiresAt) > nowMs(deps.clock) + HUBSPOT_CHECK_MARGIN_MS
    )
      continue;
    try {
      await withHubSpotToken(deps, profile, async () => undefined);
    } catch (error) {
      if (!isDisconnection(error)) throw error;
    }
  }
  return profiles;
}

/** The user's Salesforce profiles after a cheap call on each (Salesforce does not say when a session ends). */
export async function checkSalesforceConnections(
  deps: Deps,
  userId: number,
): Promise<UserProfileRecord[]> {
  const profiles = await listUserProfilesOfUser(deps.db, userId, 'SALESFORCE');
  for (const profile of profiles) {
    if (profile.status !== 'CONNECTED') continue;
    try {
      await withSalesforceToken(deps, profile, probeSalesforceConnection);
    } catch (error) {
      if (!isDisconnection(error)) throw error;
    }
  }
  return profiles;
}

/** The connected-account banner of the HubSpot screen. */
export function hubspotConnectionCheck(
  profiles: UserProfileRecord[],
): HubspotConnectedAccountCheck {
  const disconnected = profiles.filter((profile) => profile.status === 'DISCONNECTED');
  if (disconnected.length === 0) return { title: null, message: null };
  const names = disconnected
    .map((profile) => `${profile.email} (Hub ID ${profile.organizationId})`)
    .join(', ');
  return {
    title:
      disconnected.length === 1 ? 'HubSpot account disconnected' : 'HubSpot accounts disconnected',
    message: `HubSpot no longer accepts the sign-in of ${names}: webhooks and block lists of ${disconnected.length === 1 ? 'this account' : 'these accounts'} stop syncing. Sign in with HubSpot again to reconnect.`,
  };
}

/** The connected-account message of the Salesforce screen. */
export function salesforceConnectionCheck(profiles: UserProfileRecord[]): {
  message: string | null;
} {
  const disconnected = profiles.filter((profile) => profile.status === 'DISCONNECTED');
  if (disconnected.length === 0) return { message: null };
  const names = disconnected
    .map(
      (profile) =>
        `${profile.email}${profile.organizationDomain ? ` (${profile.organizationDomain})` : ''}`,
    )
    .join(', ');
  return {
    message: `Salesforce no longer accepts the sign-in of ${names}. Press Connect on its settings to reconnect.`,
  };
}
