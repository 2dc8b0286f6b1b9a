import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import type { OutboundGuard } from '../../outbound/index.js';
import {
  providerBadAnswer,
  providerFailed,
  providerFetch,
  providerRateLimited,
  ProviderNotConfigured,
} from '../../providers/provider-http.js';
import { hubspotMessage } from './request.js';

/** Scopes the product needs: contacts, companies, owners and timeline (spec §2 "CRM connection screen (HUBSPOT)"). */
export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.owners.read',
  'timeline',
] as const;

/**
 * Asked for but not required: lists (block lists, list lookups) and contact and company schemas
 * (properties). `crm.schemas.contacts.write` lets the CRM writers create the os_ contact
 * properties a webhook with "Custom contact properties" writes (without it that step fails and the
 * contact is written without them); `crm.schemas.companies.write` the company's unique
 * os_company_domain, which keeps a company from being made twice (without it companies are created
 * as before, unguarded).
 */
export const HUBSPOT_OPTIONAL_SCOPES = [
  'crm.lists.read',
  'crm.lists.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
  'crm.schemas.companies.read',
  'crm.schemas.companies.write',
] as const;

/** The HubSpot app the product signs in with. */
export interface HubSpotApp {
  apiUrl: string;
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  guard: OutboundGuard;
}

/** The configured HubSpot app; ProviderNotConfigured (a 503) when HUBSPOT_CLIENT_ID / HUBSPOT_CLIENT_SECRET are missing (real services without an app). */
export function hubspotApp(endpoints: ProviderEndpoints): HubSpotApp {
  const { apiUrl, authorizeUrl, clientId, clientSecret } = endpoints.hubspot;
  if (!clientId || !clientSecret)
    throw new ProviderNotConfigured(
      'HubSpot',
      'HubSpot sign-in is not configured: set HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET',
    );
  return {
    apiUrl,
    authorizeUrl,
    clientId,
    clientSecret,
    timeoutMs: endpoints.timeoutMs,
    guard: endpoints.guard,
  };
}

/** The "Sign in with" link: HubSpot's authorize page with the app, the redirect back, the scopes and a state. */
export function hubspotAuthorizeUrl(app: HubSpotApp, redirectUri: string, state: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
  url.searchParams.set('optional_scope', HUBSPOT_OPTIONAL_SCOPES.join(' '));
  url.searchParams.set('state', state);
  return url.toString();
}

/** Tokens from the token endpoint, or HubSpot's refusal (a bad or used code, a revoked refresh token). */
export type HubSpotGrant =
  | { ok: true; accessToken: string; refreshToken: string; expiresInSeconds: number }
  | { ok: false; status: string; message: string };

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number(),
});
const oauthRefusal = z
  .object({
    status: z.string().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
  })
  .loose();

async function requestToken(
  app: HubSpotApp,
  action: string,
  grant: Record<string, string>,
): Promise<HubSpotGrant> {
  const response = await providerFetch({
    provider: 'HubSpot',
    action,
    url: `${app.apiUrl}/oauth/v1/token`,
    method: 'POST',
    body: new URLSearchParams({
      ...grant,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    }),
    timeoutMs: app.timeoutMs,
    guard: app.guard,
  });
  if (response.status === 429)
    providerRateLimited(
      'HubSpot',
      response,
      `HubSpot is limiting requests (status 429) while ${action}; try again later`,
    );
  if (response.status >= 400 && response.status < 500) {
    const refusal = oauthRefusal.safeParse(response.data);
    const status = refusal.success
      ? (refusal.data.status ?? refusal.data.error ?? 'BAD_REQUEST')
      : 'BAD_REQUEST';
    return {
      ok: false,
      status,
      message: hubspotMessage(response.data) ?? `status ${response.status}`,
    };
  }
  if (response.status < 200 || response.status >= 300)
    providerFailed('HubSpot', action, response.status);
  const parsed = tokenAnswer.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('HubSpot', action);
  return {
    ok: true,
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    expiresInSeconds: parsed.data.expires_in,
  };
}

/** authorization_code grant: the code from the /oauth callback for tokens. */
export function exchangeHubSpotCode(
  app: HubSpotApp,
  code: string,
  redirectUri: string,
): Promise<HubSpotGrant> {
  return requestToken(app, 'exchanging the sign-in code', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
  });
}

/** refresh_token grant: a new access token for an expired one. */
export function refreshHubSpotToken(app: HubSpotApp, refreshToken: string): Promise<HubSpotGrant> {
  return requestToken(app, 'refreshing the access token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

/** Who and where an access token belongs to. */
export interface HubSpotTokenInfo {
  hubId: string;
  hubDomain: string | null;
  userId: string;
  userEmail: string;
  scopes: string[];
}

const tokenInfo = z.object({
  hub_id: z.union([z.number(), z.string()]),
  hub_domain: z.string().nullish(),
  user: z.string(),
  user_id: z.union([z.number(), z.string()]),
  scopes: z.array(z.string()).optional(),
});

/** GET /oauth/v1/access-tokens/{token}: hub id, hub domain, user id and user email. */
export async function readHubSpotTokenInfo(
  app: HubSpotApp,
  accessToken: string,
): Promise<HubSpotTokenInfo> {
  const action = 'reading the connected account';
  const response = await providerFetch({
    provider: 'HubSpot',
    action,
    url: `${app.apiUrl}/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`,
    timeoutMs: app.timeoutMs,
    guard: app.guard,
  });
  if (response.status === 429)
    providerRateLimited(
      'HubSpot',
      response,
      `HubSpot is limiting requests (status 429) while ${action}; try again later`,
    );
  if (response.status < 200 || response.status >= 300)
    providerFailed('HubSpot', action, response.status);
  const parsed = tokenInfo.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('HubSpot', action);
  return {
    hubId: String(parsed.data.hub_id),
    hubDomain: parsed.data.hub_domain ?? null,
    userId: String(parsed.data.user_id),
    userEmail: parsed.data.user,
    scopes: parsed.data.scopes ?? [],
  };
}
