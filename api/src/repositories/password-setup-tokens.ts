import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const idOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new one-time token for `subject`'s set-password link; the database keeps its sha256 only. */
export async function createPasswordSetupToken(
  db: Kysely<Database>,
  subject: string,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_setup_tokens')
    .values({
      id: idOf(token),
      subject,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

/** The subject of an unexpired token; undefined for anything else. */
export async function findPasswordSetupSubject(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<string | undefined> {
  if (token === '') return undefined;
  const row = await db
    .selectFrom('password_setup_tokens')
    .select('subject')
    .where('id', '=', idOf(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.subject;
}

/** Spends every link of `subject` (a password was set with one of them). */
export async function deletePasswordSetupTokens(
  db: Kysely<Database>,
  subject: string,
): Promise<void> {
  await db.deleteFrom('password_setup_tokens').where('subject', '=', subject).execute();
}
