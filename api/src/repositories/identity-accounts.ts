import type { Kysely } from 'kysely';
import type { Database, IdentityAccountRow } from '../db/schema.js';
import { normalizeEmail } from './users.js';

export async function findIdentityAccountByEmail(db: Kysely<Database>, email: string): Promise<IdentityAccountRow | undefined> {
  return db.selectFrom('identity_accounts').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findIdentityAccountBySubject(db: Kysely<Database>, subject: string): Promise<IdentityAccountRow | undefined> {
  return db.selectFrom('identity_accounts').selectAll().where('subject', '=', subject).executeTakeFirst();
}
