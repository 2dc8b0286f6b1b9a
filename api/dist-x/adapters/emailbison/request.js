import { providerFetch } from '../../providers/provider-http.js';
/** An instance URL as users type it ("https://dedi.emailbison.com/", ".../api") → its origin and path without /api. */
export function normalizeBisonBaseUrl(baseUrl) {
    try {
        const url = new URL(baseUrl.trim());
        if (url.protocol !== 'https:' && url.protocol !== 'http:')
            return undefined;
        return `${url.origin}${url.pathname}`.replace(/\/+$/, '').replace(/\/api$/i, '');
    }
    catch {
        return undefined;
    }
}
/**
 * Where a key's calls go: the configured override (the sandbox in the default run) or the key's own
 * instance. undefined when there is neither.
 */
export function bisonApiBase(endpoints, baseUrl) {
    if (endpoints.emailbisonBaseUrlOverride)
        return endpoints.emailbisonBaseUrlOverride.replace(/\/+$/, '');
    return baseUrl ? normalizeBisonBaseUrl(baseUrl) : undefined;
}
/** One EmailBison call with the workspace token as `Authorization: Bearer`. */
export function bisonRequest(endpoints, base, apiKey, call) {
    return providerFetch({
        provider: 'EmailBison',
        action: call.action,
        url: `${base}${call.path}`,
        method: call.method ?? 'GET',
        headers: { authorization: `Bearer ${apiKey}` },
        body: call.body,
        timeoutMs: endpoints.timeoutMs,
        guard: endpoints.guard,
    });
}
//# sourceMappingURL=request.js.map