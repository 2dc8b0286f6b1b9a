import type { z } from 'zod';
import type { OutboundGuard } from '../../outbound/index.js';
import {
  providerBadAnswer,
  providerFailed,
  providerFetch,
  providerRateLimited,
  providerRefused,
  type ProviderResponse,
} from '../../providers/provider-http.js';

/** Where and how a HubSpot API call goes: the API base, the time limit and a live access token. */
export interface HubSpotConnection {
  apiUrl: string;
  timeoutMs: number;
  guard: OutboundGuard;
  accessToken: string;
}

/** HubSpot answered 401: the access token expired or was revoked. The token helper refreshes once and retries. */
export class HubSpotTokenRejected extends Error {
  constructor(readonly action: string) {
    super(`HubSpot did not accept the access token while ${action}`);
    this.name = 'HubSpotTokenRejected';
  }
}

export interface HubSpotCall {
  /** What the call does, for messages: "listing owners". */
  action: string;
  /** Path under the API base, e.g. "/crm/v3/owners". */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

function hubspotUrl(apiUrl: string, path: string, query: HubSpotCall['query'] = {}): string {
  const url = new URL(`${apiUrl}${path}`);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/** The `message` of a HubSpot error body, cut short; never the token. */
export function hubspotMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const message = (data as Record<string, unknown>).message;
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  return message.length > 200 ? `${message.slice(0, 197)}...` : message;
}

/**
 * Maps a HubSpot answer that is not a success: 401 → HubSpotTokenRejected (refresh and retry),
 * 403 → refused (the connection lacks a scope), 429 → rate-limited, 5xx → unavailable, another 4xx →
 * refused with HubSpot's message.
 */
export function throwIfHubSpotFailed(action: string, response: ProviderResponse): void {
  const { status } = response;
  if (status >= 200 && status < 300) return;
  if (status === 401) throw new HubSpotTokenRejected(action);
  if (status === 403)
    providerRefused(
      'HubSpot',
      `HubSpot refused ${action}: the connection lacks a scope it needs. Sign in with HubSpot again and grant every scope`,
      status,
    );
  if (status === 429)
    providerRateLimited(
      'HubSpot',
      response,
      `HubSpot is limiting requests (status 429) while ${action}; try again later`,
    );
  if (status < 400 || status >= 500) providerFailed('HubSpot', action, status);
  const message = hubspotMessage(response.data);
  providerRefused(
    'HubSpot',
    `HubSpot refused ${action} (status ${status})${message ? `: ${message}` : ''}`,
    status,
  );
}

/** One authenticated HubSpot API call as sent, its answer whatever the status (hubspotRequest and the writers' calls map it). */
export function hubspotFetch(
  connection: HubSpotConnection,
  call: HubSpotCall,
): Promise<ProviderResponse> {
  return providerFetch({
    provider: 'HubSpot',
    action: call.action,
    url: hubspotUrl(connection.apiUrl, call.path, call.query),
    method: call.method ?? 'GET',
    headers: { authorization: `Bearer ${connection.accessToken}` },
    body: call.body,
    timeoutMs: connection.timeoutMs,
    guard: connection.guard,
  });
}

/** One authenticated HubSpot API call; the 2xx answer parsed with `schema` (another shape is a `bad-answer` ProviderError). */
export async function hubspotRequest<S extends z.ZodType>(
  connection: HubSpotConnection,
  call: HubSpotCall,
  schema: S,
): Promise<z.output<S>> {
  const response = await hubspotFetch(connection, call);
  throwIfHubSpotFailed(call.action, response);
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('HubSpot', call.action);
  return parsed.data;
}
