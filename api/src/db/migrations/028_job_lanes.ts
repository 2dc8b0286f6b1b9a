import { sql, type Kysely } from 'kysely';

/**
 * Lanes (issue 55): a job's priority, and the claim's search in its order (the higher lane first, then
 * the order sent). jobs_unfinished stays for the set-aside, which walks the jobs in the order sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index jobs_unfinished_by_lane on jobs (queue, priority desc, id) where state in ('created', 'retry', 'active')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_unfinished_by_lane').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
