import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A webhook endpoint (spec: "user account") of a CRM profile. */
export interface UserAccountRecord {
  id: number;
  userProfileId: number;
  /** The owner: the profile's user. */
  userId: number;
  url: string;
  description: string;
  createdAt: string;
}

const columns = ['id', 'user_profile_id', 'user_id', 'url', 'description', 'created_at'] as const;

function toRecord(row: { id: number; user_profile_id: number; user_id: number; url: string; description: string; created_at: string }): UserAccountRecord {
  return { id: row.id, userProfileId: row.user_profile_id, userId: row.user_id, url: row.url, description: row.description, createdAt: row.created_at };
}

/** Oldest first; only one owner's when `ownerId` is given. */
export async function listUserAccounts(db: Kysely<Database>, ownerId?: number): Promise<UserAccountRecord[]> {
  let query = db.selectFrom('user_accounts').select(columns).orderBy('id');
  if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
  return (await query.execute()).map(toRecord);
}

/** The endpoints of some CRM profiles, oldest first. */
export async function listUserAccountsOfProfiles(db: Kysely<Database>, profileIds: readonly number[]): Promise<UserAccountRecord[]> {
  if (profileIds.length === 0) return [];
  const rows = await db.selectFrom('user_accounts').select(columns).where('user_profile_id', 'in', [...new Set(profileIds)]).orderBy('id').execute();
  return rows.map(toRecord);
}

export async function findUserAccountsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<UserAccountRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('user_accounts').select(columns).where('id', 'in', [...new Set(ids)]).execute();
  return rows.map(toRecord);
}

export async function findUserAccount(db: Kysely<Database>, id: number): Promise<UserAccountRecord | undefined> {
  const row = await db.selectFrom('user_accounts').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export interface NewUserAccount {
  userProfileId: number;
  userId: number;
  url: string;
  description: string;
}

export async function createUserAccount(db: Kysely<Database>, input: NewUserAccount, now = new Date()): Promise<UserAccountRecord> {
  const row = await db
    .insertInto('user_accounts')
    .values({ user_profile_id: input.userProfileId, user_id: input.userId, url: input.url, description: input.description, created_at: now.toISOString() })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Deletes it; the webhooks' additional endpoints that used it go with it. */
export async function deleteUserAccount(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_accounts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
