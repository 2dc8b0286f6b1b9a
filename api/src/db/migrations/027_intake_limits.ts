import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

/**
 * The receiver's counters on PostgreSQL (issue 53: the flood limit and the quotas every api process
 * shares, receiver/intake-limits.ts): rate-limiter-flexible's RateLimiterPostgres table, in its own
 * shape, made here so no process counts before it exists. SQLite's counters are in the one process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table if not exists intake_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table if exists intake_limits`.execute(db);
}
