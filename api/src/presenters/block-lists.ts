import type { BlockList, BlockListLog } from 'shared/contract';
import type { BlockListLogRecord } from '../repositories/block-list-logs.js';
import type { BlockListRecord } from '../repositories/block-lists.js';
import type { UserRecord } from '../repositories/users.js';
import { mayActOn } from '../authz/index.js';
import { shownStatus } from '../records/block-list-status.js';

/** spec §3 "Block list (sync)"; canManage is the pause, resume and delete policy; the status shows the paused states first. */
export function toBlockList(record: BlockListRecord, viewer: UserRecord): BlockList {
  return {
    id: record.id,
    crm: record.crm,
    listId: record.crm === 'HUBSPOT' ? record.listId : null,
    listIdILS: record.crm === 'SALESFORCE' ? record.listId : null,
    listName: record.listName,
    listType: record.listType,
    userId: record.userProfileId,
    user: {
      id: record.profile.id,
      email: record.profile.email,
      profile: record.profile.crm,
      organizationId: record.profile.organizationId,
      organizationDomain: record.profile.organizationDomain,
    },
    apiKey: record.apiKey,
    clientDetails:
      record.clientId === null ? null : { id: record.clientId, email: record.clientEmail },
    blockType: record.blockType,
    useDomainForNonLatin: record.useDomainForNonLatin,
    profileUrlFieldNames: record.profileUrlFieldNames,
    heyReachListId: record.heyReachListId,
    fields: record.fields,
    lastFetchedAt: record.lastFetchedAt,
    lastAttemptedAt: record.lastAttemptedAt,
    lastError: record.lastError,
    lastSmartleadError: record.lastSmartleadError,
    countItemsSynced: record.countItemsSynced,
    countItemsNotSynced: record.countItemsNotSynced,
    isEnabled: record.isEnabled,
    status: shownStatus(record),
    createdAt: record.createdAt,
    canManage: mayActOn(viewer, 'deleteBlockList', record),
  };
}

/** spec §3 "Block list log". */
export function toBlockListLog(record: BlockListLogRecord): BlockListLog {
  return {
    id: record.id,
    blockListId: record.blockListId,
    syncBlockList: {
      id: record.blockListId,
      listName: record.listName,
      blockType: record.blockType,
      isEnabled: record.isEnabled,
    },
    entity: record.entity,
    entityDetails: record.entityDetails,
    syncedAt: record.syncedAt,
    lastError: record.lastError,
    createdAt: record.createdAt,
  };
}
