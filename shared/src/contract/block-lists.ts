import { z } from 'zod';
import { platform } from './api-keys.js';
import { crmType } from './current-user.js';
import { defineOperations } from './define-operations.js';
import { logCursorQuery, pageNumber, pagedOf, queryEmail, queryId } from './logs.js';
import { MAX_ID, recordIdParams } from './ids.js';

/** Stored texts refuse the NUL character (PostgreSQL text cannot hold it; SQLite answers the same). */
const noNul = (value: string): boolean => !value.includes('\u0000');
const text = (max = 500) => z.string().max(max).refine(noNul, 'Must not contain the NUL character');

/** spec §9 block types and list types. */
export const blockTypes = ['ADDRESS', 'DOMAIN'] as const;
export const blockType = z.enum(blockTypes);
export type BlockType = z.infer<typeof blockType>;
export const blockListTypes = ['CONTACT_LIST', 'COMPANY_LIST'] as const;
export const blockListType = z.enum(blockListTypes);
export type BlockListType = z.infer<typeof blockListType>;

/** The Smartlead client a block list pushes to (smartlead keys with clients only). */
export const blockListClientInput = z.object({
  id: z.union([z.number().int(), text(100)]),
  email: text(320).nullish(),
  name: text(300).nullish(),
});

const apiKeyIdInput = z.number({ error: 'Select API Key' }).int().positive().max(MAX_ID).nullable();
const blockTypeInput = z.enum(blockTypes, { error: 'Select Type of blocking' }).nullable();

/**
 * spec §3 "Block list creation payload (HUBSPOT)". The platform is the API key's. userProfileId (an
 * addition) names the CRM profile picked in the screen; left out, it is the API key's profile.
 * Missing choices are null; the server answers spec §5's texts for them.
 */
export const hubspotBlockListCreate = z.object({
  crm: z.literal('HUBSPOT'),
  userProfileId: z.number().int().positive().max(MAX_ID).nullish(),
  listId: z.union([text(200), z.number().int()], { error: 'Select hubspot list' }).nullable(),
  listName: text(500).nullish(),
  listType: z.enum(blockListTypes, { error: 'Select List Type' }).nullable(),
  apiKeyId: apiKeyIdInput,
  blockType: blockTypeInput,
  client: blockListClientInput.nullish(),
  useDomainForNonLatin: z.boolean().default(false),
  profileUrlFieldNames: z.array(text(200)).max(50).default([]),
  heyReachListId: z.union([text(200), z.number().int()]).nullish(),
});
export type HubspotBlockListCreate = z.infer<typeof hubspotBlockListCreate>;

/** spec §3 "Block list creation payload (SALESFORCE)" (heyreach keys are refused). */
export const salesforceBlockListCreate = z.object({
  crm: z.literal('SALESFORCE'),
  userProfileId: z.number().int().positive().max(MAX_ID).nullish(),
  listIdentifier: text(200).nullable(),
  listName: text(500).nullish(),
  apiKeyId: apiKeyIdInput,
  blockType: blockTypeInput,
  client: blockListClientInput.nullish(),
  fields: z.array(text(200), { error: 'Select fields' }).max(100),
  useDomainForNonLatin: z.boolean().default(false),
});
export type SalesforceBlockListCreate = z.infer<typeof salesforceBlockListCreate>;

/** spec §3 "Block list (sync)", plus what the table needs to show and allow. */
export const blockList = z.object({
  id: z.number().int(),
  crm: crmType,
  /** The HubSpot list id (HUBSPOT), else null. */
  listId: z.string().nullable(),
  /** The Salesforce list identifier (SALESFORCE), else null. */
  listIdILS: z.string().nullable(),
  listName: z.string(),
  listType: blockListType.nullable(),
  /** The CRM profile's id. */
  userId: z.number().int(),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    profile: crmType,
    organizationId: z.string(),
    organizationDomain: z.string().nullable(),
  }),
  /** The key it pushes with (never the secret). */
  apiKey: z.object({ id: z.number().int(), platform, description: z.string() }),
  clientDetails: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  blockType,
  useDomainForNonLatin: z.boolean(),
  profileUrlFieldNames: z.array(z.string()),
  heyReachListId: z.string().nullable(),
  fields: z.array(z.string()),
  lastFetchedAt: z.string().nullable(),
  lastAttemptedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastSmartleadError: z.string().nullable(),
  countItemsSynced: z.number().int(),
  countItemsNotSynced: z.number().int(),
  isEnabled: z.boolean(),
  /** PENDING (before the first run), SYNCING, SYNCED or FAILED; PAUSED when disabled; PAUSED_PENDING_UPGRADE when the owner may not block lists. */
  status: z.string(),
  createdAt: z.string(),
  /** Pause, resume and delete: admins and the profile's owner. */
  canManage: z.boolean(),
});
export type BlockList = z.infer<typeof blockList>;

export const blockListEnabledUpdate = z.strictObject({ isEnabled: z.boolean() });

/**
 * What a block-list history row records the sync did (`entityDetails.action`): the api's sync engine writes
 * it, the History screens read it. A type only: the details stay a free record on the wire.
 */
export type BlockListLogAction =
  'run' | 'pushed' | 'refused' | 'removed-from-platform' | 'removed-from-crm-list' | 'not-synced';

/** spec §3 "Block log": one entity pushed (or not) to the platform. */
export const blockListLog = z.object({
  id: z.number().int(),
  blockListId: z.number().int(),
  syncBlockList: z.object({
    id: z.number().int(),
    listName: z.string(),
    blockType,
    isEnabled: z.boolean(),
  }),
  /** The email, domain or profile URL. */
  entity: z.string(),
  entityDetails: z.record(z.string(), z.unknown()),
  syncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockListLog = z.infer<typeof blockListLog>;

/** Query of the block-list history: page (from 1), block-list-id, email (lowercased and trimmed). */
export const blockListHistoryQuery = z.object({
  page: pageNumber,
  'block-list-id': queryId,
  email: queryEmail,
  ...logCursorQuery,
});

export const blockListHistoryPage = pagedOf(blockListLog);
export type BlockListHistoryPage = z.infer<typeof blockListHistoryPage>;

export const blockListOperations = defineOperations({
  /** Needs canBlockList. */
  createHubspotBlockList: {
    method: 'POST',
    path: '/api/admin/hubspot/blocked-lists',
    body: hubspotBlockListCreate,
    response: blockList,
  },
  /** Needs canBlockList. */
  createSalesforceBlockList: {
    method: 'POST',
    path: '/api/admin/salesforce/blocked-lists',
    body: salesforceBlockListCreate,
    response: blockList,
  },
  /** Regular users: their own; managers and admins: everyone's. */
  listBlockLists: {
    method: 'GET',
    path: '/api/admin/dashboard/smartlead/blocked-lists',
    response: z.array(blockList),
  },
  /** Pause (false) or resume (true): admins and the profile's owner. */
  updateBlockList: {
    method: 'PUT',
    path: '/api/admin/dashboard/smartlead/blocked-lists/{id}',
    params: recordIdParams,
    body: blockListEnabledUpdate,
    response: blockList,
  },
  /** "Sync now": admins and the profile's owner; a paused list answers 409. Answers the list (its sync is queued). */
  syncBlockList: {
    method: 'POST',
    path: '/api/admin/dashboard/smartlead/blocked-lists/{id}/sync',
    params: recordIdParams,
    response: blockList,
  },
  /** Admins and the profile's owner; answers the deleted block list. */
  deleteBlockList: {
    method: 'DELETE',
    path: '/api/admin/dashboard/smartlead/blocked-lists/{id}',
    params: recordIdParams,
    response: blockList,
  },
  /** 20 a page, newest first. */
  listBlockListHistory: {
    method: 'GET',
    path: '/api/admin/dashboard/smartlead/blocked-lists/history',
    query: blockListHistoryQuery,
    response: blockListHistoryPage,
  },
});
