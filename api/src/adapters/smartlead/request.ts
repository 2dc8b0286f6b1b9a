import { providerFetch, type ProviderResponse } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';

export interface SmartleadCall {
  action: string;
  /** Path under the API base, e.g. "/client/". */
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
}

/** One Smartlead call: the key goes in ?api_key= (Smartlead's only way); the URL never reaches a message or log. */
export function smartleadRequest(
  endpoints: ProviderEndpoints,
  apiKey: string,
  call: SmartleadCall,
): Promise<ProviderResponse> {
  const query = new URLSearchParams({ api_key: apiKey });
  for (const [name, value] of Object.entries(call.query ?? {})) query.set(name, String(value));
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
