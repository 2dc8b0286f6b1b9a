import { sql, type Kysely } from 'kysely';
import { isPostgres, withIdColumn } from '../columns.js';

const states = (...names: string[]) =>
  sql.raw<boolean>(`state in (${names.map((name) => `'${name}'`).join(', ')})`);

/**
 * A job of an ordering key sent while an older job holds its key (running, waiting to retry, or waiting
 * itself) is `waiting`: out of the claim's search (jobs_unfinished) and in the small index of its key's
 * holders, until a job of its key finishes and lets the first waiting one go. Before, a claim walked
 * every job of a held key in id order: with HubSpot's limits holding every lead of a 100,000-job backlog,
 * 47 ms a claim on the api's thread. SQLite cannot change a CHECK constraint, so its table is copied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceStateCheck(
    db,
    states('created', 'waiting', 'retry', 'active', 'completed', 'failed'),
  );
  await db.schema.dropIndex('jobs_holding_key').ifExists().execute();
  await db.schema
    .createIndex('jobs_holding_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .where(sql<boolean>`ordering_key is not null and ${states('active', 'retry', 'waiting')}`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update jobs set state = 'created' where state = 'waiting'`.execute(db);
  await replaceStateCheck(db, states('created', 'retry', 'active', 'completed', 'failed'));
  await db.schema.dropIndex('jobs_holding_key').ifExists().execute();
  await db.schema
    .createIndex('jobs_holding_key')
    .on('jobs')
    .columns(['queue', 'ordering_key', 'id'])
    .where(sql<boolean>`ordering_key is not null and ${states('active', 'retry')}`)
    .execute();
}

const columns = sql.raw(
  'id, queue, data, state, idempotency_key, ordering_key, attempts, retry_limit, backoff_base_ms, backoff_max_ms, visibility_timeout_ms, run_after_ms, locked_until_ms, last_error, created_at, updated_at',
);

async function replaceStateCheck(
  db: Kysely<unknown>,
  check: ReturnType<typeof states>,
): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table jobs drop constraint jobs_state_check`.execute(db);
    await sql`alter table jobs add constraint jobs_state_check check (${check})`.execute(db);
    return;
  }
  // SQLite's way to change a constraint: a new table, the rows copied (ids and the AUTOINCREMENT counter kept), renamed
  await withIdColumn(db, db.schema.createTable('jobs_next'))
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(check))
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
  await sql`insert into jobs_next (${columns}) select ${columns} from jobs`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'jobs_next', seq from sqlite_sequence where name = 'jobs' and not exists (select 1 from sqlite_sequence where name = 'jobs_next')`.execute(
    db,
  );
  await sql`update sqlite_sequence set seq = max(seq, (select seq from sqlite_sequence where name = 'jobs')) where name = 'jobs_next'`.execute(
    db,
  );
  await sql`drop table jobs`.execute(db);
  await sql`alter table jobs_next rename to jobs`.execute(db);
  await db.schema
    .createIndex('jobs_unfinished')
    .on('jobs')
    .columns(['queue', 'id'])
    .where(states('created', 'retry', 'active'))
    .execute();
}
