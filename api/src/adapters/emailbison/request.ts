import { providerFetch, type ProviderResponse } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';

/** An instance URL as users type it ("https://dedi.emailbison.com/", ".../api") → its origin and path without /api. */
export function normalizeBisonBaseUrl(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '').replace(/\/api$/i, '');
  } catch {
    return undefined;
  }
}

/**
 * Where a key's calls go: the configured override (the sandbox in the default run) or the key's own
 * instance. undefined when there is neither.
 */
export function bisonApiBase(
  endpoints: ProviderEndpoints,
  baseUrl: string | null | undefined,
): string | undefined {
  if (endpoints.emailbisonBaseUrlOverride)
    return endpoints.emailbisonBaseUrlOverride.replace(/\/+$/, '');
  return baseUrl ? normalizeBisonBaseUrl(baseUrl) : undefined;
}

export interface BisonCall {
  action: string;
  /** Path under the instance, e.g. "/api/users". */
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
}

/** One EmailBison call with the workspace token as `Authorization: Bearer`. */
export function bisonRequest(
  endpoints: ProviderEndpoints,
  base: string,
  apiKey: string,
  call: BisonCall,
): Promise<ProviderResponse> {
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
