import { providerFetch } from '../../providers/provider-http.js';
/** One HeyReach public API call with the key in `X-API-KEY`. */
export function heyReachRequest(endpoints, apiKey, call) {
    return providerFetch({
        provider: 'HeyReach',
        action: call.action,
        url: `${endpoints.heyreachApiUrl}${call.path}`,
        method: call.method ?? 'GET',
        headers: { 'x-api-key': apiKey },
        body: call.body,
        timeoutMs: endpoints.timeoutMs,
        guard: endpoints.guard,
    });
}
//# sourceMappingURL=request.js.map