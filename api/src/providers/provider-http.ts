import { badGateway } from '../http/http-error.js';

export type ProviderName = 'HubSpot' | 'Salesforce' | 'Smartlead' | 'Instantly' | 'EmailBison' | 'HeyReach';

export interface ProviderRequest {
  provider: ProviderName;
  /** What the call does, for messages: "listing clients", "exchanging the sign-in code". */
  action: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON body, or a URLSearchParams form. */
  body?: unknown;
  timeoutMs: number;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, the text when it is not JSON, or null when empty. */
  data: unknown;
  headers: Headers;
}

/**
 * One call to an outside service. Network failures and time-outs become a 502 whose message names
 * the provider and the action; HTTP error statuses are returned for the adapter to interpret
 * (an invalid key is an answer, not a failure). The URL is never put in a message: it may hold a key.
 */
export async function providerFetch({ provider, action, url, method = 'GET', headers = {}, body, timeoutMs }: ProviderRequest): Promise<ProviderResponse> {
  const isForm = body instanceof URLSearchParams;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body.toString() : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The abort reason is a DOMException, which is not always an `instanceof Error` (another realm under jest).
    const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw badGateway(timedOut ? `${provider} did not answer in time while ${action}` : `${provider} could not be reached while ${action}`);
  }
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return { status: response.status, data, headers: response.headers };
}

/** For an answer the adapter cannot use (5xx, 429 after retries, an unexpected shape). */
export function providerFailed(provider: ProviderName, action: string, status?: number): never {
  throw badGateway(`${provider} failed while ${action}${status ? ` (status ${status})` : ''}`);
}
