import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the receiver's hot path: every event writes one log row and one job, so each index on
 * those tables costs every post. A claim looks only at unfinished jobs (finished ones stay a day until
 * the retention job deletes them): partial indexes keep its search to those, and replace the full
 * ones it used. The webhook_id index is a prefix of the (webhook_id, dedupe_key) one; the retention job
 * walks events in id order instead of through a created_at index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const unfinished = sql<boolean>`state in ('created', 'retry', 'active')`;
  await db.schema
    .createIndex('jobs_unfinished')
    .on('jobs')
    .columns(['queue', 'id'])
    .where(unfinished)
    .execute();
  await db.schema
    .createIndex('jobs_unfinished_ordering_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .where(unfinished)
    .execute();
  await db.schema.dropIndex('jobs_queue_state_run_after').execute();
  await db.schema.dropIndex('jobs_queue_ordering_key').execute();
  await db.schema.dropIndex('webhook_logs_webhook_id').execute();
  await db.schema.dropIndex('webhook_logs_created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_logs_created_at')
    .on('webhook_logs')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('webhook_logs_webhook_id')
    .on('webhook_logs')
    .column('webhook_id')
    .execute();
  await db.schema
    .createIndex('jobs_queue_ordering_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .execute();
  await db.schema
    .createIndex('jobs_queue_state_run_after')
    .on('jobs')
    .columns(['queue', 'state', 'run_after_ms'])
    .execute();
  await db.schema.dropIndex('jobs_unfinished_ordering_key').execute();
  await db.schema.dropIndex('jobs_unfinished').execute();
}
