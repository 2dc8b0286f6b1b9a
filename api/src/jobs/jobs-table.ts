import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { isPostgres } from '../db/columns.js';
import { compiledRows } from '../db/compiled-rows.js';
import type { Database, JobsTable } from '../db/schema.js';
import { chainsToMoveUp } from './chains-to-move-up.js';
import type { ClaimedJob, JobInfo, OutgoingJob } from './job-queue.js';
import { jobColumns } from './sql-job-row.js';

/**
 * The `jobs` table (migration 007), the record of every job on both engines: its state, attempts,
 * lane and place behind its ordering key. SQLite claims from it directly; on PostgreSQL pg-boss
 * hands out the jobs that may run (pg-boss-queue-engine.ts).
 */
export type JobRow = Selectable<JobsTable>;

/** What an engine needs to know of a row it made ready to run. */
export type ReadyJob = Pick<JobRow, 'id' | 'queue' | 'priority' | 'run_after_ms'>;

/** A job in one of these holds its ordering key against the younger jobs of the key (the partial index jobs_holding_key). */
export const holdsItsKey = (alias: string) =>
  sql.raw(`${alias}.ordering_key is not null and ${alias}.state in ('active', 'retry', 'waiting')`);

/** Whether an older job holds the key of `candidate` (a table alias). */
export const olderHolderOf = (candidate: string) =>
  sql`exists (select 1 from jobs holder where ${holdsItsKey('holder')} and holder.queue = ${sql.ref(`${candidate}.queue`)} and holder.ordering_key = ${sql.ref(`${candidate}.ordering_key`)} and holder.id < ${sql.ref(`${candidate}.id`)})`;

export function toClaimed(row: JobRow): ClaimedJob {
  return {
    id: String(row.id),
    name: row.queue,
    data: JSON.parse(row.data) as unknown,
    attempt: row.attempts,
    retryLimit: row.retry_limit,
    backoff: { baseMs: row.backoff_base_ms, maxMs: row.backoff_max_ms },
    orderingKey: row.ordering_key,
  };
}

// every received event sends a job: built once per row count (compiledRows), not per send
export const insertJobs = compiledRows(jobColumns, (db, rows) =>
  db
    .insertInto('jobs')
    .values(rows as never)
    .onConflict((conflict) => conflict.columns(['queue', 'idempotency_key']).doNothing())
    .returning(['id', 'queue', 'priority', 'run_after_ms', 'state']),
);

/** A job's key group: its ordering key up to the first ':' (SendOptions.orderingKey). */
const keyGroup = (db: Kysely<Database>) =>
  sql.raw(
    isPostgres(db)
      ? `split_part(ordering_key, ':', 1)`
      : `substr(ordering_key, 1, case when instr(ordering_key, ':') > 0 then instr(ordering_key, ':') - 1 else length(ordering_key) end)`,
  );

/**
 * The unfinished jobs of queue `name` with an ordering key, each of its states read through its index:
 * created, retrying or running (jobs_unfinished) and set aside behind their key (jobs_holding_key).
 */
const unfinishedWithKey = (name: string, columns: RawBuilder<unknown>) => sql`
  select ${columns} from jobs where queue = ${name} and state in ('created', 'retry', 'active') and ordering_key is not null
  union all
  select ${columns} from jobs where queue = ${name} and ${holdsItsKey('jobs')} and state = 'waiting'`;

/**
 * Moves the older unfinished jobs of each key sent in a higher lane up to it (the lead's chain moves up
 * with its reply), so a key's jobs keep their order across lanes. The created ones are found among the
 * queue's unfinished jobs of the lanes below (no index has them by key: that index cost every post a
 * page, migration 017), the ones holding the key by jobs_holding_key. Answers the moved jobs that wait
 * to run (created or retrying), whose lane changed.
 */
export async function moveChainsUp(
  executor: Kysely<Database>,
  jobs: readonly OutgoingJob[],
): Promise<ReadyJob[]> {
  const moved: ReadyJob[] = [];
  for (const { name, priority, keys } of chainsToMoveUp(jobs)) {
    const move = async (states: RawBuilder<unknown>) =>
      (
        await sql<ReadyJob & { state: JobRow['state'] }>`
          update jobs set priority = ${priority}
          where queue = ${name} and ${states} and ordering_key in (${sql.join(keys)}) and priority < ${priority}
          returning id, queue, priority, run_after_ms, state`.execute(executor)
      ).rows;
    moved.push(
      ...(await move(sql.raw(`state in ('created', 'retry', 'active') and state = 'created'`))),
    );
    const holding = await move(holdsItsKey('jobs'));
    moved.push(...holding.filter((job) => job.state === 'retry'));
  }
  return moved;
}

/**
 * When a job of a key finishes, the first job of its key waiting behind it may run. In the finishing
 * update's transaction: a key never keeps waiting jobs without one that will finish and let them go.
 */
export async function releaseNextOfKey(
  trx: Kysely<Database>,
  name: string,
  key: string,
): Promise<ReadyJob | undefined> {
  const { rows } = await sql<ReadyJob>`
    update jobs set state = 'created' where id = (
      select id from jobs w where w.queue = ${name} and w.ordering_key = ${key} and ${holdsItsKey('w')} and w.state = 'waiting' order by w.id limit 1
    )
    returning id, queue, priority, run_after_ms`.execute(trx);
  return rows[0];
}

export async function readJob(
  db: Kysely<Database>,
  name: string,
  id: string,
): Promise<JobInfo | null> {
  if (!/^\d+$/.test(id)) return null;
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('queue', '=', name)
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: String(row.id),
    name: row.queue,
    data: JSON.parse(row.data) as unknown,
    // waiting behind an older job of its key is, to a caller, not yet run
    state: row.state === 'waiting' ? 'created' : row.state,
    attempts: row.attempts,
    retryLimit: row.retry_limit,
    orderingKey: row.ordering_key,
    runAfter: new Date(Number(row.run_after_ms)),
    lastError: row.last_error,
  };
}

export async function waitingByGroup(
  db: Kysely<Database>,
  name: string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ grp: string; waiting: number }>`
    select ${keyGroup(db)} as grp, count(*) as waiting from (${unfinishedWithKey(name, sql.raw('ordering_key'))}) as line
    group by grp`.execute(db);
  return new Map(rows.map((row) => [row.grp, Number(row.waiting)]));
}

export async function placesInLine(
  db: Kysely<Database>,
  name: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const columns = sql.raw('ordering_key, idempotency_key, priority, id');
  const { rows } = await sql<{ key: string; place: number }>`
    select idempotency_key as key, place from (
      select idempotency_key, row_number() over (partition by ${keyGroup(db)} order by priority desc, id) as place
      from (${unfinishedWithKey(name, columns)}) as line
    ) as placed
    where idempotency_key in (${sql.join([...keys])})`.execute(db);
  return new Map(rows.map((row) => [row.key, Number(row.place)]));
}
