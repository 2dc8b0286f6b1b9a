import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The row id of a session: sha256 of the cookie's token, so a stolen database holds no usable token. */
export const sessionIdOf = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Creates a session row and returns the random token for the cookie. */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  ttlMs: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The user id of a valid, unexpired session; undefined otherwise. */
export async function findSessionUserId(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id', '=', sessionIdOf(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionIdOf(token)).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}

/** Ends every session of the users an identity has: its subject, or its email (how sign-in links them). */
export async function deleteSessionsOfIdentity(
  db: Kysely<Database>,
  identity: { subject: string; email: string },
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('users.id')
        .where((where) =>
          where.or([
            where('users.account_id', '=', identity.subject),
            where('users.email', '=', identity.email.trim().toLowerCase()),
          ]),
        ),
    )
    .execute();
}
