import type { Deps } from '../deps.js';
import { reserveRateSlot } from '../repositories/rate-limit-pacing.js';
import { ProviderError, type ProviderName } from './provider-error.js';

/** A limit: so many calls in any stretch of `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Longest a writer waits in-process for its turn; beyond it the job is retried after the wait instead. */
export const RATE_LIMIT_MAX_WAIT_MS = 2_000;

/**
 * The gap between two calls of one limit: the calls paced evenly, two short of the limit per window, so
 * that no stretch of `windowMs` (HubSpot counts a sliding window) holds more than `limit` even when a
 * call leaves a little late and the next on time.
 */
export const paceOf = (rule: RateRule): number =>
  Math.ceil(rule.windowMs / Math.max(1, rule.limit - 2));

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Waits for a turn of each rule (in order), sleeping until it comes; when none comes within `maxWaitMs`
 * it throws a rate-limited ProviderError with retryAfterMs, so the queue runs the job again then.
 */
export async function waitForRateSlots(
  deps: Pick<Deps, 'db' | 'clock'>,
  provider: ProviderName,
  slots: readonly { key: string; rule: RateRule }[],
  options: { maxWaitMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const maxWaitMs = options.maxWaitMs ?? RATE_LIMIT_MAX_WAIT_MS;
  const sleep = options.sleep ?? realSleep;
  for (const { key, rule } of slots) {
    const now = deps.clock.now().getTime();
    const turn = await reserveRateSlot(deps.db, key, paceOf(rule), now, maxWaitMs);
    if (!turn.ok) {
      throw new ProviderError(
        'rate-limited',
        provider,
        `${provider}'s rate limit for this account is used up (${rule.limit} calls per ${rule.windowMs / 1000} s): trying again shortly`,
        {
          retryAfterMs: turn.waitMs,
        },
      );
    }
    if (turn.atMs > now) await sleep(turn.atMs - now);
  }
}
