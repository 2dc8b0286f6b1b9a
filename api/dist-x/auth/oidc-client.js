import * as oidc from 'openid-client';
export const SCOPE = 'openid profile email';
const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
/** email_verified as issuers send it: a boolean, or (some of them) the text "true". */
const isVerified = (value) => value === true || value === 'true';
function readIdentity(claims, issuer) {
    const subject = text(claims.sub);
    const email = text(claims.email);
    if (!subject)
        throw new Error('The issuer sent no subject');
    if (!email)
        throw new Error('The issuer sent no email: the email scope is required');
    return {
        issuer: text(claims.iss) ?? issuer,
        subject,
        email,
        emailVerified: isVerified(claims.email_verified),
        nickname: text(claims.nickname) ?? text(claims.name) ?? email.split('@')[0] ?? email,
        picture: text(claims.picture) ?? '',
    };
}
/**
 * The api's side of OpenID Connect (openid-client 6), for the embedded issuer or a hosted one.
 * Discovery happens on the first sign-in (the embedded issuer is this same server, listening by then)
 * and is cached; a failed discovery is retried on the next sign-in.
 */
export function createRelyingParty({ identity, clientSecret, redirectUri }) {
    let configuration;
    const issuer = new URL(identity.issuerUrl);
    function discover() {
        configuration ??= oidc
            .discovery(issuer, identity.clientId, undefined, oidc.ClientSecretPost(clientSecret), {
            execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        })
            .catch((error) => {
            configuration = undefined;
            throw error;
        });
        return configuration;
    }
    return {
        async startLogin() {
            const config = await discover();
            const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
            const url = oidc.buildAuthorizationUrl(config, {
                redirect_uri: redirectUri,
                scope: SCOPE,
                response_type: 'code',
                code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
                code_challenge_method: 'S256',
                state: checks.state,
                nonce: checks.nonce,
                prompt: 'login',
            });
            return { url: url.href, checks };
        },
        async finishLogin(callbackUrl, checks) {
            const config = await discover();
            const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
                pkceCodeVerifier: checks.codeVerifier,
                expectedState: checks.state,
                expectedNonce: checks.nonce,
                idTokenExpected: true,
            });
            const idToken = { ...(tokens.claims() ?? {}) };
            const claims = { ...idToken };
            if (text(claims.email) === undefined && text(claims.sub) !== undefined) {
                Object.assign(claims, await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)));
            }
            // The issuer and subject are the id token's, checked by openid-client; userinfo cannot change them.
            return readIdentity({ ...claims, iss: idToken.iss, sub: idToken.sub }, config.serverMetadata().issuer);
        },
    };
}
//# sourceMappingURL=oidc-client.js.map