import type { FastifyInstance } from 'fastify';
import { badGateway, conflict, type HttpError } from '../../http/http-error.js';
import { setProfileStatus, updateProfileTokens, type UserProfileRecord } from '../../repositories/user-profiles.js';
import { hubspotApp, refreshHubSpotToken } from './oauth.js';
import { HubSpotTokenRejected, type HubSpotConnection } from './request.js';

/** An access token this close to its expiry is refreshed before the call. */
const EXPIRY_MARGIN_MS = 60_000;

/** Refreshes in progress per app and profile, so parallel calls share one refresh. */
const refreshing = new WeakMap<FastifyInstance, Map<number, Promise<string>>>();

/** The answer for calls on a profile whose sign-in HubSpot no longer renews: the user must sign in again. */
export function hubspotDisconnected(profile: Pick<UserProfileRecord, 'email' | 'organizationId'>): HttpError {
  return conflict(`The HubSpot account ${profile.email} (Hub ID ${profile.organizationId}) is disconnected: HubSpot no longer accepts its sign-in. Sign in with HubSpot again to reconnect it`);
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
  app.log.warn({ userProfileId: profile.id, reason }, 'HubSpot profile marked DISCONNECTED: its token could not be refreshed');
  throw hubspotDisconnected(profile);
}

async function runRefresh(app: FastifyInstance, profile: UserProfileRecord): Promise<string> {
  const refreshToken = openSecret(app, profile.refreshTokenSealed);
  if (refreshToken === null) return markDisconnected(app, profile, 'no readable refresh token');
  const grant = await refreshHubSpotToken(hubspotApp(app.config.providers), refreshToken);
  if (!grant.ok) return markDisconnected(app, profile, grant.status);
  const accessTokenSealed = app.secretBox.seal(grant.accessToken);
  const refreshTokenSealed = app.secretBox.seal(grant.refreshToken);
  const tokenExpiresAt = new Date(Date.now() + grant.expiresInSeconds * 1000).toISOString();
  await updateProfileTokens(app.db, profile.id, { accessTokenSealed, refreshTokenSealed, tokenExpiresAt });
  Object.assign(profile, { accessTokenSealed, refreshTokenSealed, tokenExpiresAt });
  return grant.accessToken;
}

/**
 * A new access token from the refresh token. A refusal (revoked app, deleted refresh token) marks the
 * profile DISCONNECTED and answers 409; HubSpot failing (5xx, time-out) is a 502 and changes nothing.
 */
export function refreshHubSpotProfile(app: FastifyInstance, profile: UserProfileRecord): Promise<string> {
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

const isExpiring = (profile: UserProfileRecord, now: number): boolean =>
  profile.tokenExpiresAt !== null && Date.parse(profile.tokenExpiresAt) - EXPIRY_MARGIN_MS <= now;

/**
 * Runs `call` with a live HubSpot access token of the profile: refreshed first when it expired, and
 * refreshed once more and retried when HubSpot answers 401. A DISCONNECTED profile answers 409 without
 * calling HubSpot.
 */
export async function withFreshToken<T>(app: FastifyInstance, profile: UserProfileRecord, call: (connection: HubSpotConnection) => Promise<T>): Promise<T> {
  if (profile.crm !== 'HUBSPOT') throw new Error(`Profile ${profile.id} is not a HubSpot profile`);
  if (profile.status === 'DISCONNECTED') throw hubspotDisconnected(profile);
  const { hubspot, timeoutMs } = app.config.providers;
  const connection = (accessToken: string): HubSpotConnection => ({ apiUrl: hubspot.apiUrl, timeoutMs, accessToken });
  const stored = isExpiring(profile, Date.now()) ? null : openSecret(app, profile.accessTokenSealed);
  const accessToken = stored ?? (await refreshHubSpotProfile(app, profile));
  try {
    return await call(connection(accessToken));
  } catch (error) {
    if (!(error instanceof HubSpotTokenRejected)) throw error;
  }
  const renewed = await refreshHubSpotProfile(app, profile);
  try {
    return await call(connection(renewed));
  } catch (error) {
    if (error instanceof HubSpotTokenRejected) throw badGateway(`HubSpot did not accept a freshly renewed access token while ${error.action}`);
    throw error;
  }
}
