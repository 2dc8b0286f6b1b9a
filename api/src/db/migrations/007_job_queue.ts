import { sql, type Kysely } from 'kysely';
import { withIdColumn } from '../columns.js';

/**
 * The job queue of the embedded (SQLite) default: one row per job, in the same database file as the
 * events, so an event and its job are stored in one transaction. PostgreSQL deployments run pg-boss in
 * its own schema instead; the table is created there too so both dialects keep one schema history.
 * The times a claim compares are epoch milliseconds (bigint), so a lease is `now + timeout` in plain SQL
 * on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('jobs'))
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('created', 'retry', 'active', 'completed', 'failed')`),
    )
    .addColumn('idempotency_key', 'text')
    .addColumn('ordering_key', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (col) => col.notNull())
    .addColumn('backoff_base_ms', 'integer', (col) => col.notNull())
    .addColumn('backoff_max_ms', 'integer', (col) => col.notNull())
    .addColumn('visibility_timeout_ms', 'integer', (col) => col.notNull())
    .addColumn('run_after_ms', 'bigint', (col) => col.notNull())
    .addColumn('locked_until_ms', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('jobs_queue_idempotency_key', ['queue', 'idempotency_key'])
    .execute();
  // what a claim looks for: due jobs of a queue, and the older unfinished jobs of an ordering key
  await db.schema
    .createIndex('jobs_queue_state_run_after')
    .on('jobs')
    .columns(['queue', 'state', 'run_after_ms'])
    .execute();
  await db.schema
    .createIndex('jobs_queue_ordering_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
