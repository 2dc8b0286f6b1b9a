/** The outside services the adapters call. */
export type ProviderName =
  'HubSpot' | 'Salesforce' | 'Smartlead' | 'Instantly' | 'EmailBison' | 'HeyReach';

/**
 * Why a provider call failed:
 * - `rate-limited`: the provider asks to slow down (429, Salesforce's request limit); retry after `retryAfterMs` when it says;
 * - `unavailable`: it could not be reached or failed itself (5xx); retry with backoff;
 * - `timeout`: no answer in time (ours or its gateway's 504); retry with backoff;
 * - `refused`: it answered and said no (a wrong key or token, a missing scope, a request it rejects); retrying does not help;
 * - `bad-answer`: it answered something the adapter cannot read; retrying rarely helps.
 */
export type ProviderFailureKind =
  'rate-limited' | 'unavailable' | 'timeout' | 'refused' | 'bad-answer';

const retryable: Record<ProviderFailureKind, boolean> = {
  'rate-limited': true,
  unavailable: true,
  timeout: true,
  refused: false,
  'bad-answer': false,
};

/**
 * A provider call that failed. The message is written for a person (the HTTP layer answers it as a
 * 502): it names the provider and what failed, never the URL (it may hold a key) or the remote body.
 */
export class ProviderError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: ProviderFailureKind,
    readonly provider: ProviderName,
    message: string,
    readonly details: { status?: number | undefined; retryAfterMs?: number | undefined } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.retryable = retryable[kind];
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** For `rate-limited`: how long the provider asked to wait, when it said. */
  get retryAfterMs(): number | undefined {
    return this.details.retryAfterMs;
  }
}

/**
 * Retry-After in milliseconds: delta-seconds, or an HTTP date measured from `now`. Undefined when
 * absent or unreadable.
 */
export function retryAfterMs(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * A CRM profile whose sign-in the CRM no longer renews (marked DISCONNECTED): its owner must connect it
 * again. Not a provider failure: retrying does not help. The HTTP layer answers 409 with the message.
 */
export class CrmDisconnected extends Error {
  constructor(
    readonly provider: 'HubSpot' | 'Salesforce',
    readonly userProfileId: number,
    message: string,
  ) {
    super(message);
    this.name = 'CrmDisconnected';
  }
}

/** A provider the api has no credentials for (its app is not configured). The HTTP layer answers 503. */
export class ProviderNotConfigured extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderNotConfigured';
  }
}
