import { z } from 'zod';
import { isOutboundError } from '../../outbound/index.js';
import { providerBadAnswer, ProviderError, providerFailed, providerFetch, providerRateLimited } from '../../providers/provider-http.js';
import { salesforceError, salesforceSite } from './request.js';
/**
 * The domain's /services/oauth2/authorize for the web-server flow (spec §2: response type code,
 * prompt login, redirect to /oauth/salesforce). With the override set the browser goes there instead.
 */
export function salesforceAuthorizeUrl(endpoints, domain, consumerKey, redirectUri, state) {
    const url = new URL(`${salesforceSite(endpoints, domain)}/services/oauth2/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('prompt', 'login');
    url.searchParams.set('client_id', consumerKey);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
}
const tokenAnswer = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1).optional(), instance_url: z.string().min(1) });
async function requestToken(endpoints, app, action, grant) {
    const response = await providerFetch({
        provider: 'Salesforce',
        action,
        url: `${salesforceSite(endpoints, app.domain)}/services/oauth2/token`,
        method: 'POST',
        body: new URLSearchParams({ ...grant, client_id: app.consumerKey, client_secret: app.consumerSecret }),
        timeoutMs: endpoints.timeoutMs,
        guard: endpoints.guard,
    });
    if (response.status === 429)
        providerRateLimited('Salesforce', response, `Salesforce is limiting requests (status 429) while ${action}; try again later`);
    if (response.status >= 400 && response.status < 500) {
        const error = salesforceError(response.data);
        return { ok: false, error: error?.errorCode ?? `status ${response.status}`, message: error?.message ?? `status ${response.status}` };
    }
    if (response.status < 200 || response.status >= 300)
        providerFailed('Salesforce', action, response.status);
    const parsed = tokenAnswer.safeParse(response.data);
    if (!parsed.success)
        providerBadAnswer('Salesforce', action);
    // The instance URL is where every later call goes: it must be a Salesforce host on a public address.
    try {
        await endpoints.guard.vet('Salesforce', parsed.data.instance_url);
    }
    catch (error) {
        if (isOutboundError(error))
            throw new ProviderError('bad-answer', 'Salesforce', `Salesforce gave an instance URL that is not called while ${action}: ${error.message}`);
        throw error;
    }
    return { ok: true, accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token ?? null, instanceUrl: parsed.data.instance_url };
}
/** authorization_code grant with the settings' consumer key and secret. */
export function exchangeSalesforceCode(endpoints, app, code, redirectUri) {
    return requestToken(endpoints, app, 'exchanging the sign-in code', { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
}
/** refresh_token grant: a new access token (Salesforce keeps the refresh token). */
export function refreshSalesforceToken(endpoints, app, refreshToken) {
    return requestToken(endpoints, app, 'refreshing the access token', { grant_type: 'refresh_token', refresh_token: refreshToken });
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
export async function readSalesforceUserInfo(endpoints, domain, accessToken) {
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
        providerRateLimited('Salesforce', response, `Salesforce is limiting requests (status 429) while ${action}; try again later`);
    if (response.status < 200 || response.status >= 300)
        providerFailed('Salesforce', action, response.status);
    const parsed = userInfo.safeParse(response.data);
    if (!parsed.success)
        providerBadAnswer('Salesforce', action);
    const { user_id, organization_id, email, given_name, family_name, preferred_username } = parsed.data;
    return { userId: user_id, organizationId: organization_id, email: email ?? preferred_username ?? '', firstName: given_name ?? '', lastName: family_name ?? '' };
}
//# sourceMappingURL=oauth.js.map