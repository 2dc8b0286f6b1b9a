import type { BlockList, ResponseOf } from 'shared/contract';
import { LOG_PAGE_SIZE } from 'shared/contract';
import { requestBlockListSync, syncNowKey } from '../block-list-sync/schedule.js';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { toBlockList, toBlockListLog } from '../presenters/block-lists.js';
import { findApiKeyRef, type ApiKeyRef } from '../repositories/api-key-refs.js';
import { pageBlockListLogs } from '../repositories/block-list-logs.js';
import {
  deleteBlockList,
  findBlockList,
  listBlockLists,
  setBlockListEnabled,
  type BlockListRecord,
} from '../repositories/block-lists.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import type { UserRecord } from '../repositories/users.js';
import { conflict, notFound } from './domain-errors.js';
import type { ParsedQuery } from './parsed-request.js';

const NOT_FOUND = 'Block list not found';

export const findBlockListById = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<BlockListRecord | undefined> => findBlockList(deps.db, id);

export const findBlockListKey = (
  deps: Pick<Deps, 'db'>,
  apiKeyId: number,
): Promise<ApiKeyRef | undefined> => findApiKeyRef(deps.db, apiKeyId);

export async function presentBlockList(
  deps: Pick<Deps, 'db'>,
  viewer: UserRecord,
  id: number,
): Promise<BlockList> {
  const record = await findBlockList(deps.db, id);
  if (!record) throw notFound(NOT_FOUND);
  return toBlockList(record, viewer);
}

export async function blockListsInScope(
  deps: Pick<Deps, 'db'>,
  viewer: UserRecord,
  scope: OwnerScope,
): Promise<BlockList[]> {
  return (await listBlockLists(deps.db, scope)).map((record) => toBlockList(record, viewer));
}

/** A new list syncs at once (then on the schedule). */
export async function startNewBlockList(
  deps: Pick<Deps, 'db'>,
  queue: JobQueue,
  viewer: UserRecord,
  id: number,
): Promise<BlockList> {
  await requestBlockListSync(queue, id, 'created');
  return presentBlockList(deps, viewer, id);
}

/** Pausing stops the schedule (it skips disabled lists, and a queued run finds the list paused); resuming syncs at once. */
export async function setBlockListRunning(
  deps: Pick<Deps, 'db'>,
  queue: JobQueue,
  viewer: UserRecord,
  record: BlockListRecord,
  isEnabled: boolean,
): Promise<BlockList> {
  if (!(await setBlockListEnabled(deps.db, record.id, isEnabled))) throw notFound(NOT_FOUND);
  if (isEnabled && !record.isEnabled) await requestBlockListSync(queue, record.id, 'resumed');
  return presentBlockList(deps, viewer, record.id);
}

export async function syncBlockListNow(
  deps: Pick<Deps, 'db' | 'clock'>,
  queue: JobQueue,
  viewer: UserRecord,
  record: BlockListRecord,
): Promise<BlockList> {
  if (!record.ownerCanBlockList)
    throw conflict(
      "This block list is paused until its owner may block lists again (PAUSED_PENDING_UPGRADE): it can't sync now",
    );
  if (!record.isEnabled) throw conflict('This block list is paused: resume it to sync it');
  await requestBlockListSync(queue, record.id, 'sync-now', syncNowKey(record.id, deps.clock.now()));
  return presentBlockList(deps, viewer, record.id);
}

export async function removeBlockList(
  deps: Pick<Deps, 'db'>,
  viewer: UserRecord,
  record: BlockListRecord,
): Promise<BlockList> {
  await deleteBlockList(deps.db, record.id);
  return toBlockList(record, viewer);
}

/** The block lists' history, a page at a time (spec §6). */
export async function blockListHistory(
  deps: Pick<Deps, 'db'>,
  scope: OwnerScope,
  query: ParsedQuery<'listBlockListHistory'>,
): Promise<ResponseOf<'listBlockListHistory'>> {
  const { totalItems, data, nextCursor } = await pageBlockListLogs(
    deps.db,
    { scope, blockListId: query['block-list-id'], email: query.email },
    query,
  );
  return {
    page: query.page,
    limit: LOG_PAGE_SIZE,
    totalItems,
    nextCursor,
    data: data.map(toBlockListLog),
  };
}
