import type { Kysely } from 'kysely';

/**
 * Rate limits every api and worker process shares (issue "Events become CRM records": HubSpot's 110
 * requests per 10 s and 5 searches per second per account): one row per limit key and fixed window,
 * counted up in one statement. Old windows are deleted by the retention job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
