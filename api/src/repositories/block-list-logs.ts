import type { Kysely } from 'kysely';
import type { BlockListLogAction } from 'shared/contract';
import { z } from 'zod';
import { fromFlag, type Database } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import { readJson, writeJson } from './json-text.js';
import { cutWindow, windowOffset, WINDOW_ROWS, type LogWindow } from './log-cursor.js';

export interface BlockListLogRecord {
  id: number;
  blockListId: number;
  listName: string;
  blockType: 'ADDRESS' | 'DOMAIN';
  isEnabled: boolean;
  entity: string;
  entityDetails: Record<string, unknown>;
  syncedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface BlockListLogFilter {
  /** Whose block lists' logs: a regular user's own, a manager's or admin's organization's; undefined = everyone's. */
  scope?: OwnerScope | undefined;
  blockListId?: number;
  /** Lowercased and trimmed: compared with the logged entity. */
  email?: string;
}

function filtered(db: Kysely<Database>, filter: BlockListLogFilter) {
  let query = db
    .selectFrom('block_list_logs')
    .innerJoin('block_lists', 'block_lists.id', 'block_list_logs.block_list_id');
  if (filter.scope)
    query =
      filter.scope.kind === 'own'
        ? query.where('block_list_logs.user_id', '=', filter.scope.userId)
        : query.where(
            'block_list_logs.user_id',
            'in',
            organizationMembers(db, filter.scope.organizationId),
          );
  if (filter.blockListId !== undefined)
    query = query.where('block_list_logs.block_list_id', '=', filter.blockListId);
  if (filter.email !== undefined) query = query.where('block_list_logs.entity', '=', filter.email);
  return query;
}

/** One page (20 rows, newest first), the total count of the filtered history and the next page's cursor. */
export async function pageBlockListLogs(
  db: Kysely<Database>,
  filter: BlockListLogFilter,
  window: LogWindow,
): Promise<{ totalItems: number; data: BlockListLogRecord[]; nextCursor: number | null }> {
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  let query = filtered(db, filter);
  if (window.before !== undefined) query = query.where('block_list_logs.id', '<', window.before);
  if (window.after !== undefined) query = query.where('block_list_logs.id', '>', window.after);
  const read = await query
    .select([
      'block_list_logs.id',
      'block_list_logs.block_list_id',
      'block_list_logs.entity',
      'block_list_logs.entity_details',
      'block_list_logs.synced_at',
      'block_list_logs.last_error',
      'block_list_logs.created_at',
      'block_lists.list_name',
      'block_lists.block_type',
      'block_lists.is_enabled',
    ])
    .orderBy('block_list_logs.id', 'desc')
    .limit(WINDOW_ROWS)
    .offset(windowOffset(window))
    .execute();
  const { rows, nextCursor } = cutWindow(read);
  return {
    totalItems: Number(count.count),
    nextCursor,
    data: rows.map((row) => ({
      id: row.id,
      blockListId: row.block_list_id,
      listName: row.list_name,
      blockType: row.block_type,
      isEnabled: fromFlag(row.is_enabled),
      entity: row.entity,
      entityDetails: readJson(row.entity_details, z.record(z.string(), z.unknown()), {}),
      syncedAt: row.synced_at,
      lastError: row.last_error,
      createdAt: row.created_at,
    })),
  };
}

export interface NewBlockListLog {
  blockListId: number;
  userId: number;
  entity: string;
  entityDetails: { action: BlockListLogAction } & Record<string, unknown>;
  syncedAt: string | null;
  lastError: string | null;
  createdAt: string;
}

/** A history row as stored: the entity lowercased (the email filter compares it). */
const logRow = (log: NewBlockListLog) => ({
  block_list_id: log.blockListId,
  user_id: log.userId,
  entity: log.entity.trim().toLowerCase(),
  entity_details: writeJson(log.entityDetails),
  synced_at: log.syncedAt,
  last_error: log.lastError,
  created_at: log.createdAt,
});

/** The sync engine's rows of one run, in chunks of 500. */
export async function insertBlockListLogs(
  db: Kysely<Database>,
  logs: readonly NewBlockListLog[],
): Promise<void> {
  for (let start = 0; start < logs.length; start += 500) {
    await db
      .insertInto('block_list_logs')
      .values(logs.slice(start, start + 500).map(logRow))
      .execute();
  }
}

/** For tests: one history row. */
export async function insertBlockListLog(
  db: Kysely<Database>,
  log: NewBlockListLog,
): Promise<number> {
  const { id } = await db
    .insertInto('block_list_logs')
    .values(logRow(log))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
