import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * What the block-list sync pushed (issue "Block lists"): one row per block list and entry (email,
 * domain or profile URL), so a run pushes only what the platform does not have yet. `state` synced: the
 * platform has it (added, or it had it already); refused: the platform refused it (not pushed again).
 * `removed_at`: the entry left the CRM list (reported once in the log; it stays in the platform).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('block_list_entries'))
    .addColumn('block_list_id', 'integer', (col) =>
      col.notNull().references('block_lists.id').onDelete('cascade'),
    )
    .addColumn('entry', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('synced', 'refused')`))
    .addColumn('reason', 'text')
    .addColumn('pushed_at', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('block_list_entries_list_entry')
    .unique()
    .on('block_list_entries')
    .columns(['block_list_id', 'entry'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('block_list_entries').execute();
}
