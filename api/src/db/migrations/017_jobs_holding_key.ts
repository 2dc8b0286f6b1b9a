import { sql, type Kysely } from 'kysely';

/**
 * The SQLite queue's per-key ordering looks only at the jobs that hold their key: running (active) or
 * waiting to run again (retry, which is also how a job sent for later with an ordering key waits). The
 * index over every unfinished job by key took a random place in a b-tree on every post (leads arrive
 * in any order), and that page written per event was the receiver's largest cost; this one changes only
 * when a worker claims or finishes a job, and stays as small as the work in hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update jobs set state = 'retry' where state = 'created' and ordering_key is not null and run_after_ms > ${Date.now()}`.execute(
    db,
  );
  await db.schema.dropIndex('jobs_unfinished_ordering_key').execute();
  await db.schema
    .createIndex('jobs_holding_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .where(sql<boolean>`ordering_key is not null and state in ('active', 'retry')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_holding_key').execute();
  await db.schema
    .createIndex('jobs_unfinished_ordering_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .where(sql<boolean>`state in ('created', 'retry', 'active')`)
    .execute();
}
