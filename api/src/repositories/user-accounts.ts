import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';

/** A webhook endpoint (spec: "user account") of a CRM profile. */
export interface UserAccountRecord {
  id: number;
  userProfileId: number;
  /** The owner: the profile's user. */
  userId: number;
  ownerOrganizationId: number | null;
  url: string;
  description: string;
  createdAt: string;
}

function selectUserAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('user_accounts')
    .innerJoin('users', 'users.id', 'user_accounts.user_id')
    .select([
      'user_accounts.id',
      'user_accounts.user_profile_id',
      'user_accounts.user_id',
      'users.organization_id as owner_organization_id',
      'user_accounts.url',
      'user_accounts.description',
      'user_accounts.created_at',
    ]);
}

type UserAccountRow = Awaited<
  ReturnType<ReturnType<typeof selectUserAccounts>['executeTakeFirstOrThrow']>
>;

function toRecord(row: UserAccountRow): UserAccountRecord {
  return {
    id: row.id,
    userProfileId: row.user_profile_id,
    userId: row.user_id,
    ownerOrganizationId: row.owner_organization_id,
    url: row.url,
    description: row.description,
    createdAt: row.created_at,
  };
}

/** Oldest first; only those of the scope when it is given. */
export async function listUserAccounts(
  db: Kysely<Database>,
  scope?: OwnerScope,
): Promise<UserAccountRecord[]> {
  let query = selectUserAccounts(db).orderBy('user_accounts.id');
  if (scope)
    query =
      scope.kind === 'own'
        ? query.where('user_accounts.user_id', '=', scope.userId)
        : query.where('user_accounts.user_id', 'in', organizationMembers(db, scope.organizationId));
  return (await query.execute()).map(toRecord);
}

/** The endpoints of some CRM profiles, oldest first. */
export async function listUserAccountsOfProfiles(
  db: Kysely<Database>,
  profileIds: readonly number[],
): Promise<UserAccountRecord[]> {
  if (profileIds.length === 0) return [];
  const rows = await selectUserAccounts(db)
    .where('user_accounts.user_profile_id', 'in', [...new Set(profileIds)])
    .orderBy('user_accounts.id')
    .execute();
  return rows.map(toRecord);
}

export async function findUserAccountsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<UserAccountRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectUserAccounts(db)
    .where('user_accounts.id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toRecord);
}

export async function findUserAccount(
  db: Kysely<Database>,
  id: number,
): Promise<UserAccountRecord | undefined> {
  const row = await selectUserAccounts(db).where('user_accounts.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export interface NewUserAccount {
  userProfileId: number;
  userId: number;
  url: string;
  description: string;
  /** Its signing secret, sealed with the secret box. */
  signingSecretSealed: string;
}

export async function createUserAccount(
  db: Kysely<Database>,
  input: NewUserAccount,
  now: Date,
): Promise<UserAccountRecord> {
  const { id } = await db
    .insertInto('user_accounts')
    .values({
      user_profile_id: input.userProfileId,
      user_id: input.userId,
      url: input.url,
      description: input.description,
      created_at: now.toISOString(),
      signing_secret: input.signingSecretSealed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await findUserAccount(db, id);
  if (!created) throw new Error(`Webhook endpoint ${id} vanished after insert`);
  return created;
}

/** Deletes it; the webhooks' additional endpoints that used it go with it. */
export async function deleteUserAccount(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_accounts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The endpoint's sealed signing secret: null when it has none yet, undefined when there is no such endpoint. */
export async function findSealedSigningSecret(
  db: Kysely<Database>,
  id: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('user_accounts')
    .select('signing_secret')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.signing_secret;
}

/** Stores a sealed signing secret unless the endpoint has one already (a parallel caller may have stored its own first). */
export async function setSigningSecretIfMissing(
  db: Kysely<Database>,
  id: number,
  sealed: string,
): Promise<void> {
  await db
    .updateTable('user_accounts')
    .set({ signing_secret: sealed })
    .where('id', '=', id)
    .where('signing_secret', 'is', null)
    .execute();
}

/** How many endpoints a scope's users have (the cap per organization). */
export async function countUserAccounts(db: Kysely<Database>, scope: OwnerScope): Promise<number> {
  let query = db.selectFrom('user_accounts').select((eb) => eb.fn.countAll<number>().as('n'));
  query =
    scope.kind === 'own'
      ? query.where('user_accounts.user_id', '=', scope.userId)
      : query.where('user_accounts.user_id', 'in', organizationMembers(db, scope.organizationId));
  return Number((await query.executeTakeFirstOrThrow()).n);
}
