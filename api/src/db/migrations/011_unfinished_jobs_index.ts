import { sql, type Kysely } from 'kysely';

/**
 * A claim looks only at unfinished jobs; finished ones stay in the table for a day (the retention job
 * deletes them). Partial indexes keep the claim's search to the unfinished ones, however many
 * finished jobs there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const unfinished = sql<boolean>`state in ('created', 'retry', 'active')`;
  await db.schema.createIndex('jobs_unfinished').on('jobs').columns(['queue', 'id']).where(unfinished).execute();
  await db.schema.createIndex('jobs_unfinished_ordering_key').on('jobs').columns(['queue', 'ordering_key', 'id']).where(unfinished).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_unfinished_ordering_key').execute();
  await db.schema.dropIndex('jobs_unfinished').execute();
}
