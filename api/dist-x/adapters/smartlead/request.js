import { providerFetch } from '../../providers/provider-http.js';
/** One Smartlead call: the key goes in ?api_key= (Smartlead's only way); the URL never reaches a message or log. */
export function smartleadRequest(endpoints, apiKey, call) {
    const query = new URLSearchParams({ api_key: apiKey });
    for (const [name, value] of Object.entries(call.query ?? {}))
        query.set(name, String(value));
    return providerFetch({
        provider: 'Smartlead',
        action: call.action,
        url: `${endpoints.smartleadApiUrl}${call.path}?${query.toString()}`,
        method: call.method ?? 'GET',
        body: call.body,
        timeoutMs: endpoints.timeoutMs,
        guard: endpoints.guard,
    });
}
//# sourceMappingURL=request.js.map