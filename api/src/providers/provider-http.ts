import { systemClock } from '../clock.js';
import { ProviderError, retryAfterMs, type ProviderName } from './provider-error.js';

export { CrmDisconnected, ProviderError, ProviderNotConfigured, type ProviderFailureKind, type ProviderName } from './provider-error.js';

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
 * One call to an outside service. Network failures and time-outs become a ProviderError (`unavailable`,
 * `timeout`) whose message names the provider and the action; HTTP error statuses are returned for the adapter to interpret
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
    throw timedOut
      ? new ProviderError('timeout', provider, `${provider} did not answer in time while ${action}`)
      : new ProviderError('unavailable', provider, `${provider} could not be reached while ${action}`);
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

/** For a status the adapter cannot use: 5xx (the provider failing; 504 its gateway timing out), or an unexpected 1xx/3xx. */
export function providerFailed(provider: ProviderName, action: string, status?: number): never {
  const kind = status === 504 ? 'timeout' : status !== undefined && status >= 500 ? 'unavailable' : 'bad-answer';
  throw new ProviderError(kind, provider, `${provider} failed while ${action}${status ? ` (status ${status})` : ''}`, { status });
}

/** A 429 (or another "slow down"): rate-limited, with the Retry-After the provider sent. */
export function providerRateLimited(provider: ProviderName, response: Pick<ProviderResponse, 'status' | 'headers'>, message: string): never {
  // Delta-seconds need no clock; an HTTP-date Retry-After is measured from the time it arrived.
  throw new ProviderError('rate-limited', provider, message, { status: response.status, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), systemClock.now()) });
}

/** An answer of a shape the adapter cannot read. */
export function providerBadAnswer(provider: ProviderName, action: string): never {
  throw new ProviderError('bad-answer', provider, `${provider} gave an answer that could not be read while ${action}`);
}

/** The provider answered and said no (a refused token, a missing scope, a request it rejects). */
export function providerRefused(provider: ProviderName, message: string, status?: number): never {
  throw new ProviderError('refused', provider, message, { status });
}
