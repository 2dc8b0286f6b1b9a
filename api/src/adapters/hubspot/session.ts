import { CrmDisconnected } from '../../providers/provider-http.js';
import type { UserProfileRecord } from '../../records/user-profile.js';
import { oauthSession, openSecret } from '../oauth-session.js';
import { hubspotApp, refreshHubSpotToken } from './oauth.js';
import { HubSpotTokenRejected, type HubSpotConnection } from './request.js';

/** The answer for calls on a profile whose sign-in HubSpot no longer renews: the user must sign in again. */
export function hubspotDisconnected(
  profile: Pick<UserProfileRecord, 'id' | 'email' | 'organizationId'>,
): CrmDisconnected {
  return new CrmDisconnected(
    'HubSpot',
    profile.id,
    `The HubSpot account ${profile.email} (Hub ID ${profile.organizationId}) is disconnected: HubSpot no longer accepts its sign-in. Sign in with HubSpot again to reconnect it`,
  );
}

const session = oauthSession<HubSpotConnection>({
  name: 'HubSpot',
  crm: 'HUBSPOT',
  // HubSpot says when a token ends: one this close to it is refreshed before the call.
  expiryMarginMs: 60_000,
  tokenRejected: HubSpotTokenRejected,
  disconnected: hubspotDisconnected,
  async renew(deps, profile) {
    const refreshToken = openSecret(deps, profile.refreshTokenSealed);
    if (refreshToken === null) return { ok: false, reason: 'no readable refresh token' };
    const grant = await refreshHubSpotToken(hubspotApp(deps.providers), refreshToken);
    if (!grant.ok) return { ok: false, reason: grant.status };
    return {
      ok: true,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresInSeconds: grant.expiresInSeconds,
    };
  },
  connection: (deps, _profile, accessToken) => ({
    apiUrl: deps.providers.hubspot.apiUrl,
    timeoutMs: deps.providers.timeoutMs,
    guard: deps.providers.guard,
    accessToken,
  }),
});

/**
 * A new access token from the refresh token. A refusal (revoked app, deleted refresh token) marks the
 * profile DISCONNECTED and throws CrmDisconnected (a 409); HubSpot failing (5xx, time-out) throws a ProviderError and changes nothing.
 */
export const refreshHubSpotProfile = session.refresh;

/**
 * Runs `call` with a live HubSpot access token of the profile: refreshed first when it expires within a
 * minute, and refreshed once more and retried when HubSpot answers 401. A DISCONNECTED profile answers
 * 409 without calling HubSpot.
 */
export const withFreshToken = session.withFreshToken;
