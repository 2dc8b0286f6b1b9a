import { providerFetch, type ProviderResponse } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';

export interface HeyReachCall {
  action: string;
  /** Path under the public API base, e.g. "/auth/CheckApiKey". */
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** One HeyReach public API call with the key in `X-API-KEY`. */
export function heyReachRequest(
  endpoints: ProviderEndpoints,
  apiKey: string,
  call: HeyReachCall,
): Promise<ProviderResponse> {
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
