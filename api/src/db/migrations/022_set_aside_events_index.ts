import { sql, type Kysely } from 'kysely';

/**
 * The events set aside (held by the category-based filter, waiting for their CRM to be reconnected) are
 * found by state: a partial index of those two states replaces (state, created_at) over every event.
 * The receiver writes one index fewer per event, and processing (queued to processed) changes none: every
 * event passes through those states, few stay in the two the index keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_logs_set_aside')
    .on('webhook_logs')
    .columns(['state', 'created_at'])
    .where(sql<boolean>`state in ('held', 'waiting')`)
    .execute();
  await db.schema.dropIndex('webhook_logs_state_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_logs_state_created')
    .on('webhook_logs')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema.dropIndex('webhook_logs_set_aside').execute();
}
