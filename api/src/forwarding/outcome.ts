import { isOutboundError } from '../outbound/index.js';
import { retryAfterMs } from '../providers/provider-error.js';

/**
 * What one attempt means for the delivery:
 * - `delivered`: a 2xx;
 * - `retry`: worth another attempt (429, 5xx, time-out, unreachable…), no sooner than `retryAfterMs` when the endpoint said;
 * - `stop`: the endpoint answered 410 Gone: no more attempts (Standard Webhooks);
 * - `give-up`: retrying cannot help (another 4xx, or the guard refused the address).
 */
export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; retryAfterMs: number | null; reason: string }
  | { kind: 'stop'; reason: string }
  | { kind: 'give-up'; reason: string };

/** An attempt's result: the endpoint's answer, or why there was none. */
export type AttemptResult = { statusCode: number; retryAfter: string | null } | { error: unknown };

/** Classifies an attempt; `now` is when the answer came (an HTTP-date Retry-After is measured from it). */
export function classifyAttempt(result: AttemptResult, now: Date): DeliveryOutcome {
  if ('error' in result) {
    const { error } = result;
    if (isOutboundError(error) && error.kind === 'refused')
      return { kind: 'give-up', reason: `the address was refused: ${error.message}` };
    return {
      kind: 'retry',
      retryAfterMs: null,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  const status = result.statusCode;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410)
    return { kind: 'stop', reason: 'the endpoint answered 410 Gone: no more attempts' };
  if (status === 429 || status >= 500)
    return {
      kind: 'retry',
      retryAfterMs: retryAfterMs(result.retryAfter, now) ?? null,
      reason: `the endpoint answered ${status}`,
    };
  return { kind: 'give-up', reason: `the endpoint answered ${status}` };
}
