import { nowMs } from '../clock.js';
import { ProviderError } from '../providers/provider-http.js';
import { setProfileStatus, updateProfileTokens } from '../repositories/user-profiles.js';
/** A sealed secret opened, or null when there is none or it cannot be opened. */
export function openSecret(deps, sealed) {
    if (sealed === null)
        return null;
    try {
        return deps.secretBox.open(sealed);
    }
    catch {
        return null;
    }
}
export function oauthSession(spec) {
    async function markDisconnected(deps, profile, reason) {
        await setProfileStatus(deps.db, profile.id, 'DISCONNECTED');
        profile.status = 'DISCONNECTED';
        deps.log.warn({ userProfileId: profile.id, reason }, `${spec.name} profile marked DISCONNECTED: its token could not be refreshed`);
        throw spec.disconnected(profile);
    }
    async function runRefresh(deps, profile) {
        const renewal = await spec.renew(deps, profile);
        if (!renewal.ok)
            return markDisconnected(deps, profile, renewal.reason);
        const accessTokenSealed = deps.secretBox.seal(renewal.accessToken);
        const refreshTokenSealed = renewal.refreshToken === null ? undefined : deps.secretBox.seal(renewal.refreshToken);
        const tokenExpiresAt = renewal.expiresInSeconds === null ? null : new Date(nowMs(deps.clock) + renewal.expiresInSeconds * 1000).toISOString();
        const { instanceUrl } = renewal;
        await updateProfileTokens(deps.db, profile.id, { accessTokenSealed, refreshTokenSealed, tokenExpiresAt, instanceUrl });
        Object.assign(profile, { accessTokenSealed, tokenExpiresAt, ...(refreshTokenSealed === undefined ? {} : { refreshTokenSealed }), ...(instanceUrl === undefined ? {} : { instanceUrl }) });
        return renewal.accessToken;
    }
    function refresh(deps, profile) {
        const inFlight = deps.state.tokenRefreshes;
        const key = `${spec.crm}:${profile.id}`;
        const running = inFlight.get(key);
        if (running)
            return running;
        const started = runRefresh(deps, profile).finally(() => inFlight.delete(key));
        inFlight.set(key, started);
        return started;
    }
    const isExpiring = (profile, now) => profile.tokenExpiresAt !== null && Date.parse(profile.tokenExpiresAt) - spec.expiryMarginMs <= now;
    async function withFreshToken(deps, profile, call) {
        if (profile.crm !== spec.crm)
            throw new Error(`Profile ${profile.id} is not a ${spec.name} profile`);
        if (profile.status === 'DISCONNECTED')
            throw spec.disconnected(profile);
        const stored = isExpiring(profile, nowMs(deps.clock)) ? null : openSecret(deps, profile.accessTokenSealed);
        const accessToken = stored ?? (await refresh(deps, profile));
        try {
            return await call(spec.connection(deps, profile, accessToken));
        }
        catch (error) {
            if (!(error instanceof spec.tokenRejected))
                throw error;
        }
        const renewed = await refresh(deps, profile);
        try {
            return await call(spec.connection(deps, profile, renewed));
        }
        catch (error) {
            if (error instanceof spec.tokenRejected)
                throw new ProviderError('refused', spec.name, `${spec.name} did not accept a freshly renewed access token while ${error.action}`);
            throw error;
        }
    }
    return { refresh, withFreshToken };
}
//# sourceMappingURL=oauth-session.js.map