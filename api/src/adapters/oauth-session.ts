import { nowMs } from '../clock.js';
import type { CrmType } from '../db/schema.js';
import type { Deps } from '../deps.js';
import {
  ProviderError,
  type CrmDisconnected,
  type ProviderName,
} from '../providers/provider-http.js';
import type { UserProfileRecord } from '../records/user-profile.js';

/** New tokens from the CRM's refresh call, or why the profile can no longer be renewed. */
export type Renewal =
  | {
      ok: true;
      accessToken: string;
      /** null keeps the stored refresh token. */
      refreshToken: string | null;
      /** null when the CRM does not say when the token ends. */
      expiresInSeconds: number | null;
      /** undefined keeps the stored instance URL. */
      instanceUrl?: string;
    }
  | { ok: false; reason: string };

/** What tells one CRM's OAuth session apart from another's. */
export interface OAuthSessionSpec<Connection> {
  /** The CRM's name in messages and logs: "HubSpot". */
  name: ProviderName;
  crm: CrmType;
  /** A stored access token this close to its expiry is refreshed before the call. */
  expiryMarginMs: number;
  /** The CRM's 401 error; it carries what the call was doing. */
  tokenRejected: abstract new (...args: never[]) => Error & { action: string };
  /** The error for a profile the CRM no longer renews (answered as a 409). */
  disconnected(profile: UserProfileRecord): CrmDisconnected;
  /** The CRM's refresh call for the profile (a CRM failure throws a ProviderError and changes nothing). */
  renew(deps: Deps, profile: UserProfileRecord): Promise<Renewal>;
  /** What a call needs, made when it runs (after a refresh, from the renewed profile). */
  connection(deps: Deps, profile: UserProfileRecord, accessToken: string): Connection;
}

export interface OAuthSession<Connection> {
  /**
   * A new access token from the refresh token; parallel refreshes of one profile share one call. A
   * refusal marks the profile DISCONNECTED and answers 409.
   */
  refresh(deps: Deps, profile: UserProfileRecord): Promise<string>;
  /**
   * Runs `call` with a live access token of the profile: refreshed first when it expired, and refreshed
   * once more and retried when the CRM answers 401. A DISCONNECTED profile answers 409 without calling
   * the CRM.
   */
  withFreshToken<T>(
    deps: Deps,
    profile: UserProfileRecord,
    call: (connection: Connection) => Promise<T>,
  ): Promise<T>;
}

/** A sealed secret opened, or null when there is none or it cannot be opened. */
export function openSecret(deps: Pick<Deps, 'secretBox'>, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return deps.secretBox.open(sealed);
  } catch {
    return null;
  }
}

export function oauthSession<Connection>(
  spec: OAuthSessionSpec<Connection>,
): OAuthSession<Connection> {
  async function markDisconnected(
    deps: Deps,
    profile: UserProfileRecord,
    reason: string,
  ): Promise<never> {
    await deps.crmSessions.markDisconnected(profile.id);
    profile.status = 'DISCONNECTED';
    deps.log.warn(
      { userProfileId: profile.id, reason },
      `${spec.name} profile marked DISCONNECTED: its token could not be refreshed`,
    );
    throw spec.disconnected(profile);
  }

  async function runRefresh(deps: Deps, profile: UserProfileRecord): Promise<string> {
    const renewal = await spec.renew(deps, profile);
    if (!renewal.ok) return markDisconnected(deps, profile, renewal.reason);
    const accessTokenSealed = deps.secretBox.seal(renewal.accessToken);
    const refreshTokenSealed =
      renewal.refreshToken === null ? undefined : deps.secretBox.seal(renewal.refreshToken);
    const tokenExpiresAt =
      renewal.expiresInSeconds === null
        ? null
        : new Date(nowMs(deps.clock) + renewal.expiresInSeconds * 1000).toISOString();
    const { instanceUrl } = renewal;
    await deps.crmSessions.saveTokens(profile.id, {
      accessTokenSealed,
      refreshTokenSealed,
      tokenExpiresAt,
      instanceUrl,
    });
    Object.assign(profile, {
      accessTokenSealed,
      tokenExpiresAt,
      ...(refreshTokenSealed === undefined ? {} : { refreshTokenSealed }),
      ...(instanceUrl === undefined ? {} : { instanceUrl }),
    });
    return renewal.accessToken;
  }

  function refresh(deps: Deps, profile: UserProfileRecord): Promise<string> {
    const inFlight = deps.state.tokenRefreshes;
    const key = `${spec.crm}:${profile.id}`;
    const running = inFlight.get(key);
    if (running) return running;
    const started = runRefresh(deps, profile).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  const isExpiring = (profile: UserProfileRecord, now: number): boolean =>
    profile.tokenExpiresAt !== null &&
    Date.parse(profile.tokenExpiresAt) - spec.expiryMarginMs <= now;

  async function withFreshToken<T>(
    deps: Deps,
    profile: UserProfileRecord,
    call: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    if (profile.crm !== spec.crm)
      throw new Error(`Profile ${profile.id} is not a ${spec.name} profile`);
    if (profile.status === 'DISCONNECTED') throw spec.disconnected(profile);
    const stored = isExpiring(profile, nowMs(deps.clock))
      ? null
      : openSecret(deps, profile.accessTokenSealed);
    const accessToken = stored ?? (await refresh(deps, profile));
    try {
      return await call(spec.connection(deps, profile, accessToken));
    } catch (error) {
      if (!(error instanceof spec.tokenRejected)) throw error;
    }
    const renewed = await refresh(deps, profile);
    try {
      return await call(spec.connection(deps, profile, renewed));
    } catch (error) {
      if (error instanceof spec.tokenRejected)
        throw new ProviderError(
          'refused',
          spec.name,
          `${spec.name} did not accept a freshly renewed access token while ${error.action}`,
        );
      throw error;
    }
  }

  return { refresh, withFreshToken };
}
