import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ProviderError, type ProviderName } from '../providers/provider-error.js';

/** A limit: so many calls in any stretch of `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * HubSpot's limits per connected account (providers.md): public apps 110 requests per 10 s, Search
 * excluded; Search 5 requests per second.
 */
export const HUBSPOT_RATE_LIMITS = {
  requests: { limit: 110, windowMs: 10_000 },
  searches: { limit: 5, windowMs: 1_000 },
} as const satisfies Record<string, RateRule>;

/** Longest a writer waits in-process for its turn; beyond it the job is retried after the wait instead. */
export const RATE_LIMIT_MAX_WAIT_MS = 2_000;

/**
 * The gap between two calls of one limit: the calls paced evenly, two short of the limit per window, so
 * that no stretch of `windowMs` (HubSpot counts a sliding window) holds more than `limit` even when a
 * call leaves a little late and the next on time.
 */
export const paceOf = (rule: RateRule): number =>
  Math.ceil(rule.windowMs / Math.max(1, rule.limit - 2));

/**
 * Reserves the next turn of `key` when it comes within `maxWaitMs`, in one statement, so every api and
 * worker process keeps one pace: answers when the call may go, or (nothing reserved) how long until a
 * turn comes within reach.
 */
export async function reserveRateSlot(
  db: Kysely<Database>,
  key: string,
  rule: RateRule,
  nowMs: number,
  maxWaitMs: number,
): Promise<{ ok: true; atMs: number } | { ok: false; waitMs: number }> {
  const pace = paceOf(rule);
  const turn = sql<number>`case when rate_limit_pacing.next_at_ms > ${nowMs} then rate_limit_pacing.next_at_ms else ${nowMs} end`;
  const reachable = sql<boolean>`${turn} - ${nowMs} <= ${maxWaitMs}`;
  const row = await db
    .insertInto('rate_limit_pacing')
    .values({ key, next_at_ms: nowMs + pace, last_slot_ms: nowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        last_slot_ms: sql<number>`case when ${reachable} then ${turn} else -1 end`,
        next_at_ms: sql<number>`case when ${reachable} then ${turn} + ${pace} else rate_limit_pacing.next_at_ms end`,
      }),
    )
    .returning(['next_at_ms', 'last_slot_ms'])
    .executeTakeFirstOrThrow();
  const slot = Number(row.last_slot_ms);
  return slot >= 0
    ? { ok: true, atMs: slot }
    : { ok: false, waitMs: Math.max(1, Number(row.next_at_ms) - maxWaitMs - nowMs) };
}

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
    const turn = await reserveRateSlot(deps.db, key, rule, now, maxWaitMs);
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

/** The slots one HubSpot call of an account takes: a search counts against the search limit only. */
export const hubspotSlots = (hubId: string, kind: 'request' | 'search') =>
  kind === 'search'
    ? [{ key: `hubspot:search:${hubId}`, rule: HUBSPOT_RATE_LIMITS.searches }]
    : [{ key: `hubspot:requests:${hubId}`, rule: HUBSPOT_RATE_LIMITS.requests }];
