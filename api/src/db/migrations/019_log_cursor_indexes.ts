import type { Kysely } from 'kysely';

/**
 * The history lists page by id (newest first, a cursor of the last id shown) within a user's rows, and
 * count them: (user_id, id) serves both the page and the count without reading the table. It replaces
 * (user_id, created_at), which nothing orders by any more. (user_id, event_type) answers the event-type
 * filter's count from the index too: one index more for the receiver to write per event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_logs_user_id')
    .on('webhook_logs')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_logs_user_event_type')
    .on('webhook_logs')
    .columns(['user_id', 'event_type'])
    .execute();
  await db.schema.dropIndex('webhook_logs_user_created').execute();
  await db.schema
    .createIndex('category_base_filter_logs_user_id')
    .on('category_base_filter_logs')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.dropIndex('category_base_filter_logs_user_created').execute();
  await db.schema
    .createIndex('block_list_logs_user_id')
    .on('block_list_logs')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('block_list_logs_user_id').execute();
  await db.schema
    .createIndex('category_base_filter_logs_user_created')
    .on('category_base_filter_logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('category_base_filter_logs_user_id').execute();
  await db.schema
    .createIndex('webhook_logs_user_created')
    .on('webhook_logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('webhook_logs_user_event_type').execute();
  await db.schema.dropIndex('webhook_logs_user_id').execute();
}
