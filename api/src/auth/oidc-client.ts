import * as oidc from 'openid-client';
import type { IdentityConfig } from '../config.js';

/** What the callback needs to finish a sign-in: kept in the signed login cookie meanwhile. */
export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims the api reads of a signed-in person. */
export interface SignedInIdentity {
  /** The issuer that vouches for the subject (the id token's iss). */
  issuer: string;
  subject: string;
  email: string;
  /** The issuer's email_verified: only a verified email may link a sign-in to an existing user. */
  emailVerified: boolean;
  nickname: string;
  picture: string;
}

export interface RelyingParty {
  /** The issuer's authorize URL to send the browser to, and the checks to keep for the callback. */
  startLogin(): Promise<{ url: string; checks: LoginChecks }>;
  /** Exchanges the code of the callback URL (authorization code + PKCE) and reads the identity. */
  finishLogin(callbackUrl: URL, checks: LoginChecks): Promise<SignedInIdentity>;
}

export const SCOPE = 'openid profile email';

export interface RelyingPartyOptions {
  identity: IdentityConfig;
  clientSecret: string;
  redirectUri: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** email_verified as issuers send it: a boolean, or (some of them) the text "true". */
const isVerified = (value: unknown): boolean => value === true || value === 'true';

function readIdentity(claims: Record<string, unknown>, issuer: string): SignedInIdentity {
  const subject = text(claims.sub);
  const email = text(claims.email);
  if (!subject) throw new Error('The issuer sent no subject');
  if (!email) throw new Error('The issuer sent no email: the email scope is required');
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
export function createRelyingParty({
  identity,
  clientSecret,
  redirectUri,
}: RelyingPartyOptions): RelyingParty {
  let configuration: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(identity.issuerUrl);

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, identity.clientId, undefined, oidc.ClientSecretPost(clientSecret), {
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    async startLogin() {
      const config = await discover();
      const checks: LoginChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
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
      const idToken: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
      const claims = { ...idToken };
      if (text(claims.email) === undefined && text(claims.sub) !== undefined) {
        Object.assign(
          claims,
          await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub)),
        );
      }
      // The issuer and subject are the id token's, checked by openid-client; userinfo cannot change them.
      return readIdentity(
        { ...claims, iss: idToken.iss, sub: idToken.sub },
        config.serverMetadata().issuer,
      );
    },
  };
}
