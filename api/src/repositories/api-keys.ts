import type { Kysely } from 'kysely';
import { fromFlag, toFlag, type CrmType, type Database, type Platform } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';

/** An API key row with the CRM profile it hangs off. The key stays sealed here. */
export interface ApiKeyRecord {
  id: number;
  userProfileId: number;
  /** The key's owner: the user of its CRM profile. */
  userId: number;
  ownerOrganizationId: number | null;
  platform: Platform;
  apiKeySealed: string;
  description: string;
  baseUrl: string | null;
  isValid: boolean;
  createdAt: string;
  profile: {
    id: number;
    crm: CrmType;
    email: string;
    organizationId: string;
    organizationDomain: string | null;
  };
}

/** The CRM profile a key is created on, with its owner. */
export interface ProfileOwner {
  id: number;
  userId: number;
  ownerOrganizationId: number | null;
}

function selectApiKeys(db: Kysely<Database>) {
  return db
    .selectFrom('api_keys')
    .innerJoin('user_profiles', 'user_profiles.id', 'api_keys.user_profile_id')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select([
      'users.organization_id as owner_organization_id',
      'api_keys.id',
      'api_keys.user_profile_id',
      'api_keys.platform',
      'api_keys.api_key_enc',
      'api_keys.description',
      'api_keys.base_url',
      'api_keys.is_valid',
      'api_keys.created_at',
      'user_profiles.user_id as owner_id',
      'user_profiles.crm',
      'user_profiles.email as profile_email',
      'user_profiles.organization_id as profile_organization_id',
      'user_profiles.organization_domain as profile_organization_domain',
    ]);
}

type SelectedApiKey = Awaited<
  ReturnType<ReturnType<typeof selectApiKeys>['executeTakeFirstOrThrow']>
>;

function toRecord(row: SelectedApiKey): ApiKeyRecord {
  return {
    id: row.id,
    userProfileId: row.user_profile_id,
    userId: row.owner_id,
    ownerOrganizationId: row.owner_organization_id,
    platform: row.platform,
    apiKeySealed: row.api_key_enc,
    description: row.description,
    baseUrl: row.base_url,
    isValid: fromFlag(row.is_valid),
    createdAt: row.created_at,
    profile: {
      id: row.user_profile_id,
      crm: row.crm,
      email: row.profile_email,
      organizationId: row.profile_organization_id,
      organizationDomain: row.profile_organization_domain,
    },
  };
}

export interface ApiKeyFilter {
  /** Only the keys of the scope's users' profiles. */
  scope?: OwnerScope;
  platform?: Platform;
}

/** Keys in creation order (id). */
export async function listApiKeys(
  db: Kysely<Database>,
  filter: ApiKeyFilter = {},
): Promise<ApiKeyRecord[]> {
  let query = selectApiKeys(db);
  if (filter.scope)
    query =
      filter.scope.kind === 'own'
        ? query.where('user_profiles.user_id', '=', filter.scope.userId)
        : query.where(
            'user_profiles.user_id',
            'in',
            organizationMembers(db, filter.scope.organizationId),
          );
  if (filter.platform !== undefined) query = query.where('api_keys.platform', '=', filter.platform);
  const rows = await query.orderBy('api_keys.id').execute();
  return rows.map(toRecord);
}

export async function findApiKey(
  db: Kysely<Database>,
  id: number,
): Promise<ApiKeyRecord | undefined> {
  const row = await selectApiKeys(db).where('api_keys.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findProfileOwner(
  db: Kysely<Database>,
  userProfileId: number,
): Promise<ProfileOwner | undefined> {
  const row = await db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.user_id')
    .select(['user_profiles.id', 'user_profiles.user_id', 'users.organization_id'])
    .where('user_profiles.id', '=', userProfileId)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, ownerOrganizationId: row.organization_id };
}

export interface NewApiKey {
  profile: ProfileOwner;
  platform: Platform;
  apiKeySealed: string;
  description: string;
  baseUrl: string | null;
  isValid: boolean;
}

/** Stores a key on a profile; the key belongs to the profile's user. */
export async function insertApiKey(
  db: Kysely<Database>,
  input: NewApiKey,
  now: Date,
): Promise<ApiKeyRecord> {
  const { id } = await db
    .insertInto('api_keys')
    .values({
      user_profile_id: input.profile.id,
      user_id: input.profile.userId,
      platform: input.platform,
      api_key_enc: input.apiKeySealed,
      description: input.description,
      base_url: input.baseUrl,
      is_valid: toFlag(input.isValid),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await findApiKey(db, id);
  if (!created) throw new Error(`API key ${id} vanished after insert`);
  return created;
}

export interface ApiKeyChange {
  platform: Platform;
  apiKeySealed: string;
  description: string;
  baseUrl: string | null;
  isValid: boolean;
}

export async function updateApiKey(
  db: Kysely<Database>,
  id: number,
  change: ApiKeyChange,
): Promise<ApiKeyRecord | undefined> {
  await db
    .updateTable('api_keys')
    .set({
      platform: change.platform,
      api_key_enc: change.apiKeySealed,
      description: change.description,
      base_url: change.baseUrl,
      is_valid: toFlag(change.isValid),
    })
    .where('id', '=', id)
    .execute();
  return findApiKey(db, id);
}

export async function setApiKeyValidity(
  db: Kysely<Database>,
  id: number,
  isValid: boolean,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ is_valid: toFlag(isValid) })
    .where('id', '=', id)
    .execute();
}

/** The block lists that push into each of these keys' platforms (spec §3 "API key" syncBlockList), by key id. */
export async function listSyncBlockLists(
  db: Kysely<Database>,
  apiKeyIds: readonly number[],
): Promise<Map<number, { id: number; listName: string }[]>> {
  const byKey = new Map<number, { id: number; listName: string }[]>();
  if (apiKeyIds.length === 0) return byKey;
  const rows = await db
    .selectFrom('block_lists')
    .select(['id', 'api_key_id', 'list_name'])
    .where('api_key_id', 'in', [...new Set(apiKeyIds)])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const lists = byKey.get(row.api_key_id) ?? [];
    lists.push({ id: row.id, listName: row.list_name });
    byKey.set(row.api_key_id, lists);
  }
  return byKey;
}

/** true when a key was deleted (its lead categories go with it). */
export async function deleteApiKey(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
