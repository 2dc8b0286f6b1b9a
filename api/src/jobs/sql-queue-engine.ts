import { sql, type Kysely, type Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import { compiledRows } from '../db/compiled-rows.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { ClaimedJob, JobInfo, OutgoingJob, QueueEngine, SendOptions } from './job-queue.js';
import { jobColumns, sqlJobRow } from './sql-job-row.js';

type JobRow = Selectable<JobsTable>;

/** Rows per insert statement of sendMany (12 parameters each: far below SQLite's and PostgreSQL's limits). */
const SEND_CHUNK = 500;

function toClaimed(row: JobRow): ClaimedJob {
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
const insertJobs = compiledRows(jobColumns, (db, rows) =>
  db
    .insertInto('jobs')
    .values(rows as never)
    .onConflict((conflict) => conflict.columns(['queue', 'idempotency_key']).doNothing())
    .returning('id'),
);

/**
 * The queue in the api's own database (the `jobs` table of migration 007): the embedded SQLite
 * default. A claim is one UPDATE … WHERE id = (SELECT …) RETURNING statement, atomic on SQLite, and on
 * PostgreSQL safe too because the outer WHERE re-checks the state of the row it locked. (liteque was
 * the other candidate: it brings its own drizzle client and migrations, and has neither ordering keys
 * nor an injected clock.)
 */
export function createSqlQueueEngine(db: Kysely<Database>, clock: Clock): QueueEngine {
  const now = () => clock.now().toISOString();
  const lastExpiry = new Map<string, number>();

  const jobRow = (job: OutgoingJob) => sqlJobRow(job, clock.now());

  const expireLastAttempts = async (name: string, at: number): Promise<void> => {
    await db
      .updateTable('jobs')
      .set({ state: 'failed', last_error: 'The worker did not finish the last attempt in time', locked_until_ms: null, updated_at: now() })
      .where('queue', '=', name)
      .where('state', '=', 'active')
      .where('locked_until_ms', '<=', at)
      .where(sql<boolean>`attempts > retry_limit`)
      .execute();
  };

  return {
    async start() {},

    async send(name, data, options: SendOptions) {
      const [row] = await insertJobs(options.transaction ?? db, [jobRow({ name, data, options })]);
      return row === undefined ? null : String(row.id);
    },

    async sendMany(jobs, transaction) {
      for (let start = 0; start < jobs.length; start += SEND_CHUNK) await insertJobs(transaction ?? db, jobs.slice(start, start + SEND_CHUNK).map(jobRow));
    },

    async claim(name) {
      const at = clock.now().getTime();
      // a job whose worker died (its lease ran out) on its last attempt is dead, not claimed again;
      // looked for at most once a second per queue (leases run for minutes)
      if (at - (lastExpiry.get(name) ?? Number.NEGATIVE_INFINITY) >= 1000 || at < (lastExpiry.get(name) ?? 0)) {
        lastExpiry.set(name, at);
        await expireLastAttempts(name, at);
      }
      // unfinished (the partial index's condition, spelled out so the planner uses it) and due, or
      // active past its lease with attempts left
      const claimable = (alias: string) =>
        sql`(${sql.ref(`${alias}.state`)} in ('created', 'retry', 'active') and ((${sql.ref(`${alias}.state`)} in ('created', 'retry') and ${sql.ref(`${alias}.run_after_ms`)} <= ${at}) or (${sql.ref(`${alias}.state`)} = 'active' and ${sql.ref(`${alias}.locked_until_ms`)} <= ${at} and ${sql.ref(`${alias}.attempts`)} <= ${sql.ref(`${alias}.retry_limit`)})))`;
      // per-key order: the lowest due job of a key goes first (candidates are taken in id order), and
      // none while an older one of its key holds it, running or waiting to run again (the small partial
      // index jobs_holding_key). An older job of the key that is merely created is due too, so it is
      // either taken before this one or held back by the same holder.
      const result = await sql<JobRow>`
        update jobs set
          state = 'active',
          attempts = attempts + 1,
          locked_until_ms = ${at} + visibility_timeout_ms,
          updated_at = ${now()}
        where id = (
          select j.id from jobs j
          where j.queue = ${name} and ${claimable('j')}
            and not exists (
              select 1 from jobs older
              where j.ordering_key is not null and older.ordering_key is not null and older.queue = j.queue and older.ordering_key = j.ordering_key
                and older.id < j.id and older.state in ('active', 'retry')
            )
          order by j.id
          limit 1
        ) and ${claimable('jobs')}
        returning *`.execute(db);
      const row = result.rows[0];
      return row === undefined ? null : toClaimed(row);
    },

    async complete(job) {
      await db.updateTable('jobs').set({ state: 'completed', locked_until_ms: null, updated_at: now() }).where('id', '=', Number(job.id)).where('state', '=', 'active').execute();
    },

    async fail(job, error, retryAt) {
      await db
        .updateTable('jobs')
        .set(
          retryAt === null
            ? { state: 'failed', last_error: error, locked_until_ms: null, updated_at: now() }
            : { state: 'retry', run_after_ms: retryAt.getTime(), last_error: error, locked_until_ms: null, updated_at: now() },
        )
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .execute();
    },

    async release(job, runAt) {
      await db
        .updateTable('jobs')
        .set((eb) => ({ state: 'retry', run_after_ms: (runAt ?? clock.now()).getTime(), attempts: eb('attempts', '-', 1), locked_until_ms: null, updated_at: now() }))
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .execute();
    },

    async getJob(name, id) {
      if (!/^\d+$/.test(id)) return null;
      const row = await db.selectFrom('jobs').selectAll().where('queue', '=', name).where('id', '=', Number(id)).executeTakeFirst();
      if (row === undefined) return null;
      const info: JobInfo = {
        id: String(row.id),
        name: row.queue,
        data: JSON.parse(row.data) as unknown,
        state: row.state,
        attempts: row.attempts,
        retryLimit: row.retry_limit,
        orderingKey: row.ordering_key,
        runAfter: new Date(row.run_after_ms),
        lastError: row.last_error,
      };
      return info;
    },

    async stop() {},
  };
}
