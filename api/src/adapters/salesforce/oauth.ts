import { z } from 'zod';
import { isOutboundError } from '../../outbound/index.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  providerBadAnswer,
  ProviderError,
  providerFailed,
  providerFetch,
  providerRateLimited,
} from '../../providers/provider-http.js';
import { salesforceError, salesforceSite } from './request.js';

/** A connected app (or External Client App) of one org: its My Domain, consumer key and secret. */
export interface SalesforceApp {
  /** https://… My Domain as the user saved it. */
  domain: string;
  consumerKey: string;
  consumerSecret: string;
}

/**
 * The domain's /services/oauth2/authorize for the web-server flow (spec §2: response type code,
 * prompt login, redirect to /oauth/salesforce). With the override set the browser goes there instead.
 */
export function salesforceAuthorizeUrl(
  endpoints: ProviderEndpoints,
  domain: string,
  consumerKey: string,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(`${salesforceSite(endpoints, domain)}/services/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('prompt', 'login');
  url.searchParams.set('client_id', consumerKey);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Tokens from the token endpoint, or Salesforce's refusal (invalid_grant, invalid_client_id, invalid_client…). */
export type SalesforceGrant =
  | { ok: true; accessToken: string; refreshToken: string | null; instanceUrl: string }
  | { ok: false; error: string; message: string };

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.string().min(1),
});

async function requestToken(
  endpoints: ProviderEndpoints,
  app: SalesforceApp,
  action: string,
  grant: Record<string, string>,
): Promise<SalesforceGrant> {
  const response = await providerFetch({
    provider: 'Salesforce',
    action,
    url: `${salesforceSite(endpoints, app.domain)}/services/oauth2/token`,
    method: 'POST',
    body: new URLSearchParams({
      ...grant,
      client_id: app.consumerKey,
      client_secret: app.consumerSecret,
    }),
    timeoutMs: endpoints.timeoutMs,
    guard: endpoints.guard,
  });
  if (response.status === 429)
    providerRateLimited(
      'Salesforce',
      response,
      `Salesforce is limiting requests (status 429) while ${action}; try again later`,
    );
  if (response.status >= 400 && response.status < 500) {
    const error = salesforceError(response.data);
    return {
      ok: false,
      error: error?.errorCode ?? `status ${response.status}`,
      message: error?.message ?? `status ${response.status}`,
    };
  }
  if (response.status < 200 || response.status >= 300)
    providerFailed('Salesforce', action, response.status);
  const parsed = tokenAnswer.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('Salesforce', action);
  // The instance URL is where every later call goes: it must be a Salesforce host on a public address.
  try {
    await endpoints.guard.vet('Salesforce', parsed.data.instance_url);
  } catch (error) {
    if (isOutboundError(error))
      throw new ProviderError(
        'bad-answer',
        'Salesforce',
        `Salesforce gave an instance URL that is not called while ${action}: ${error.message}`,
      );
    throw error;
  }
  return {
    ok: true,
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    instanceUrl: parsed.data.instance_url,
  };
}

/** authorization_code grant with the settings' consumer key and secret. */
export function exchangeSalesforceCode(
  endpoints: ProviderEndpoints,
  app: SalesforceApp,
  code: string,
  redirectUri: string,
): Promise<SalesforceGrant> {
  return requestToken(endpoints, app, 'exchanging the sign-in code', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
  });
}

/** refresh_token grant: a new access token (Salesforce keeps the refresh token). */
export function refreshSalesforceToken(
  endpoints: ProviderEndpoints,
  app: SalesforceApp,
  refreshToken: string,
): Promise<SalesforceGrant> {
  return requestToken(endpoints, app, 'refreshing the access token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

/** The signed-in Salesforce user. */
export interface SalesforceUserInfo {
  userId: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
}

const userInfo = z.object({
  user_id: z.string(),
  organization_id: z.string(),
  email: z.string().nullish(),
  given_name: z.string().nullish(),
  family_name: z.string().nullish(),
  preferred_username: z.string().nullish(),
});

/** GET /services/oauth2/userinfo with the new token: user id, org id, email and names. */
export async function readSalesforceUserInfo(
  endpoints: ProviderEndpoints,
  domain: string,
  accessToken: string,
): Promise<SalesforceUserInfo> {
  const action = 'reading the connected user';
  const response = await providerFetch({
    provider: 'Salesforce',
    action,
    url: `${salesforceSite(endpoints, domain)}/services/oauth2/userinfo`,
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: endpoints.timeoutMs,
    guard: endpoints.guard,
  });
  if (response.status === 429)
    providerRateLimited(
      'Salesforce',
      response,
      `Salesforce is limiting requests (status 429) while ${action}; try again later`,
    );
  if (response.status < 200 || response.status >= 300)
    providerFailed('Salesforce', action, response.status);
  const parsed = userInfo.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('Salesforce', action);
  const { user_id, organization_id, email, given_name, family_name, preferred_username } =
    parsed.data;
  return {
    userId: user_id,
    organizationId: organization_id,
    email: email ?? preferred_username ?? '',
    firstName: given_name ?? '',
    lastName: family_name ?? '',
  };
}
