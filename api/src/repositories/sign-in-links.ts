import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The user a subject of an issuer is linked to. */
export async function findLinkedUserId(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('sign_in_links')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Whether some subject of this issuer is already linked to the user. */
export async function isUserLinkedAt(
  db: Kysely<Database>,
  issuer: string,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_links')
    .select('subject')
    .where('issuer', '=', issuer)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linkSubject(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto('sign_in_links')
    .values({ issuer, subject, user_id: userId, created_at: now.toISOString() })
    .execute();
}

/** A user made before their first sign-in (`create-admin`) takes the subject as their account id then. */
export async function fillAccountIdOnce(
  db: Kysely<Database>,
  userId: number,
  subject: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ account_id: subject })
    .where('id', '=', userId)
    .where('account_id', '=', '')
    .execute();
}
