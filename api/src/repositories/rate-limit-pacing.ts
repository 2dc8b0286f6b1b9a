import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Reserves the next turn of `key` (turns `paceMs` apart) when it comes within `maxWaitMs`, in one statement, so every api and
 * worker process keeps one pace: answers when the call may go, or (nothing reserved) how long until a
 * turn comes within reach.
 */
export async function reserveRateSlot(
  db: Kysely<Database>,
  key: string,
  paceMs: number,
  nowMs: number,
  maxWaitMs: number,
): Promise<{ ok: true; atMs: number } | { ok: false; waitMs: number }> {
  const turn = sql<number>`case when rate_limit_pacing.next_at_ms > ${nowMs} then rate_limit_pacing.next_at_ms else ${nowMs} end`;
  const reachable = sql<boolean>`${turn} - ${nowMs} <= ${maxWaitMs}`;
  const row = await db
    .insertInto('rate_limit_pacing')
    .values({ key, next_at_ms: nowMs + paceMs, last_slot_ms: nowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        last_slot_ms: sql<number>`case when ${reachable} then ${turn} else -1 end`,
        next_at_ms: sql<number>`case when ${reachable} then ${turn} + ${paceMs} else rate_limit_pacing.next_at_ms end`,
      }),
    )
    .returning(['next_at_ms', 'last_slot_ms'])
    .executeTakeFirstOrThrow();
  const slot = Number(row.last_slot_ms);
  return slot >= 0
    ? { ok: true, atMs: slot }
    : { ok: false, waitMs: Math.max(1, Number(row.next_at_ms) - maxWaitMs - nowMs) };
}
