import type { Kysely } from 'kysely';
import { BLOCK_LIST_STATUS } from '../records/block-list-status.js';
import { z } from 'zod';
import { fromFlag, toFlag, type CrmType, type Database, type Platform } from '../db/schema.js';
import { readJson, writeJson } from './json-text.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';

export interface BlockListRecord {
  id: number;
  userProfileId: number;
  /** The owner: the profile's user. */
  userId: number;
  ownerOrganizationId: number | null;
  /** The owner may block lists (without it the list shows PAUSED_PENDING_UPGRADE and does not sync). */
  ownerCanBlockList: boolean;
  crm: CrmType;
  listId: string;
  listName: string;
  listType: 'CONTACT_LIST' | 'COMPANY_LIST' | null;
  blockType: 'ADDRESS' | 'DOMAIN';
  clientId: string | null;
  clientEmail: string | null;
  useDomainForNonLatin: boolean;
  profileUrlFieldNames: string[];
  heyReachListId: string | null;
  fields: string[];
  isEnabled: boolean;
  status: string;
  lastFetchedAt: string | null;
  lastAttemptedAt: string | null;
  lastError: string | null;
  lastSmartleadError: string | null;
  countItemsSynced: number;
  countItemsNotSynced: number;
  createdAt: string;
  profile: {
    id: number;
    email: string;
    crm: CrmType;
    organizationId: string;
    organizationDomain: string | null;
  };
  apiKey: { id: number; platform: Platform; description: string };
  /** The key's last check (false: the platform refused it; null: never checked). */
  apiKeyValid: boolean | null;
}

/** The status of a block list the sync engine has not run yet. */
export const NEW_BLOCK_LIST_STATUS = BLOCK_LIST_STATUS.pending;

const stringList = z.array(z.string());

function selectBlockLists(db: Kysely<Database>) {
  return db
    .selectFrom('block_lists')
    .innerJoin('user_profiles', 'user_profiles.id', 'block_lists.user_profile_id')
    .innerJoin('api_keys', 'api_keys.id', 'block_lists.api_key_id')
    .innerJoin('users', 'users.id', 'block_lists.user_id')
    .selectAll('block_lists')
    .select([
      'users.organization_id as owner_organization_id',
      'users.can_block_list as owner_can_block_list',
      'user_profiles.email as profile_email',
      'user_profiles.crm as profile_crm',
      'user_profiles.organization_id as profile_organization_id',
      'user_profiles.organization_domain as profile_organization_domain',
      'api_keys.platform as api_key_platform',
      'api_keys.description as api_key_description',
      'api_keys.is_valid as api_key_is_valid',
    ])
    .orderBy('block_lists.id');
}

type BlockListRow = Awaited<
  ReturnType<ReturnType<typeof selectBlockLists>['executeTakeFirstOrThrow']>
>;

function toRecord(row: BlockListRow): BlockListRecord {
  return {
    id: row.id,
    userProfileId: row.user_profile_id,
    userId: row.user_id,
    ownerOrganizationId: row.owner_organization_id,
    ownerCanBlockList: fromFlag(row.owner_can_block_list),
    crm: row.crm,
    listId: row.list_id,
    listName: row.list_name,
    listType: row.list_type,
    blockType: row.block_type,
    clientId: row.client_id,
    clientEmail: row.client_email,
    useDomainForNonLatin: fromFlag(row.use_domain_for_non_latin),
    profileUrlFieldNames: readJson(row.profile_url_field_names, stringList, []),
    heyReachListId: row.heyreach_list_id,
    fields: readJson(row.fields, stringList, []),
    isEnabled: fromFlag(row.is_enabled),
    status: row.status,
    lastFetchedAt: row.last_fetched_at,
    lastAttemptedAt: row.last_attempted_at,
    lastError: row.last_error,
    lastSmartleadError: row.last_smartlead_error,
    countItemsSynced: row.count_items_synced,
    countItemsNotSynced: row.count_items_not_synced,
    createdAt: row.created_at,
    profile: {
      id: row.user_profile_id,
      email: row.profile_email,
      crm: row.profile_crm,
      organizationId: row.profile_organization_id,
      organizationDomain: row.profile_organization_domain,
    },
    apiKey: {
      id: row.api_key_id,
      platform: row.api_key_platform,
      description: row.api_key_description,
    },
    apiKeyValid: row.api_key_is_valid === null ? null : fromFlag(row.api_key_is_valid),
  };
}

/** Oldest first; only those of the scope when it is given. */
export async function listBlockLists(
  db: Kysely<Database>,
  scope?: OwnerScope,
): Promise<BlockListRecord[]> {
  let query = selectBlockLists(db);
  if (scope)
    query =
      scope.kind === 'own'
        ? query.where('block_lists.user_id', '=', scope.userId)
        : query.where('block_lists.user_id', 'in', organizationMembers(db, scope.organizationId));
  return (await query.execute()).map(toRecord);
}

export async function findBlockList(
  db: Kysely<Database>,
  id: number,
): Promise<BlockListRecord | undefined> {
  const row = await selectBlockLists(db).where('block_lists.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** What creating a block list takes: the record's settings, and the API key that pushes it. */
export type NewBlockList = Pick<
  BlockListRecord,
  | 'userProfileId'
  | 'userId'
  | 'crm'
  | 'listId'
  | 'listName'
  | 'listType'
  | 'blockType'
  | 'clientId'
  | 'clientEmail'
  | 'useDomainForNonLatin'
  | 'profileUrlFieldNames'
  | 'heyReachListId'
  | 'fields'
> & { apiKeyId: number };

export async function createBlockList(
  db: Kysely<Database>,
  input: NewBlockList,
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('block_lists')
    .values({
      user_profile_id: input.userProfileId,
      user_id: input.userId,
      api_key_id: input.apiKeyId,
      crm: input.crm,
      list_id: input.listId,
      list_name: input.listName,
      list_type: input.listType,
      block_type: input.blockType,
      client_id: input.clientId,
      client_email: input.clientEmail,
      use_domain_for_non_latin: toFlag(input.useDomainForNonLatin),
      profile_url_field_names: writeJson(input.profileUrlFieldNames),
      heyreach_list_id: input.heyReachListId,
      fields: writeJson(input.fields),
      is_enabled: 1,
      status: NEW_BLOCK_LIST_STATUS,
      count_items_synced: 0,
      count_items_not_synced: 0,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setBlockListEnabled(
  db: Kysely<Database>,
  id: number,
  isEnabled: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('block_lists')
    .set({ is_enabled: toFlag(isEnabled) })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes it with its history. */
export async function deleteBlockList(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('block_lists').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What a sync run records on its block list. */
export type BlockListSyncState = Partial<
  Pick<
    BlockListRecord,
    | 'status'
    | 'lastFetchedAt'
    | 'lastAttemptedAt'
    | 'lastError'
    | 'countItemsSynced'
    | 'countItemsNotSynced'
  >
>;

export async function setBlockListSyncState(
  db: Kysely<Database>,
  id: number,
  state: BlockListSyncState,
): Promise<void> {
  const columns = {
    ...(state.status !== undefined ? { status: state.status } : {}),
    ...(state.lastFetchedAt !== undefined ? { last_fetched_at: state.lastFetchedAt } : {}),
    ...(state.lastAttemptedAt !== undefined ? { last_attempted_at: state.lastAttemptedAt } : {}),
    ...(state.lastError !== undefined ? { last_error: state.lastError } : {}),
    ...(state.countItemsSynced !== undefined ? { count_items_synced: state.countItemsSynced } : {}),
    ...(state.countItemsNotSynced !== undefined
      ? { count_items_not_synced: state.countItemsNotSynced }
      : {}),
  };
  if (Object.keys(columns).length > 0)
    await db.updateTable('block_lists').set(columns).where('id', '=', id).execute();
}

/**
 * The block lists the schedule syncs now: enabled, the owner may block lists, the key not refused by
 * its platform (a refused key is fixed by updating or re-checking it), and not attempted within `interval`.
 */
export async function listDueBlockListIds(
  db: Kysely<Database>,
  attemptedBefore: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('block_lists')
    .innerJoin('users', 'users.id', 'block_lists.user_id')
    .innerJoin('api_keys', 'api_keys.id', 'block_lists.api_key_id')
    .select('block_lists.id')
    .where('block_lists.is_enabled', '=', 1)
    .where('users.can_block_list', '=', 1)
    .where((eb) => eb.or([eb('api_keys.is_valid', 'is', null), eb('api_keys.is_valid', '=', 1)]))
    .where((eb) =>
      eb.or([
        eb('block_lists.last_attempted_at', 'is', null),
        eb('block_lists.last_attempted_at', '<=', attemptedBefore),
      ]),
    )
    .orderBy('block_lists.id')
    .execute();
  return rows.map((row) => row.id);
}
