import type { Deps } from '../../deps.js';
import { CrmDisconnected } from '../../providers/provider-http.js';
import type { UserProfileRecord } from '../../records/user-profile.js';
import { oauthSession, openSecret } from '../oauth-session.js';
import { refreshSalesforceToken } from './oauth.js';
import { salesforceSite, SalesforceTokenRejected, type SalesforceConnection } from './request.js';

/** The answer for calls on a profile whose sign-in Salesforce no longer renews: the user must connect again. */
export function salesforceDisconnected(
  profile: Pick<UserProfileRecord, 'id' | 'email' | 'organizationDomain'>,
): CrmDisconnected {
  return new CrmDisconnected(
    'Salesforce',
    profile.id,
    `The Salesforce account ${profile.email}${profile.organizationDomain ? ` (${profile.organizationDomain})` : ''} is disconnected: Salesforce no longer accepts its sign-in. Connect its settings again`,
  );
}

/** The REST origin of a profile: the override when set (the sandbox), else the instance URL Salesforce gave. */
export function salesforceRestBase(
  deps: Pick<Deps, 'providers'>,
  profile: UserProfileRecord,
): string {
  return salesforceSite(
    deps.providers,
    profile.instanceUrl ?? `https://${profile.organizationDomain ?? ''}`,
  );
}

const session = oauthSession<SalesforceConnection>({
  name: 'Salesforce',
  crm: 'SALESFORCE',
  // Salesforce does not say when a session ends (no expiry is stored): its 401 is what calls for a refresh.
  expiryMarginMs: 0,
  tokenRejected: SalesforceTokenRejected,
  disconnected: salesforceDisconnected,
  async renew(deps, profile) {
    const settings =
      profile.salesforceSettingId === null
        ? undefined
        : await deps.crmSessions.salesforceApp(profile.salesforceSettingId);
    if (!settings) return { ok: false, reason: 'its settings were deleted' };
    const refreshToken = openSecret(deps, profile.refreshTokenSealed);
    const consumerSecret = openSecret(deps, settings.consumerSecretSealed);
    if (refreshToken === null || consumerSecret === null)
      return { ok: false, reason: 'no readable refresh token or consumer secret' };
    const grant = await refreshSalesforceToken(
      deps.providers,
      { domain: settings.domain, consumerKey: settings.consumerKey, consumerSecret },
      refreshToken,
    );
    if (!grant.ok) return { ok: false, reason: grant.error };
    return {
      ok: true,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresInSeconds: null,
      instanceUrl: grant.instanceUrl,
    };
  },
  connection: (deps, profile, accessToken) => ({
    baseUrl: salesforceRestBase(deps, profile),
    timeoutMs: deps.providers.timeoutMs,
    guard: deps.providers.guard,
    accessToken,
    onApiUsage: (usage) =>
      deps.crmSessions.recordSalesforceApiUsage(
        profile.organizationId,
        usage,
        deps.clock.now().toISOString(),
      ),
  }),
});

/**
 * A new access token from the refresh token and the settings' consumer key and secret. A refusal
 * (revoked, settings deleted) marks the profile DISCONNECTED and throws CrmDisconnected (a 409); Salesforce failing throws a ProviderError.
 */
export const refreshSalesforceProfile = session.refresh;

/**
 * Runs `call` with a live Salesforce access token of the profile. Salesforce does not say when a session
 * ends, so the token is refreshed when Salesforce answers 401, and the call retried once. A
 * DISCONNECTED profile answers 409 without calling Salesforce.
 */
export const withFreshToken = session.withFreshToken;
