import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Random bytes in a webhook code: 24 bytes = 192 bits, 32 base64url characters. */
export const WEBHOOK_CODE_BYTES = 24;
/** Codes handed out but never used are forgotten after this long. */
export const UNUSED_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The shape of every code this server hands out. */
export const webhookCodePattern = /^[A-Za-z0-9_-]{32}$/;

/** A new unguessable webhook code (the URL is the only credential a platform presents). */
export function newWebhookCode(): string {
  return randomBytes(WEBHOOK_CODE_BYTES).toString('base64url');
}

/** Hands a new code to the user (and forgets that user's stale unused codes). */
export async function issueWebhookCode(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<string> {
  const code = newWebhookCode();
  await db
    .deleteFrom('webhook_codes')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - UNUSED_CODE_TTL_MS).toISOString())
    .execute();
  await db
    .insertInto('webhook_codes')
    .values({ code, user_id: userId, created_at: now.toISOString(), used_at: null })
    .execute();
  return code;
}

export type CodeClaim = 'claimed' | 'unknown' | 'used';

/**
 * Marks the code used by a new webhook, inside the transaction that creates it. A code is 'unknown'
 * unless this server handed it to this user (and it has not expired); 'used' once a webhook took it.
 */
export async function claimWebhookCode(
  trx: Transaction<Database>,
  code: string,
  userId: number,
  now: Date,
): Promise<CodeClaim> {
  if (!webhookCodePattern.test(code)) return 'unknown';
  const row = await trx
    .selectFrom('webhook_codes')
    .select(['id', 'user_id', 'created_at', 'used_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) return 'unknown';
  if (row.used_at !== null) return 'used';
  if (row.created_at < new Date(now.getTime() - UNUSED_CODE_TTL_MS).toISOString()) return 'unknown';
  const result = await trx
    .updateTable('webhook_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? 'claimed' : 'used';
}
