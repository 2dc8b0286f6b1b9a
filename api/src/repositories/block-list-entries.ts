import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the sync pushed of a block list (migration 018). */
export interface BlockListEntryRecord {
  entry: string;
  state: 'synced' | 'refused';
  reason: string | null;
  removedAt: string | null;
}

/** Rows per insert: 6 parameters each, far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

export async function listBlockListEntries(
  db: Kysely<Database>,
  blockListId: number,
): Promise<Map<string, BlockListEntryRecord>> {
  const rows = await db
    .selectFrom('block_list_entries')
    .select(['entry', 'state', 'reason', 'removed_at'])
    .where('block_list_id', '=', blockListId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.entry,
      { entry: row.entry, state: row.state, reason: row.reason, removedAt: row.removed_at },
    ]),
  );
}

/** Records entries as synced or refused (again present in the CRM list when they were removed). */
export async function saveBlockListEntries(
  db: Kysely<Database>,
  blockListId: number,
  entries: readonly { entry: string; state: 'synced' | 'refused'; reason: string | null }[],
  now: string,
): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    await db
      .insertInto('block_list_entries')
      .values(
        entries.slice(start, start + CHUNK).map((entry) => ({
          block_list_id: blockListId,
          entry: entry.entry,
          state: entry.state,
          reason: entry.reason,
          pushed_at: now,
          removed_at: null,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['block_list_id', 'entry']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          reason: eb.ref('excluded.reason'),
          pushed_at: eb.ref('excluded.pushed_at'),
          removed_at: null,
        })),
      )
      .execute();
  }
}

/** Marks entries as gone from the CRM list (removedAt) or back in it (null). */
export async function setBlockListEntriesRemoved(
  db: Kysely<Database>,
  blockListId: number,
  entries: readonly string[],
  removedAt: string | null,
): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    await db
      .updateTable('block_list_entries')
      .set({ removed_at: removedAt })
      .where('block_list_id', '=', blockListId)
      .where('entry', 'in', entries.slice(start, start + CHUNK))
      .execute();
  }
}

/** The counts the block list shows: entries in the CRM list the platform has, and those it does not. */
export async function countBlockListEntries(
  db: Kysely<Database>,
  blockListId: number,
): Promise<{ synced: number; notSynced: number }> {
  const rows = await db
    .selectFrom('block_list_entries')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('block_list_id', '=', blockListId)
    .where('removed_at', 'is', null)
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return { synced: of('synced'), notSynced: of('refused') };
}

/** Forgets entries removed from the platform: pushed again if they come back to the CRM list. */
export async function deleteBlockListEntries(
  db: Kysely<Database>,
  blockListId: number,
  entries: readonly string[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    await db
      .deleteFrom('block_list_entries')
      .where('block_list_id', '=', blockListId)
      .where('entry', 'in', entries.slice(start, start + CHUNK))
      .execute();
  }
}
