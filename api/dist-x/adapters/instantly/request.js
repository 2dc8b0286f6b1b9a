import { providerFetch } from '../../providers/provider-http.js';
/** One Instantly API v2 call, authorized with `Authorization: Bearer <key>`. */
export function instantlyRequest(endpoints, apiKey, call) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {}))
        if (value !== undefined)
            query.set(name, String(value));
    const search = query.toString();
    return providerFetch({
        provider: 'Instantly',
        action: call.action,
        url: `${endpoints.instantlyApiUrl}${call.path}${search ? `?${search}` : ''}`,
        method: call.method ?? 'GET',
        headers: { authorization: `Bearer ${apiKey}` },
        body: call.body,
        timeoutMs: endpoints.timeoutMs,
        guard: endpoints.guard,
    });
}
//# sourceMappingURL=request.js.map