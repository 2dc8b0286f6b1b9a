import { sql, type Kysely, type Updateable } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { ClaimedJob, OutgoingJob, QueueEngine, SendOptions } from './job-queue.js';
import { isTimeFor } from './is-time-for.js';
import {
  insertJobs,
  moveChainsUp,
  olderHolderOf,
  placesInLine,
  readJob,
  releaseNextOfKey,
  toClaimed,
  waitingByGroup,
  type JobRow,
} from './jobs-table.js';
import { sqlJobRow } from './sql-job-row.js';

/** Rows per insert statement of sendMany (12 parameters each: far below SQLite's and PostgreSQL's limits). */
const SEND_CHUNK = 500;

/**
 * How often a claim first sets aside the jobs sent since the last time that an older job of their key
 * holds. In bulk, because the index of waiting jobs by key takes each set-aside job at its key's place:
 * done on each send, every commit of the receiver rewrote a page per lead (12% fewer posts a second).
 */
const SET_ASIDE_EVERY_MS = 250;
/** The most unfinished jobs one set-aside looks at, on the api's thread: 5,000 take about 40 ms. */
const SET_ASIDE_AT_ONCE = 5000;
/**
 * The jobs one statement of a set-aside looks at: the api's thread serves posts between two. Under the
 * receiver bench's load (in-process workers, SQLite, 100 connections), 5,000 at once held its event loop
 * over 10 ms in 59 of 101 set-asides (up to 32 ms); in statements of 1,000, 11 of 280 did.
 */
const SET_ASIDE_CHUNK = 1000;

/**
 * Marks dead the running jobs of queue `name` whose worker died on their last attempt (their lease ran
 * out by `at`), answering their keys. Found through the small index of running jobs (jobs_active_lease),
 * not the queue's backlog: this runs once a second per queue on the api's thread.
 */
export const expiredLastAttempts = (
  executor: Kysely<Database>,
  name: string,
  at: number,
  updatedAt: string,
) =>
  executor
    .updateTable('jobs')
    .set({
      state: 'failed',
      last_error: 'The worker did not finish the last attempt in time',
      locked_until_ms: null,
      updated_at: updatedAt,
    })
    .where('queue', '=', name)
    .where('state', '=', 'active')
    .where('locked_until_ms', '<=', at)
    .where(sql<boolean>`attempts > retry_limit`)
    .returning('ordering_key');

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
  const lastSetAside = new Map<string, number>();
  /** Per queue, the last job id looked at for a holder: a job is set aside once, if at all, soon after it is sent. */
  const setAsideThrough = new Map<string, number>();

  const jobRow = (job: OutgoingJob) => sqlJobRow(job, clock.now());

  /**
   * Sets the queue's jobs sent since the last time that an older job of their key holds aside as
   * `waiting`: out of the claim's search (jobs_unfinished), which then does not walk a held key's backlog
   * (with HubSpot's limits holding every lead of 100,000 jobs, 47 ms a claim on the api's thread), until a
   * job of their key finishes (releaseNextOfKey).
   */
  const setAsideHeldJobs = async (name: string): Promise<void> => {
    // at most SET_ASIDE_AT_ONCE unfinished jobs a time, this being the api's thread (the rest the next time)
    for (let looked = 0; looked < SET_ASIDE_AT_ONCE;) {
      const count = await setAsideChunk(name);
      looked += count;
      if (count < SET_ASIDE_CHUNK) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  /** Sets aside the held jobs among the next SET_ASIDE_CHUNK unfinished ones of the queue; answers how many it looked at. */
  const setAsideChunk = async (name: string): Promise<number> => {
    const from = setAsideThrough.get(name) ?? 0;
    const { last, count } = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', name)
          .where(sql<boolean>`state in ('created', 'retry', 'active')`)
          .where('id', '>', from)
          .orderBy('id')
          .limit(SET_ASIDE_CHUNK)
          .as('next'),
      )
      .select((eb) => [eb.fn.max('next.id').as('last'), eb.fn.countAll<number>().as('count')])
      .executeTakeFirstOrThrow();
    if (last === null) return 0;
    // unfinished spelled out beside 'created': the partial index's condition, so the planner uses it
    await sql`
      update jobs set state = 'waiting' where id in (
        select j.id from jobs j
        where j.queue = ${name} and j.id > ${from} and j.id <= ${last} and j.state in ('created', 'retry', 'active') and j.state = 'created' and ${olderHolderOf('j')}
      )`.execute(db);
    setAsideThrough.set(name, last);
    return Number(count);
  };

  /** A job's last update, and with it the release of the next job of its key (in one transaction). */
  const finish = async (job: ClaimedJob, values: Updateable<JobsTable>): Promise<void> => {
    const update = (executor: Kysely<Database>) =>
      executor
        .updateTable('jobs')
        .set(values)
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .execute();
    if (job.orderingKey === null) return void (await update(db));
    await db.transaction().execute(async (trx) => {
      await update(trx);
      await releaseNextOfKey(trx, job.name, job.orderingKey!);
    });
  };

  const expireLastAttempts = async (name: string, at: number): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const expired = await expiredLastAttempts(trx, name, at, now()).execute();
      for (const { ordering_key: key } of expired)
        if (key !== null) await releaseNextOfKey(trx, name, key);
    });
  };

  return {
    async start() {},

    async send(name, data, options: SendOptions) {
      const job = { name, data, options };
      const [row] = await insertJobs(options.transaction ?? db, [jobRow(job)]);
      await moveChainsUp(options.transaction ?? db, [job]);
      return row === undefined ? null : String(row.id);
    },

    async sendMany(jobs, transaction) {
      for (let start = 0; start < jobs.length; start += SEND_CHUNK)
        await insertJobs(transaction ?? db, jobs.slice(start, start + SEND_CHUNK).map(jobRow));
      await moveChainsUp(transaction ?? db, jobs);
    },

    async claim(name) {
      const at = clock.now().getTime();
      // a job whose worker died (its lease ran out) on its last attempt is dead, not claimed again;
      // looked for at most once a second per queue (leases run for minutes)
      if (isTimeFor(lastExpiry, name, at, 1000)) await expireLastAttempts(name, at);
      if (isTimeFor(lastSetAside, name, at, SET_ASIDE_EVERY_MS)) await setAsideHeldJobs(name);
      // unfinished (the partial index's condition, spelled out so the planner uses it) and due, or
      // active past its lease with attempts left
      const claimable = (alias: string) =>
        sql`(${sql.ref(`${alias}.state`)} in ('created', 'retry', 'active') and ((${sql.ref(`${alias}.state`)} in ('created', 'retry') and ${sql.ref(`${alias}.run_after_ms`)} <= ${at}) or (${sql.ref(`${alias}.state`)} = 'active' and ${sql.ref(`${alias}.locked_until_ms`)} <= ${at} and ${sql.ref(`${alias}.attempts`)} <= ${sql.ref(`${alias}.retry_limit`)})))`;
      // the higher lane first (jobs_unfinished_by_lane); per-key order: the lowest due job of a key goes
      // first (a key's unfinished jobs share the lane of its latest, moveChainsUp), and
      // none while an older one of its key holds it: running, waiting to run again, or waiting behind
      // another (the small partial index jobs_holding_key). An older job of the key that is merely created
      // is due too, so it is either taken before this one or held back by the same holder. Jobs sent
      // behind a holder wait outside jobs_unfinished, so a held key's backlog is not walked here.
      const result = await sql<JobRow>`
        update jobs set
          state = 'active',
          attempts = attempts + 1,
          locked_until_ms = ${at} + visibility_timeout_ms,
          updated_at = ${now()}
        where id = (
          select j.id from jobs j
          where j.queue = ${name} and ${claimable('j')}
            and not ${olderHolderOf('j')}
          order by j.priority desc, j.id
          limit 1
        ) and ${claimable('jobs')}
        returning *`.execute(db);
      const row = result.rows[0];
      return row === undefined ? null : toClaimed(row);
    },

    async complete(job) {
      await finish(job, { state: 'completed', locked_until_ms: null, updated_at: now() });
    },

    async fail(job, error, retryAt) {
      if (retryAt === null)
        return finish(job, {
          state: 'failed',
          last_error: error,
          locked_until_ms: null,
          updated_at: now(),
        });
      // waiting to retry, the job still holds its key
      await db
        .updateTable('jobs')
        .set({
          state: 'retry',
          run_after_ms: retryAt.getTime(),
          last_error: error,
          locked_until_ms: null,
          updated_at: now(),
        })
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .execute();
    },

    async release(job, runAt) {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'retry',
          run_after_ms: (runAt ?? clock.now()).getTime(),
          attempts: eb('attempts', '-', 1),
          locked_until_ms: null,
          updated_at: now(),
        }))
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .execute();
    },

    getJob: (name, id) => readJob(db, name, id),

    waitingByGroup: (name) => waitingByGroup(db, name),

    placesInLine: (name, keys) => placesInLine(db, name, keys),

    async stop() {},
  };
}
