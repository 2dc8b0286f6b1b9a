import type { Kysely } from 'kysely';
import type { Database, IdentityAccountRow } from '../db/schema.js';
import { normalizeEmail } from './users.js';

export async function findIdentityAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<IdentityAccountRow | undefined> {
  return db
    .selectFrom('identity_accounts')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function findIdentityAccountBySubject(
  db: Kysely<Database>,
  subject: string,
): Promise<IdentityAccountRow | undefined> {
  return db
    .selectFrom('identity_accounts')
    .selectAll()
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export interface NewIdentityAccount {
  subject: string;
  email: string;
  name: string;
  nickname: string;
}

/** An embedded account with no password yet (it gets one through a set-password link). */
export async function createIdentityAccountWithoutPassword(
  db: Kysely<Database>,
  account: NewIdentityAccount,
): Promise<IdentityAccountRow> {
  const row = { ...account, email: normalizeEmail(account.email), password_hash: '', picture: '' };
  await db.insertInto('identity_accounts').values(row).execute();
  return row;
}

export async function setIdentityAccountPassword(
  db: Kysely<Database>,
  subject: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('identity_accounts')
    .set({ password_hash: passwordHash })
    .where('subject', '=', subject)
    .execute();
}
