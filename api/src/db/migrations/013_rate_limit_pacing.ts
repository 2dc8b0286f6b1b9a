import type { Kysely } from 'kysely';

/**
 * Rate limits as pacing (issue "Events become CRM records"): one row per limit key with the time its
 * next call may go, moved on by one interval per call in one statement, so every api and worker process
 * shares it. The fixed windows of 012 let a full window's calls at its end and the next window's at its
 * start through together, which HubSpot's sliding window refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
  await db.schema
    .createTable('rate_limit_pacing')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('next_at_ms', 'bigint', (col) => col.notNull())
    .addColumn('last_slot_ms', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_pacing').execute();
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_expires_at')
    .on('rate_limit_windows')
    .column('expires_at')
    .execute();
}
