import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ProviderError, type ProviderName } from '../providers/provider-error.js';

/** A limit: so many calls per fixed window. */
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

/** Longest a writer waits in-process for a slot; beyond it the job is retried after the wait instead. */
export const RATE_LIMIT_MAX_WAIT_MS = 2_000;

/**
 * Takes one slot of `key` in the current window, counted in the database so every api and worker
 * process shares it (one statement: two processes cannot both take the last slot). Answers whether it
 * was granted, and otherwise how long until the window ends.
 */
export async function takeRateSlot(db: Kysely<Database>, key: string, rule: RateRule, nowMs: number): Promise<{ ok: true } | { ok: false; waitMs: number }> {
  const window = Math.floor(nowMs / rule.windowMs);
  const endsAt = (window + 1) * rule.windowMs;
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ id: `${key}@${window}`, count: 1, expires_at: new Date(endsAt).toISOString() })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ count: sql<number>`rate_limit_windows.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count) <= rule.limit ? { ok: true } : { ok: false, waitMs: Math.max(1, endsAt - nowMs) };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * Waits for a slot of each rule (in order), sleeping through short waits; a wait longer than
 * `maxWaitMs` throws a rate-limited ProviderError with retryAfterMs, so the queue runs the job again then.
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
    let waited = 0;
    for (;;) {
      const taken = await takeRateSlot(deps.db, key, rule, deps.clock.now().getTime());
      if (taken.ok) break;
      if (waited + taken.waitMs > maxWaitMs) {
        throw new ProviderError('rate-limited', provider, `${provider}'s rate limit for this account is used up (${rule.limit} calls per ${rule.windowMs / 1000} s): trying again shortly`, {
          retryAfterMs: taken.waitMs,
        });
      }
      await sleep(taken.waitMs);
      waited += taken.waitMs;
    }
  }
}

/** The slots one HubSpot call of an account takes: a search counts against the search limit only. */
export const hubspotSlots = (hubId: string, kind: 'request' | 'search') =>
  kind === 'search' ? [{ key: `hubspot:search:${hubId}`, rule: HUBSPOT_RATE_LIMITS.searches }] : [{ key: `hubspot:requests:${hubId}`, rule: HUBSPOT_RATE_LIMITS.requests }];

/** Deletes windows that ended before `before` (the retention job). */
export async function pruneRateWindows(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_windows').where('expires_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
