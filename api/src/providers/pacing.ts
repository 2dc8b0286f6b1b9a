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
 * The calls one window is planned for: a margin short of the limit (5 %, at least 2). The turns are
 * kept in the database, but a call leaves its process a little after its turn (a token renewed, a
 * busy event loop, the network) while the next one may leave on time, so the calls the CRM counts in
 * one sliding window can outnumber the turns in it; the margin absorbs that (at 110 per 10 s, half a
 * second of lateness). Measured at the sandbox: api/test/crm-rate-limits.test.ts.
 */
export const plannedCalls = (rule: RateRule): number =>
  Math.max(1, rule.limit - Math.max(2, Math.ceil(rule.limit / 20)));

/** The gap between two turns of one limit: the planned calls spread evenly over its window. */
export const paceOf = (rule: RateRule): number => Math.ceil(rule.windowMs / plannedCalls(rule));

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
