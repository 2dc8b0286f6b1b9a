import { providerBadAnswer, providerFailed, providerFetch, providerRateLimited, providerRefused } from '../../providers/provider-http.js';
/** HubSpot answered 401: the access token expired or was revoked. The token helper refreshes once and retries. */
export class HubSpotTokenRejected extends Error {
    action;
    constructor(action) {
        super(`HubSpot did not accept the access token while ${action}`);
        this.action = action;
        this.name = 'HubSpotTokenRejected';
    }
}
function hubspotUrl(apiUrl, path, query = {}) {
    const url = new URL(`${apiUrl}${path}`);
    for (const [name, value] of Object.entries(query))
        if (value !== undefined)
            url.searchParams.set(name, String(value));
    return url.toString();
}
/** The `message` of a HubSpot error body, cut short; never the token. */
export function hubspotMessage(data) {
    if (!data || typeof data !== 'object')
        return undefined;
    const message = data.message;
    if (typeof message !== 'string' || message.trim() === '')
        return undefined;
    return message.length > 200 ? `${message.slice(0, 197)}...` : message;
}
/**
 * Maps a HubSpot answer that is not a success: 401 → HubSpotTokenRejected (refresh and retry),
 * 403 → refused (the connection lacks a scope), 429 → rate-limited, 5xx → unavailable, another 4xx →
 * refused with HubSpot's message.
 */
export function throwIfHubSpotFailed(action, response) {
    const { status } = response;
    if (status >= 200 && status < 300)
        return;
    if (status === 401)
        throw new HubSpotTokenRejected(action);
    if (status === 403)
        providerRefused('HubSpot', `HubSpot refused ${action}: the connection lacks a scope it needs. Sign in with HubSpot again and grant every scope`, status);
    if (status === 429)
        providerRateLimited('HubSpot', response, `HubSpot is limiting requests (status 429) while ${action}; try again later`);
    if (status < 400 || status >= 500)
        providerFailed('HubSpot', action, status);
    const message = hubspotMessage(response.data);
    providerRefused('HubSpot', `HubSpot refused ${action} (status ${status})${message ? `: ${message}` : ''}`, status);
}
/** One authenticated HubSpot API call as sent, its answer whatever the status (hubspotRequest and the writers' calls map it). */
export function hubspotFetch(connection, call) {
    return providerFetch({
        provider: 'HubSpot',
        action: call.action,
        url: hubspotUrl(connection.apiUrl, call.path, call.query),
        method: call.method ?? 'GET',
        headers: { authorization: `Bearer ${connection.accessToken}` },
        body: call.body,
        timeoutMs: connection.timeoutMs,
        guard: connection.guard,
    });
}
/** One authenticated HubSpot API call; the 2xx answer parsed with `schema` (another shape is a `bad-answer` ProviderError). */
export async function hubspotRequest(connection, call, schema) {
    const response = await hubspotFetch(connection, call);
    throwIfHubSpotFailed(call.action, response);
    const parsed = schema.safeParse(response.data);
    if (!parsed.success)
        providerBadAnswer('HubSpot', call.action);
    return parsed.data;
}
//# sourceMappingURL=request.js.map