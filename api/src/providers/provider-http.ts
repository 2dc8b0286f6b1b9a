import { systemClock } from '../clock.js';
import { isOutboundError, type OutboundAnswer, type OutboundGuard } from '../outbound/index.js';
import { ProviderError, retryAfterMs, type ProviderName } from './provider-error.js';

export {
  CrmDisconnected,
  ProviderError,
  ProviderNotConfigured,
  type ProviderFailureKind,
  type ProviderName,
} from './provider-error.js';

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
  /** The outbound guard every provider call goes through (ProviderEndpoints.guard). */
  guard: OutboundGuard;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, the text when it is not JSON, or null when empty. */
  data: unknown;
  headers: Headers;
}

/**
 * One call to an outside service, through the outbound guard. Network failures and time-outs become a
 * ProviderError (`unavailable`, `timeout`; an answer over the guard's byte cap `bad-answer`, a URL or
 * redirect the guard refuses `refused`) whose message names the provider and the action; HTTP error statuses are returned for the adapter to interpret
 * (an invalid key is an answer, not a failure). The URL is never put in a message: it may hold a key.
 */
export async function providerFetch({
  provider,
  action,
  url,
  method = 'GET',
  headers = {},
  body,
  timeoutMs,
  guard,
}: ProviderRequest): Promise<ProviderResponse> {
  const isForm = body instanceof URLSearchParams;
  let response: OutboundAnswer;
  try {
    response = await guard.request(provider, {
      url,
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined
          ? {}
          : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body.toString() : JSON.stringify(body),
      timeoutMs,
    });
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    // The guard reads the answer under the same time-out: a body cut off by it is a `timeout` too.
    switch (error.kind) {
      case 'timeout':
        throw new ProviderError(
          'timeout',
          provider,
          `${provider} did not answer in time while ${action}`,
        );
      case 'unreachable':
      case 'unresolved':
        throw new ProviderError(
          'unavailable',
          provider,
          `${provider} could not be reached while ${action}`,
        );
      case 'too-large':
        throw new ProviderError(
          'bad-answer',
          provider,
          `${provider} gave an answer too large to read while ${action} (${error.message})`,
        );
      case 'refused':
        // The guard would not call the URL (an address or redirect it refuses): retrying does not help.
        throw new ProviderError(
          'refused',
          provider,
          `${provider} was not called while ${action}: ${error.message}`,
        );
    }
  }
  const text = response.body.toString('utf8');
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
  const kind =
    status === 504
      ? 'timeout'
      : status !== undefined && status >= 500
        ? 'unavailable'
        : 'bad-answer';
  throw new ProviderError(
    kind,
    provider,
    `${provider} failed while ${action}${status ? ` (status ${status})` : ''}`,
    { status },
  );
}

/** A 429 (or another "slow down"): rate-limited, with the Retry-After the provider sent. */
export function providerRateLimited(
  provider: ProviderName,
  response: Pick<ProviderResponse, 'status' | 'headers'>,
  message: string,
): never {
  // Delta-seconds need no clock; an HTTP-date Retry-After is measured from the time it arrived.
  throw new ProviderError('rate-limited', provider, message, {
    status: response.status,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after'), systemClock.now()),
  });
}

/** An answer of a shape the adapter cannot read. */
export function providerBadAnswer(provider: ProviderName, action: string): never {
  throw new ProviderError(
    'bad-answer',
    provider,
    `${provider} gave an answer that could not be read while ${action}`,
  );
}

/** The provider answered and said no (a refused token, a missing scope, a request it rejects). */
export function providerRefused(provider: ProviderName, message: string, status?: number): never {
  throw new ProviderError('refused', provider, message, { status });
}
