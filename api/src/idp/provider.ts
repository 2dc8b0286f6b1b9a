import type { Kysely } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { findIdentityAccountBySubject } from '../repositories/identity-accounts.js';
import { databaseAdapter } from './adapter.js';
import type { Secrets } from '../secrets.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { renderProblemPage } from './pages.js';

export interface EmbeddedProviderOptions {
  issuerUrl: string;
  clientId: string;
  publicUrl: string;
  secrets: Secrets;
  db: Kysely<Database>;
  /** Seals the provider's stored records. */
  box: SecretBox;
  /** Where the stored records' expiry is read (the app's clock). */
  clock: Clock;
  onServerError: (error: Error) => void;
}

/** The path the issuer lives under, e.g. /oidc for http://localhost:8080/oidc. */
export const issuerMountPath = (issuerUrl: string): string =>
  new URL(issuerUrl).pathname.replace(/\/$/, '');

/** The path of the login page for one interaction. */
export const interactionPath = (issuerUrl: string, uid: string): string =>
  `${issuerMountPath(issuerUrl)}/interaction/${encodeURIComponent(uid)}`;

/**
 * The identity provider embedded in the api (oidc-provider 8): one confidential client (the dashboard's
 * backend), authorization code with PKCE, the scopes openid profile email, and our own login pages
 * instead of the development ones. Its models live in the api's database, hashed and sealed.
 */
export function createEmbeddedProvider({
  issuerUrl,
  clientId,
  publicUrl,
  secrets,
  db,
  box,
  clock,
  onServerError,
}: EmbeddedProviderOptions): Provider {
  const configuration: Configuration = {
    adapter: databaseAdapter(db, box, clock),
    clients: [
      {
        client_id: clientId,
        client_secret: secrets.idpClientSecret,
        client_name: 'CRM Sync',
        redirect_uris: [`${publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: secrets.idpJwks,
    cookies: {
      keys: secrets.idpCookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'picture'],
    },
    // The id token carries the claims of the granted scopes, so the api needs no userinfo call.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => interactionPath(issuerUrl, interaction.uid),
    },
    findAccount: async (_ctx, subject) => {
      const account = await findIdentityAccountBySubject(db, subject);
      if (!account) return undefined;
      return {
        accountId: account.subject,
        claims: async () => ({
          sub: account.subject,
          email: account.email,
          email_verified: true,
          name: account.name,
          nickname: account.nickname,
          picture: account.picture,
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const detail = [out.error, out.error_description].filter(Boolean).map(String).join(': ');
      ctx.body = renderProblemPage(
        'Sign-in failed',
        detail || 'Something went wrong while signing in.',
        `${publicUrl}/auth/login`,
      );
    },
    ttl: {
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  };

  const provider = new Provider(issuerUrl, configuration);
  provider.proxy = publicUrl.startsWith('https:');
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => onServerError(error));
  return provider;
}
