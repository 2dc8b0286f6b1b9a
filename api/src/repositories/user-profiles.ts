import type { Kysely } from 'kysely';
import { fromFlag, type CrmType, type Database } from '../db/schema.js';
import type { CrmProfileStatus, UserProfileRecord } from '../records/user-profile.js';

export type { CrmProfileStatus, UserProfileRecord } from '../records/user-profile.js';

function selectProfiles(db: Kysely<Database>) {
  return db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select([
      'user_profiles.id',
      'user_profiles.user_id',
      'user_profiles.crm',
      'user_profiles.account_id',
      'user_profiles.organization_id',
      'user_profiles.organization_domain',
      'user_profiles.email',
      'user_profiles.first_name',
      'user_profiles.last_name',
      'user_profiles.access_token_enc',
      'user_profiles.refresh_token_enc',
      'user_profiles.token_expires_at',
      'user_profiles.instance_url',
      'user_profiles.salesforce_setting_id',
      'user_profiles.status',
      'user_profiles.created_at',
      'users.email as owner_email',
      'users.role as owner_role',
      'users.organization_id as owner_organization_id',
      'users.can_webhook as owner_can_webhook',
      'users.can_user_account as owner_can_user_account',
      'users.can_block_list as owner_can_block_list',
    ])
    .orderBy('user_profiles.id');
}

type SelectedProfile = Awaited<
  ReturnType<ReturnType<typeof selectProfiles>['executeTakeFirstOrThrow']>
>;

function toRecord(row: SelectedProfile): UserProfileRecord {
  return {
    id: row.id,
    userId: row.user_id,
    ownerOrganizationId: row.owner_organization_id,
    crm: row.crm,
    accountId: row.account_id,
    organizationId: row.organization_id,
    organizationDomain: row.organization_domain,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    accessTokenSealed: row.access_token_enc,
    refreshTokenSealed: row.refresh_token_enc,
    tokenExpiresAt: row.token_expires_at,
    instanceUrl: row.instance_url,
    salesforceSettingId: row.salesforce_setting_id,
    status: row.status,
    createdAt: row.created_at,
    owner: {
      id: row.user_id,
      email: row.owner_email,
      role: row.owner_role,
      organizationId: row.owner_organization_id,
      canWebhook: fromFlag(row.owner_can_webhook),
      canUserAccount: fromFlag(row.owner_can_user_account),
      canBlockList: fromFlag(row.owner_can_block_list),
    },
  };
}

/** The profile; undefined when there is none, or it is another CRM's when `crm` is given. */
export async function findUserProfile(
  db: Kysely<Database>,
  id: number,
  crm?: CrmType,
): Promise<UserProfileRecord | undefined> {
  let query = selectProfiles(db).where('user_profiles.id', '=', id);
  if (crm) query = query.where('user_profiles.crm', '=', crm);
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

/** The user's own profiles, oldest first; only one CRM's when `crm` is given. */
export async function listUserProfilesOfUser(
  db: Kysely<Database>,
  userId: number,
  crm?: CrmType,
): Promise<UserProfileRecord[]> {
  let query = selectProfiles(db).where('user_profiles.user_id', '=', userId);
  if (crm) query = query.where('user_profiles.crm', '=', crm);
  return (await query.execute()).map(toRecord);
}

/** The profiles of every user of a dashboard organization. */
export async function listUserProfilesOfOrganization(
  db: Kysely<Database>,
  organizationId: number,
  crm?: CrmType,
): Promise<UserProfileRecord[]> {
  let query = selectProfiles(db).where('users.organization_id', '=', organizationId);
  if (crm) query = query.where('user_profiles.crm', '=', crm);
  return (await query.execute()).map(toRecord);
}

/** The ids of the user's profiles, for GET /api/admin/me. */
export async function listUserProfileIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface ConnectedProfileInput {
  userId: number;
  crm: CrmType;
  accountId: string;
  organizationId: string;
  organizationDomain: string | null;
  email: string;
  firstName: string;
  lastName: string;
  accessTokenSealed: string;
  refreshTokenSealed: string | null;
  tokenExpiresAt: string | null;
  instanceUrl: string | null;
  salesforceSettingId: number | null;
}

/**
 * Stores a connection after a CRM sign-in: the same dashboard user signing in again to the same CRM
 * account (same CRM user in the same hub or org) updates that profile and connects it again.
 */
export async function saveConnectedProfile(
  db: Kysely<Database>,
  input: ConnectedProfileInput,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const values = {
    organization_domain: input.organizationDomain,
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    access_token_enc: input.accessTokenSealed,
    refresh_token_enc: input.refreshTokenSealed,
    token_expires_at: input.tokenExpiresAt,
    instance_url: input.instanceUrl,
    salesforce_setting_id: input.salesforceSettingId,
    status: 'CONNECTED' as const,
  };
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('crm', '=', input.crm)
      .where('account_id', '=', input.accountId)
      .where('organization_id', '=', input.organizationId)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) {
      // A refresh token is only replaced when the CRM gave a new one.
      const update =
        input.refreshTokenSealed === null ? { ...values, refresh_token_enc: undefined } : values;
      await trx.updateTable('user_profiles').set(update).where('id', '=', existing.id).execute();
      return { id: existing.id, created: false };
    }
    const { id } = await trx
      .insertInto('user_profiles')
      .values({
        ...values,
        user_id: input.userId,
        crm: input.crm,
        account_id: input.accountId,
        organization_id: input.organizationId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, created: true };
  });
}

export interface TokenUpdate {
  accessTokenSealed: string;
  /** undefined keeps the stored refresh token. */
  refreshTokenSealed?: string | undefined;
  tokenExpiresAt: string | null;
  instanceUrl?: string | undefined;
}

export async function updateProfileTokens(
  db: Kysely<Database>,
  id: number,
  update: TokenUpdate,
): Promise<void> {
  await db
    .updateTable('user_profiles')
    .set({
      access_token_enc: update.accessTokenSealed,
      token_expires_at: update.tokenExpiresAt,
      ...(update.refreshTokenSealed === undefined
        ? {}
        : { refresh_token_enc: update.refreshTokenSealed }),
      ...(update.instanceUrl === undefined ? {} : { instance_url: update.instanceUrl }),
    })
    .where('id', '=', id)
    .execute();
}

export async function setProfileStatus(
  db: Kysely<Database>,
  id: number,
  status: CrmProfileStatus,
): Promise<void> {
  await db.updateTable('user_profiles').set({ status }).where('id', '=', id).execute();
}

/** Deletes a profile; what hangs off it (API keys, webhooks, endpoints, block lists) goes with it. */
export async function deleteUserProfile(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_profiles').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
