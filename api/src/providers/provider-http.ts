import { badGateway } from '../http/http-error.js';
import { isOutboundError, type OutboundAnswer, type OutboundGuard } from '../outbound/index.js';

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
 * One call to an outside service. Network failures and time-outs become a 502 whose message names
 * the provider and the action; HTTP error statuses are returned for the adapter to interpret
 * (an invalid key is an answer, not a failure). The URL is never put in a message: it may hold a key.
 */
export async function providerFetch({ provider, action, url, method = 'GET', headers = {}, body, timeoutMs, guard }: ProviderRequest): Promise<ProviderResponse> {
  const isForm = body instanceof URLSearchParams;
  let response: OutboundAnswer;
  try {
    response = await guard.request(provider, {
      url,
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body.toString() : JSON.stringify(body),
      timeoutMs,
    });
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    switch (error.kind) {
      case 'timeout':
        throw badGateway(`${provider} did not answer in time while ${action}`);
      case 'unreachable':
      case 'unresolved':
        throw badGateway(`${provider} could not be reached while ${action}`);
      case 'too-large':
        throw badGateway(`${provider} gave an answer too large to read while ${action} (${error.message})`);
      case 'refused':
        throw badGateway(`${provider} was not called while ${action}: ${error.message}`);
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

/** For an answer the adapter cannot use (5xx, 429 after retries, an unexpected shape). */
export function providerFailed(provider: ProviderName, action: string, status?: number): never {
  throw badGateway(`${provider} failed while ${action}${status ? ` (status ${status})` : ''}`);
}
