import type { FastifyInstance } from 'fastify';
import { badGateway, conflict, type HttpError } from '../../http/http-error.js';
import { findSalesforceSettings } from '../../repositories/salesforce-settings.js';
import { setProfileStatus, updateProfileTokens, type UserProfileRecord } from '../../repositories/user-profiles.js';
import { refreshSalesforceToken } from './oauth.js';
import { salesforceSite, SalesforceTokenRejected, type SalesforceConnection } from './request.js';

/** Refreshes in progress per app and profile, so parallel calls share one refresh. */
const refreshing = new WeakMap<FastifyInstance, Map<number, Promise<string>>>();

/** The answer for calls on a profile whose sign-in Salesforce no longer renews: the user must connect again. */
export function salesforceDisconnected(profile: Pick<UserProfileRecord, 'email' | 'organizationDomain'>): HttpError {
  return conflict(
    `The Salesforce account ${profile.email}${profile.organizationDomain ? ` (${profile.organizationDomain})` : ''} is disconnected: Salesforce no longer accepts its sign-in. Connect its settings again`,
  );
}

function openSecret(app: FastifyInstance, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return app.secretBox.open(sealed);
  } catch {
    return null;
  }
}

async function markDisconnected(app: FastifyInstance, profile: UserProfileRecord, reason: string): Promise<never> {
  await setProfileStatus(app.db, profile.id, 'DISCONNECTED');
  profile.status = 'DISCONNECTED';
  app.log.warn({ userProfileId: profile.id, reason }, 'Salesforce profile marked DISCONNECTED: its token could not be refreshed');
  throw salesforceDisconnected(profile);
}

async function runRefresh(app: FastifyInstance, profile: UserProfileRecord): Promise<string> {
  const settings = profile.salesforceSettingId === null ? undefined : await findSalesforceSettings(app.db, profile.salesforceSettingId);
  if (!settings) return markDisconnected(app, profile, 'its settings were deleted');
  const refreshToken = openSecret(app, profile.refreshTokenSealed);
  const consumerSecret = openSecret(app, settings.consumerSecretSealed);
  if (refreshToken === null || consumerSecret === null) return markDisconnected(app, profile, 'no readable refresh token or consumer secret');
  const grant = await refreshSalesforceToken(app.config.providers, { domain: settings.domain, consumerKey: settings.consumerKey, consumerSecret }, refreshToken);
  if (!grant.ok) return markDisconnected(app, profile, grant.error);
  const accessTokenSealed = app.secretBox.seal(grant.accessToken);
  const refreshTokenSealed = grant.refreshToken === null ? undefined : app.secretBox.seal(grant.refreshToken);
  await updateProfileTokens(app.db, profile.id, { accessTokenSealed, refreshTokenSealed, tokenExpiresAt: null, instanceUrl: grant.instanceUrl });
  Object.assign(profile, { accessTokenSealed, instanceUrl: grant.instanceUrl, ...(refreshTokenSealed ? { refreshTokenSealed } : {}) });
  return grant.accessToken;
}

/**
 * A new access token from the refresh token and the settings' consumer key and secret. A refusal
 * (revoked, settings deleted) marks the profile DISCONNECTED and answers 409; Salesforce failing is a 502.
 */
export function refreshSalesforceProfile(app: FastifyInstance, profile: UserProfileRecord): Promise<string> {
  let inFlight = refreshing.get(app);
  if (!inFlight) {
    inFlight = new Map();
    refreshing.set(app, inFlight);
  }
  const running = inFlight.get(profile.id);
  if (running) return running;
  const started = runRefresh(app, profile).finally(() => inFlight.delete(profile.id));
  inFlight.set(profile.id, started);
  return started;
}

/** The REST origin of a profile: the override when set (the sandbox), else the instance URL Salesforce gave. */
export function salesforceRestBase(app: FastifyInstance, profile: UserProfileRecord): string {
  return salesforceSite(app.config.providers, profile.instanceUrl ?? `https://${profile.organizationDomain ?? ''}`);
}

/**
 * Runs `call` with a live Salesforce access token of the profile. Salesforce does not say when a session
 * ends, so the token is refreshed when Salesforce answers 401, and the call retried once. A
 * DISCONNECTED profile answers 409 without calling Salesforce.
 */
export async function withFreshToken<T>(app: FastifyInstance, profile: UserProfileRecord, call: (connection: SalesforceConnection) => Promise<T>): Promise<T> {
  if (profile.crm !== 'SALESFORCE') throw new Error(`Profile ${profile.id} is not a Salesforce profile`);
  if (profile.status === 'DISCONNECTED') throw salesforceDisconnected(profile);
  const connection = (accessToken: string): SalesforceConnection => ({ baseUrl: salesforceRestBase(app, profile), timeoutMs: app.config.providers.timeoutMs, accessToken });
  const expired = profile.tokenExpiresAt !== null && Date.parse(profile.tokenExpiresAt) <= Date.now();
  const stored = expired ? null : openSecret(app, profile.accessTokenSealed);
  const accessToken = stored ?? (await refreshSalesforceProfile(app, profile));
  try {
    return await call(connection(accessToken));
  } catch (error) {
    if (!(error instanceof SalesforceTokenRejected)) throw error;
  }
  const renewed = await refreshSalesforceProfile(app, profile);
  try {
    return await call(connection(renewed));
  } catch (error) {
    if (error instanceof SalesforceTokenRejected) throw badGateway(`Salesforce did not accept a freshly renewed access token while ${error.action}`);
    throw error;
  }
}
