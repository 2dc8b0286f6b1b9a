import { providerFetch, type ProviderResponse } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';

export interface InstantlyCall {
  action: string;
  /** Path under the v2 API base, e.g. "/workspaces/current". */
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** One Instantly API v2 call, authorized with `Authorization: Bearer <key>`. */
export function instantlyRequest(
  endpoints: ProviderEndpoints,
  apiKey: string,
  call: InstantlyCall,
): Promise<ProviderResponse> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {}))
    if (value !== undefined) query.set(name, String(value));
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
