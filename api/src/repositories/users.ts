import type { Kysely } from 'kysely';
import { fromFlag, toFlag, type Database } from '../db/schema.js';
import { normalizeEmail, type UserRecord } from '../records/user.js';

export { normalizeEmail, type UserRecord } from '../records/user.js';

export interface PermissionFlags {
  canWebhook: boolean;
  canUserAccount: boolean;
  canBlockList: boolean;
}

export interface NewUserInput {
  accountId: string;
  email: string;
  nickname: string;
  picture: string;
}

function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.account_id',
      'users.email',
      'users.nickname',
      'users.picture',
      'users.role',
      'users.organization_id',
      'users.can_webhook',
      'users.can_user_account',
      'users.can_block_list',
      'organizations.name as organization_name',
      'organizations.domain as organization_domain',
      'organizations.is_paid_tier',
    ]);
}

type SelectedUser = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

function toRecord(row: SelectedUser): UserRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    nickname: row.nickname,
    picture: row.picture,
    role: row.role,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    organizationDomain: row.organization_domain,
    isPaidTier: fromFlag(row.is_paid_tier),
    canWebhook: fromFlag(row.can_webhook),
    canUserAccount: fromFlag(row.can_user_account),
    canBlockList: fromFlag(row.can_block_list),
  };
}

export async function findUserById(
  db: Kysely<Database>,
  id: number,
): Promise<UserRecord | undefined> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserRecord | undefined> {
  const row = await selectUsers(db)
    .where('users.email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Every user, oldest first. */
export async function listUsers(db: Kysely<Database>): Promise<UserRecord[]> {
  const rows = await selectUsers(db).orderBy('users.id').execute();
  return rows.map(toRecord);
}

/** The users of one dashboard organization. */
export async function listUsersOfOrganization(
  db: Kysely<Database>,
  organizationId: number,
): Promise<UserRecord[]> {
  const rows = await selectUsers(db)
    .where('users.organization_id', '=', organizationId)
    .orderBy('users.id')
    .execute();
  return rows.map(toRecord);
}

/** A user who signed in for the first time: no role, no organization (free tier), every flag off. */
export async function createUser(
  db: Kysely<Database>,
  input: NewUserInput,
  now: Date,
): Promise<UserRecord> {
  const { id } = await db
    .insertInto('users')
    .values({
      account_id: input.accountId,
      email: normalizeEmail(input.email),
      nickname: input.nickname,
      picture: input.picture,
      role: null,
      organization_id: null,
      can_webhook: 0,
      can_user_account: 0,
      can_block_list: 0,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await findUserById(db, id);
  if (!created) throw new Error(`User ${id} vanished after insert`);
  return created;
}

/** Sets the three permission flags; undefined when there is no such user. */
export async function updatePermissions(
  db: Kysely<Database>,
  id: number,
  flags: PermissionFlags,
): Promise<UserRecord | undefined> {
  const result = await db
    .updateTable('users')
    .set({
      can_webhook: toFlag(flags.canWebhook),
      can_user_account: toFlag(flags.canUserAccount),
      can_block_list: toFlag(flags.canBlockList),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return findUserById(db, id);
}
