import type { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import type { OutboundGuard } from '../../outbound/index.js';
import {
  providerBadAnswer,
  providerFailed,
  providerFetch,
  providerRateLimited,
  providerRefused,
  type ProviderResponse,
} from '../../providers/provider-http.js';
import { parseLimitInfo, type ApiUsage } from './limit-info.js';

/** The REST API version the adapter speaks. */
export const SALESFORCE_API_VERSION = 'v60.0';

/**
 * Where the api sends calls for a Salesforce My Domain: the domain itself, or the override (the
 * sandbox in the default run) so a user can type acme.my.salesforce.com and stay offline.
 */
export function salesforceSite(endpoints: ProviderEndpoints, domain: string): string {
  return (endpoints.salesforceDomainOverride ?? domain).replace(/\/+$/, '');
}

/** Where and how a Salesforce REST call goes: the instance (or override), the time limit and a live access token. */
export interface SalesforceConnection {
  /** Origin of the instance, e.g. https://acme.my.salesforce.com (the override when set). */
  baseUrl: string;
  timeoutMs: number;
  guard: OutboundGuard;
  accessToken: string;
  /** Told of the org's daily API allocation each answer reports (Sforce-Limit-Info). */
  onApiUsage?: (usage: ApiUsage) => Promise<void>;
}

/** Salesforce answered 401 (INVALID_SESSION_ID): the session ended. The token helper refreshes once and retries. */
export class SalesforceTokenRejected extends Error {
  constructor(readonly action: string) {
    super(`Salesforce did not accept the access token while ${action}`);
    this.name = 'SalesforceTokenRejected';
  }
}

export interface SalesforceCall {
  /** What the call does, for messages: "listing permission sets". */
  action: string;
  /** Path under /services/data/vXX.X, e.g. "/query", or an absolute path starting with /services/. */
  path: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A Salesforce refusal of a request (4xx other than 401): its errorCode and message. */
export interface SalesforceRefusal {
  ok: false;
  status: number;
  errorCode: string;
  message: string;
}

export type SalesforceAnswer<T> = { ok: true; data: T } | SalesforceRefusal;

function restUrl(connection: SalesforceConnection, call: SalesforceCall): string {
  const path = call.path.startsWith('/services/')
    ? call.path
    : `/services/data/${SALESFORCE_API_VERSION}${call.path}`;
  const url = new URL(`${connection.baseUrl}${path}`);
  for (const [name, value] of Object.entries(call.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 197)}...` : text);

/** errorCode and message of a REST error body ([{message, errorCode}]) or an OAuth one ({error, error_description}). */
export function salesforceError(data: unknown): { errorCode: string; message: string } | undefined {
  const first: unknown = Array.isArray(data) ? data[0] : data;
  if (!first || typeof first !== 'object') return undefined;
  const record = first as Record<string, unknown>;
  const errorCode =
    typeof record.errorCode === 'string'
      ? record.errorCode
      : typeof record.error === 'string'
        ? record.error
        : undefined;
  const message =
    typeof record.message === 'string'
      ? record.message
      : typeof record.error_description === 'string'
        ? record.error_description
        : undefined;
  if (errorCode === undefined && message === undefined) return undefined;
  return { errorCode: errorCode ?? 'UNKNOWN', message: clip(message ?? errorCode ?? '') };
}

/**


 */
function throwIfSalesforceFailed(action: string, response: ProviderResponse): void {
  const { status } = response;
  if (status === 401) throw new SalesforceTokenRejected(action);
  const error = salesforceError(response.data);
  if (status === 429 || (status === 403 && error?.errorCode === 'REQUEST_LIMIT_EXCEEDED')) {
    providerRateLimited(
      'Salesforce',
      response,
      `Salesforce is limiting requests (status ${status}: the org's API request limit is reached) while ${action}; try again later`,
    );
  }
  if (status < 200 || (status >= 300 && status < 400) || status >= 500)
    providerFailed('Salesforce', action, status);
}

/** One authenticated REST call: the parsed 2xx answer, or Salesforce's refusal (4xx) for the caller to read. */
export async function salesforceAnswer<S extends z.ZodType>(
  connection: SalesforceConnection,
  call: SalesforceCall,
  schema: S,
): Promise<SalesforceAnswer<z.output<S>>> {
  const response = await providerFetch({
    provider: 'Salesforce',
    action: call.action,
    url: restUrl(connection, call),
    method: call.method ?? 'GET',
    headers: { authorization: `Bearer ${connection.accessToken}` },
    body: call.body,
    timeoutMs: connection.timeoutMs,
    guard: connection.guard,
  });
  const usage = parseLimitInfo(response.headers.get('sforce-limit-info'));
  if (usage !== null && connection.onApiUsage) await connection.onApiUsage(usage);
  throwIfSalesforceFailed(call.action, response);
  if (response.status >= 400) {
    const error = salesforceError(response.data);
    return {
      ok: false,
      status: response.status,
      errorCode: error?.errorCode ?? 'UNKNOWN',
      message: error?.message || `status ${response.status}`,
    };
  }
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) providerBadAnswer('Salesforce', call.action);
  return { ok: true, data: parsed.data };
}

/** One authenticated REST call whose refusal is a `refused` ProviderError with Salesforce's message. */
export async function salesforceRequest<S extends z.ZodType>(
  connection: SalesforceConnection,
  call: SalesforceCall,
  schema: S,
): Promise<z.output<S>> {
  const answer = await salesforceAnswer(connection, call, schema);
  if (!answer.ok)
    providerRefused(
      'Salesforce',
      `Salesforce refused ${call.action} (status ${answer.status}): ${answer.errorCode}${answer.message ? ` ${answer.message}` : ''}`,
      answer.status,
    );
  return answer.data;
}
