import type { Kysely } from 'kysely';

/**
 * The category-based filter's own columns on its log (issue "Events become CRM records"): what each row
 * records (held, released, allowed, dropped, expired), the event it is about, and the lead within the
 * CRM profile (the receiver's lead key) that holds and releases are matched on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('category_base_filter_logs').addColumn('action', 'text').execute();
  await db.schema
    .alterTable('category_base_filter_logs')
    .addColumn('webhook_log_id', 'integer', (col) =>
      col.references('webhook_logs.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('category_base_filter_logs').addColumn('lead_key', 'text').execute();
  await db.schema
    .createIndex('category_base_filter_logs_webhook_lead')
    .on('category_base_filter_logs')
    .columns(['webhook_id', 'lead_key'])
    .execute();
  await db.schema
    .createIndex('webhook_logs_state_created')
    .on('webhook_logs')
    .columns(['state', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_logs_state_created').execute();
  await db.schema.dropIndex('category_base_filter_logs_webhook_lead').execute();
  for (const column of ['lead_key', 'webhook_log_id', 'action'])
    await db.schema.alterTable('category_base_filter_logs').dropColumn(column).execute();
}
