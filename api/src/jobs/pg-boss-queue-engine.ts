import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { STARTUP_LOCK_KEY } from '../db/startup-lock.js';
import { clockedKyselyDb, clockedPgDb } from './clocked-pg-db.js';
import { chainsToMoveUp } from './chains-to-move-up.js';
import { isTimeFor } from './is-time-for.js';
import {
  defaultSendOptions,
  type Backoff,
  type ClaimedJob,
  type JobState,
  type OutgoingJob,
  type QueueEngine,
  type SendOptions,
} from './job-queue.js';

/** What the engine stores in pg-boss's `data`: the job's own data and the backoff pg-boss has no column for. */
interface Envelope {
  data: unknown;
  backoff: Backoff;
  /** The send's place in order (see nextSeq); absent on jobs sent before it was kept. */
  seq?: number;
}

interface ClaimRow {
  id: string;
  name: string;
  data: Envelope;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
}

/** A UUID (pg-boss's job id type) made from an idempotency key: the same key gives the same id. */
function idForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const pgBossStates: Record<string, JobState> = {
  created: 'created',
  retry: 'retry',
  active: 'active',
  completed: 'completed',
  cancelled: 'failed',
  failed: 'failed',
};

export interface PgBossEngineOptions {
  connectionString: string;
  /** Connections of each of the engine's two pools (PG_QUEUE_POOL_MAX). */
  poolMax?: number | undefined;
  clock: Clock;
  /** pg-boss's schema; its tables are created and migrated there on start. */
  schema?: string;
  /** Queues made on start, before any transaction sends to them (others are made on first use). */
  knownQueues?: readonly string[];
  /** Told of what pg-boss's own maintenance (archiving, lease expiry) fails at. */
  onError?: (error: Error) => void;
}

let lastSeq = 0;
/**
 * Jobs sent in one transaction share their created_on (the transaction's start), so jobs of one
 * ordering key are ordered by created_on and then by this: the time of the send in microseconds,
 * strictly rising in this process.
 */
const nextSeq = (clock: Clock): number =>
  (lastSeq = Math.max(lastSeq + 1, clock.now().getTime() * 1000));

/** A job as pg-boss's insert takes it: a row of pgBossInsertSql (sendMany, the intake statement). */
export const pgBossJobInsert = (
  { name, data, options }: OutgoingJob,
  clock: Clock,
): PgBoss.JobInsert<Envelope> => ({
  ...(options.key !== undefined ? { id: idForKey(name, options.key) } : {}),
  name,
  data: {
    data: data ?? null,
    backoff: options.backoff ?? defaultSendOptions.backoff,
    seq: nextSeq(clock),
  },
  ...(options.orderingKey !== undefined ? { singletonKey: options.orderingKey } : {}),
  priority: options.priority ?? 0,
  startAfter: (options.startAfter ?? clock.now()).toISOString(),
  retryLimit: options.retryLimit ?? defaultSendOptions.retryLimit,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: Math.max(
    1,
    Math.ceil((options.visibilityTimeoutMs ?? defaultSendOptions.visibilityTimeoutMs) / 1000),
  ),
});

const DEFAULT_SCHEMA = 'pgboss';

/** How often a claim first sets aside the jobs sent since the last time that wait behind an older job of their key. */
const SET_ASIDE_EVERY_MS = 250;
/** How often a queue's keys are looked over for a first job left set aside (strandedSql). */
const STRANDED_RELEASE_EVERY_MS = 60_000;
/**
 * The most a set-aside looks back before its own time. A job's created_on is when the transaction that
 * sent it began, so the next set-aside looks from the start of the oldest transaction open before this
 * one (setAsideFromSql), and looks at each job about once. It looked this far back each time, four times
 * a second, and so at the first job of each key in the window some twenty times: with a lead per job,
 * that was half of the server's CPU per job sent (bench/intake-jobs.mjs). It is still the window when a
 * transaction has been open longer (a job it sends may then be missed: it is only left in the claim's
 * index, where the claim still keeps it behind its key), or when another role's sessions are hidden.
 */
const SEND_TRANSACTION_MARGIN_MS = 5_000;

/** The columns of a pgBossJobInsert read from JSON: json_to_recordset(…) AS j (pgBossJobRecord). */
export const pgBossJobRecord =
  'id uuid, name text, data jsonb, "startAfter" timestamptz, "singletonKey" text, "expireInSeconds" integer, "retryLimit" integer, "retryDelay" integer, "retryBackoff" boolean, priority integer';

/** A job's place among the jobs its transaction sent (see nextSeq), from its `data` column. */
const seqOf = (data: string) => `COALESCE((${data}->>'seq')::bigint, 0)`;
/** The order of an ordering key's jobs. */
const keyOrder = (alias: string) => `${alias}.created_on, ${seqOf(`${alias}.data`)}, ${alias}.id`;

/**
 * Whether the job `j` (pgBossJobRecord's columns) is sent behind two or more unfinished jobs of its key,
 * sent by transactions begun before this one (by the server's clock, as created_on is: not now(), which the
 * engine's statements read from the queue's clock): then it is stored set aside (start_after 'infinity'), as
 * the claim's set-aside would set it a moment later, and written once rather than inserted and then
 * updated (with a backlog held behind 50 leads, a third of the server's CPU per job sent:
 * bench/intake-jobs.mjs). Behind two, not one: the job just before it waits behind another, so it cannot
 * run and finish, and look for the next job of the key (releaseFirst), before this statement commits.
 * Behind one, the running job may finish meanwhile, and the next set-aside takes the job (and lets it go
 * if it is the first by then).
 */
const sentBehindTwo = (schema: string) => `
  j."singletonKey" IS NOT NULL AND (
    SELECT count(*) FROM (
      SELECT 1 FROM ${schema}.job f
      WHERE f.name = j.name AND f.singleton_key = j."singletonKey" AND f.singleton_key IS NOT NULL AND f.state <= 'active' AND f.created_on < transaction_timestamp()
      ORDER BY ${keyOrder('f')}
      LIMIT 2
    ) older
  ) = 2`;

/**
 * The session setting of a connection that runs pgBossInsertSql as a prepared statement (the intake
 * thread's). Such a statement keeps the plan made on its sixth run, sized by the job table at that
 * moment: made on a new or emptied queue, sentBehindTwo scanned the queue's partition (sorting it,
 * or filtering its primary key), and went on doing so once the queue had filled, until autovacuum
 * analyzed it: every job sent read the whole backlog (for a new lead; 0.06 ms a job under the receiver
 * bench's 50 leads, a third of its store's time). With sequential scans priced out, the cheapest plan
 * left reads the key's first two jobs from crm_sync_key_order, in its order.
 */
export const pgBossInsertSessionOptions = '-c enable_seqscan=off';

/**
 * pg-boss's insert (its plans.insertJobs, for the jobs pgBossJobInsert makes, its instance's retention
 * left at pg-boss's default) as a part of a larger statement: the jobs are the rows of `source`, a FROM
 * item named `j` with pgBossJobRecord's columns. The receiver's PostgreSQL intake stores events and
 * sends their jobs in one statement. A job held behind its key is stored set aside (sentBehindTwo).
 */
export function pgBossInsertSql(source: string, schema = DEFAULT_SCHEMA): string {
  return `
    INSERT INTO ${schema}.job (id, name, data, priority, start_after, singleton_key, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT COALESCE(j.id, gen_random_uuid()), j.name, j.data, COALESCE(j.priority, 0), CASE WHEN ${sentBehindTwo(schema)} THEN 'infinity'::timestamptz ELSE j."startAfter" END, j."singletonKey", q.dead_letter,
      j."expireInSeconds"::numeric * interval '1s',
      j."startAfter" + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
      j."retryLimit", j."retryDelay", j."retryBackoff", q.policy
    FROM ${source}
    JOIN ${schema}.queue q ON q.name = j.name
    ON CONFLICT DO NOTHING`;
}

/**
 * The place in its key's order of the first unfinished job of the key of `job`: one step in the index
 * crm_sync_key_order. (An EXISTS over the key's older jobs was planned as a hash join that compares
 * every pair of a key's jobs, and an UPDATE … WHERE id IN (SELECT …) as a join that walks an index per
 * row when the table's statistics are from before a burst: minutes for 100,000 jobs.)
 */
const firstOfKey = (schema: string, job: string) =>
  `SELECT ${keyOrder('f')} FROM ${schema}.job f WHERE f.name = ${job}.name AND f.singleton_key = ${job}.singleton_key AND f.state <= 'active' ORDER BY ${keyOrder('f')} LIMIT 1`;

/**
 * The claim ($1 the queue, $2 the clock's time): the first due job of the queue, the higher lane (pg-boss's
 * priority) first, that is the first unfinished job of its key, tested against firstOfKey. As NOT EXISTS over the key's older jobs, with
 * statistics from before a burst (a new database in its first minute, before autovacuum analyzes the
 * table), it was planned as a walk of the queue's whole partition for each due job (its primary key,
 * filtered): 40-90 ms a claim under the receiver bench's load, 21 ms with 20,000 jobs, against 0.2 ms,
 * the server's CPU taken from the receiver's commits.
 */
export const pgBossClaimSql = (schema = DEFAULT_SCHEMA): string => `
  WITH next AS (
    SELECT j.id FROM ${schema}.job j
    WHERE j.name = $1 AND j.state < 'active' AND j.start_after < 'infinity' AND j.start_after <= $2::timestamptz
      AND (j.singleton_key IS NULL OR (${keyOrder('j')}) <= (${firstOfKey(schema, 'j')}))
    ORDER BY j.priority DESC, ${keyOrder('j')}
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE ${schema}.job j SET
    state = 'active',
    started_on = $2::timestamptz,
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next
  WHERE j.name = $1 AND j.id = next.id AND j.state < 'active' AND j.start_after < 'infinity'
  RETURNING j.id, j.name, j.data, j.retry_count, j.retry_limit, j.singleton_key`;

/**
 * pg-boss 10 on PostgreSQL: several api and worker processes share its job table. pg-boss keeps the
 * jobs (send, complete, fail with its retry and dead states, lease expiry and archiving); the claim is
 * this engine's own statement on pg-boss's table, because pg-boss's fetch does not keep the jobs of an
 * ordering key (its singleton_key here) in order behind a job that is waiting to be retried.
 */
export function createPgBossQueueEngine({
  connectionString,
  poolMax = 5,
  clock,
  schema = DEFAULT_SCHEMA,
  knownQueues = [],
  onError = () => undefined,
}: PgBossEngineOptions): QueueEngine {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  // this engine's own statements that run on every claim, send and finish, prepared: planning the claim took
  // four times as long as running it (0.53 against 0.11 ms). Planned once per connection (a generic plan
  // from the first run: left to choose, the server planned each run again, costing its generic plan higher),
  // with the intake thread's settings for that (pgBossInsertSessionOptions); pg-boss's statements keep the pool above.
  const preparedPool = new pg.Pool({
    connectionString,
    max: poolMax,
    options: `${pgBossInsertSessionOptions} -c plan_cache_mode=force_generic_plan`,
  });
  const prepared =
    <R extends pg.QueryResultRow>(name: string, text: string) =>
    (values: unknown[]) =>
      preparedPool.query<R>({ name, text, values });
  // an idle client that loses its server errors on the pool: the pool drops it and the next query gets another
  pool.on('error', () => undefined);
  preparedPool.on('error', () => undefined);
  const db = clockedPgDb(pool, clock);
  const boss = new PgBoss({ db, schema, supervise: true, schedule: false, migrate: true });
  boss.on('error', onError);
  const queues = new Map<string, Promise<void>>();
  // one queue created at a time: two of pg-boss's create_queue at once deadlock on its queue table (each adds a
  // foreign key to it), and the api's own queues are made on start, before its loops and intake ask at once
  let creating: Promise<unknown> = Promise.resolve();
  /** The clock's time pg-boss last looked for leases that ran out (it looks in every queue at once). */
  const lastExpiry = new Map<string, number>();
  const ensureQueue = (name: string): Promise<void> => {
    let ready = queues.get(name);
    if (ready === undefined) {
      ready = creating.then(async () => {
        if ((await boss.getQueue(name)) !== null) return;
        try {
          await boss.createQueue(name, {
            name,
            policy: 'standard',
            retryLimit: defaultSendOptions.retryLimit,
            retryDelay: 0,
            retryBackoff: false,
          });
        } catch (error) {
          // another process created it first
          if ((await boss.getQueue(name)) === null) throw error;
        }
      });
      creating = ready.catch(() => undefined);
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };

  /**
   * Sets aside the jobs sent since the last time ($2, a created_on) that are not the first unfinished job
   * of their key: start_after 'infinity', out of the claim's index (crm_sync_claim_ready), which then
   * does not walk a held key's backlog (100,000 jobs held behind 50 leads: 400 ms a claim). In bulk, a few
   * times a second: the rows and index pages are written once for many jobs. Answers the keys.
   */
  const setAsideQuery = prepared<{ keys: string[] }>(
    'crm_sync_set_aside',
    `
    WITH set_aside AS (
      UPDATE ${schema}.job j SET start_after = 'infinity'
      WHERE j.name = $1 AND j.state < 'active' AND j.start_after < 'infinity' AND j.state = 'created' AND j.singleton_key IS NOT NULL AND j.created_on >= $2::timestamptz
        AND (${keyOrder('j')}) > (${firstOfKey(schema, 'j')})
      RETURNING j.singleton_key
    )
    SELECT ARRAY(SELECT DISTINCT singleton_key FROM set_aside) AS keys`,
  );

  /**
   * Where the next set-aside looks from, read before this one runs: the start of the oldest transaction
   * open in the database (this statement's own included), by the server's clock, as created_on is. A job
   * this set-aside cannot see is sent by a transaction open now or begun later, so its created_on is at or
   * after that. At most $1 ms back; that far back when a session's times are hidden (another role's: its
   * state is null; or all, with track_activities off: 'disabled').
   */
  const setAsideFromSql = `
    SELECT greatest(now() - $1::integer * interval '1 millisecond', CASE WHEN bool_or(a.state IS NULL OR a.state = 'disabled') THEN '-infinity' ELSE least(now(), min(a.xact_start)) END) AS since
    FROM pg_stat_activity a WHERE a.datname = current_database() AND a.backend_type = 'client backend'`;

  /**
   * Lets the first unfinished job of each key ($2) go when it is set aside: to be run in its turn. Run
   * after a job of the key finishes, and after jobs are set aside (another process may have finished the
   * job ahead of them before it could see them: one of the two then sees both).
   */
  const firstOfKeysQuery = prepared<{ id: string }>(
    'crm_sync_first_of_keys',
    `
    SELECT first.id FROM unnest($2::text[]) AS key
    CROSS JOIN LATERAL (SELECT f.id, f.start_after FROM ${schema}.job f WHERE f.name = $1 AND f.singleton_key = key AND f.singleton_key IS NOT NULL AND f.state <= 'active' ORDER BY ${keyOrder('f')} LIMIT 1) first
    WHERE first.start_after = 'infinity'`,
  );
  /**
   * The update by id, looked up before (a parked job is in no claim's way, so nothing else takes it
   * meanwhile): joined in one statement, the planner, with statistics from before a burst, walked an
   * index per row (minutes for 100,000 jobs).
   */
  const releaseIds = async (name: string, ids: readonly string[]): Promise<void> => {
    // not prepared: its generic plan (any of an array of ids) took 0.8 ms, planning each run 0.1
    if (ids.length > 0)
      await pool.query(
        `UPDATE ${schema}.job SET start_after = $3::timestamptz WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'created'`,
        [name, ids, clock.now().toISOString()],
      );
  };
  const releaseFirst = async (name: string, keys: readonly string[]): Promise<void> => {
    if (keys.length === 0) return;
    const { rows } = await firstOfKeysQuery([name, keys]);
    await releaseIds(
      name,
      rows.map((row) => row.id),
    );
  };

  /**
   * Lets go the first job of every key whose first unfinished job is set aside: what a release missed
   * (a process that ended between setting jobs aside and releasing, a first job that pg-boss archived
   * unrun). One pass over the unfinished jobs in key order, once a minute.
   */
  const strandedSql = `
    SELECT first.id FROM (
      SELECT DISTINCT ON (f.singleton_key) f.id, f.start_after FROM ${schema}.job f
      WHERE f.name = $1 AND f.state <= 'active' AND f.singleton_key IS NOT NULL
      ORDER BY f.singleton_key, ${keyOrder('f')}
    ) first
    WHERE first.start_after = 'infinity'`;
  const lastStrandedRelease = new Map<string, number>();

  /** Per queue, the clock's time of the last set-aside (at most every SET_ASIDE_EVERY_MS) and the created_on the next one looks from. */
  const setAsideTimes = new Map<string, number>();
  const setAsideSince = new Map<string, Date>();
  const setAsideHeldJobs = async (name: string): Promise<void> => {
    const at = clock.now().getTime();
    if (!isTimeFor(setAsideTimes, name, at, SET_ASIDE_EVERY_MS)) return;
    if (isTimeFor(lastStrandedRelease, name, at, STRANDED_RELEASE_EVERY_MS)) {
      const { rows: stranded } = await pool.query<{ id: string }>(strandedSql, [name]);
      await releaseIds(
        name,
        stranded.map((row) => row.id),
      );
    }
    const { rows: from } = await pool.query<{ since: Date }>(setAsideFromSql, [
      SEND_TRANSACTION_MARGIN_MS,
    ]);
    const { rows } = await setAsideQuery([name, setAsideSince.get(name) ?? '-infinity']);
    setAsideSince.set(name, from[0]!.since);
    const { keys } = rows[0]!;
    await releaseFirst(name, keys);
  };

  /**
   * pg-boss fails the jobs whose lease (expire_in) ran out: retried, or dead after the last attempt. A dead
   * one finishes its key's turn: the keys of the jobs it is about to fail are released after it.
   */
  const expireLeases = async (): Promise<void> => {
    const at = clock.now().getTime();
    if (!isTimeFor(lastExpiry, '', at, 1000)) return;
    const { rows } = await pool.query<{ name: string; key: string }>(
      `SELECT DISTINCT name, singleton_key AS key FROM ${schema}.job WHERE state = 'active' AND singleton_key IS NOT NULL AND (started_on + expire_in) < $1::timestamptz`,
      [new Date(at).toISOString()],
    );
    await boss.expire();
    const keysByQueue = new Map<string, string[]>();
    for (const { name, key } of rows)
      keysByQueue.set(name, [...(keysByQueue.get(name) ?? []), key]);
    for (const [name, keys] of keysByQueue) await releaseFirst(name, keys);
  };

  // The claim's indexes, which pg-boss has not: the waiting jobs in the order it takes them (without those
  // set aside behind their key), the jobs of each ordering key in order, and the running ones (for the
  // leases that run out, pg-boss's own search too). Without them a claim sorts the whole backlog and looks
  // for an older job of its key row by row: 1.6 s a claim with 10,000 jobs waiting, against 0.1 ms with
  // them. Made on the parent table, each queue's partition gets them, those pg-boss attaches later too.
  const seq = seqOf('data');
  const claimIndexes = {
    crm_sync_claim_lanes: `(name, priority DESC, created_on, (${seq}), id) WHERE state < 'active' AND start_after < 'infinity'`,
    crm_sync_key_order: `(name, singleton_key, created_on, (${seq}), id) WHERE state <= 'active' AND singleton_key IS NOT NULL`,
    crm_sync_running: `(name, singleton_key) WHERE state = 'active'`,
  };
  const claimQuery = prepared<ClaimRow>('crm_sync_claim', pgBossClaimSql(schema));
  const ensureClaimIndexes = async (): Promise<void> => {
    // the claim's indexes before jobs were set aside, and before lanes
    for (const old of ['crm_sync_claim_order', 'crm_sync_claim_ready'])
      await pool.query(`DROP INDEX IF EXISTS ${schema}.${old}`);
    for (const [name, definition] of Object.entries(claimIndexes)) {
      try {
        await pool.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${schema}.job ${definition}`);
      } catch (error) {
        // another process starting at the same moment made it first
        const { rows } = await pool.query<{ made: boolean }>(
          'SELECT to_regclass($1) IS NOT NULL AS made',
          [`${schema}.${name}`],
        );
        if (!rows[0]?.made) throw error;
      }
    }
  };

  const sendManySql = pgBossInsertSql(
    `json_to_recordset($1::json) AS j (${pgBossJobRecord})`,
    schema,
  );
  const sendManyQuery = prepared('crm_sync_send_many', sendManySql);

  /**
   * Moves the older unfinished jobs of each key ($2) of a job sent in a higher lane ($3) up to it (the lead's
   * chain moves up with its reply): else the job would wait in its lane behind its key's first job, left
   * in the lane below. Found by crm_sync_key_order; pg-boss's priority column, which its send sets too.
   */
  const moveChainsUpSql = `UPDATE ${schema}.job SET priority = $3 WHERE name = $1 AND singleton_key = ANY($2::text[]) AND singleton_key IS NOT NULL AND state <= 'active' AND priority < $3`;
  const moveChainsUp = async (
    jobs: readonly OutgoingJob[],
    transaction: Kysely<Database> | undefined,
  ): Promise<void> => {
    for (const { name, priority, keys } of chainsToMoveUp(jobs)) {
      const values = [name, keys, priority];
      if (transaction === undefined) await pool.query(moveChainsUpSql, values);
      else
        await clockedKyselyDb(transaction as Kysely<unknown>, clock).executeSql(
          moveChainsUpSql,
          values,
        );
    }
  };

  let started = false;
  return {
    async start() {
      started = true;
      // under the start-up lock: two processes' create_queue at once deadlock as two of one process's would
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          await boss.start();
          await ensureClaimIndexes();
          for (const name of knownQueues) await ensureQueue(name);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },

    async send(name, data, options: SendOptions) {
      await ensureQueue(name);
      const { data: envelope, ...job } = pgBossJobInsert({ name, data, options }, clock);
      const id = await boss.send(name, envelope as object, {
        ...job,
        ...(options.transaction !== undefined
          ? { db: clockedKyselyDb(options.transaction as Kysely<unknown>, clock) }
          : {}),
      });
      await moveChainsUp([{ name, data, options }], options.transaction);
      return id;
    },

    async sendMany(jobs, transaction) {
      for (const name of new Set(jobs.map((job) => job.name))) await ensureQueue(name);
      // pg-boss's insert, with a job held behind its key stored set aside (the intake's jobs come this way)
      const values = [JSON.stringify(jobs.map((job) => pgBossJobInsert(job, clock)))];
      if (transaction === undefined) await sendManyQuery(values);
      else
        await clockedKyselyDb(transaction as Kysely<unknown>, clock).executeSql(
          sendManySql,
          values,
        );
      await moveChainsUp(jobs, transaction);
    },

    async claim(name) {
      await ensureQueue(name);
      await expireLeases();
      await setAsideHeldJobs(name);
      const { rows } = await claimQuery([name, clock.now().toISOString()]);
      const row = rows[0];
      if (row === undefined) return null;
      return {
        id: row.id,
        name: row.name,
        data: row.data.data,
        attempt: row.retry_count + 1,
        retryLimit: row.retry_limit,
        backoff: row.data.backoff,
        orderingKey: row.singleton_key,
      } satisfies ClaimedJob;
    },

    async complete(job) {
      await boss.complete(job.name, job.id);
      if (job.orderingKey !== null) await releaseFirst(job.name, [job.orderingKey]);
    },

    async fail(job, error, retryAt) {
      // pg-boss retries while retry_count < retry_limit; a dead job gets no more
      if (retryAt === null)
        await pool.query(
          `UPDATE ${schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`,
          [job.name, job.id],
        );
      await boss.fail(job.name, job.id, { message: error });
      if (retryAt !== null)
        await pool.query(
          `UPDATE ${schema}.job SET start_after = $3 WHERE name = $1 AND id = $2 AND state = 'retry'`,
          [job.name, job.id, retryAt.toISOString()],
        );
      else if (job.orderingKey !== null) await releaseFirst(job.name, [job.orderingKey]);
    },

    async release(job, runAt) {
      // back to the queue (at once, or at runAt); a cleared started_on means the next claim does not count an attempt
      await pool.query(
        `UPDATE ${schema}.job SET state = 'retry', start_after = $3, started_on = NULL WHERE name = $1 AND id = $2 AND state = 'active'`,
        [job.name, job.id, (runAt ?? clock.now()).toISOString()],
      );
    },

    async getJob(name, id) {
      const job = await boss.getJobById<Envelope>(name, id, { includeArchive: true });
      if (job === null) return null;
      const output = job.output as { message?: unknown } | null | undefined;
      return {
        id: job.id,
        name: job.name,
        data: job.data.data,
        state: pgBossStates[job.state] ?? 'failed',
        attempts: job.retryCount + (job.startedOn ? 1 : 0),
        retryLimit: job.retryLimit,
        orderingKey: job.singletonKey,
        // set aside behind an older job of its key: due since it was sent
        runAfter: Number.isFinite(new Date(job.startAfter).getTime())
          ? new Date(job.startAfter)
          : new Date(job.createdOn),
        lastError: typeof output?.message === 'string' ? output.message : null,
      };
    },

    async waitingByGroup(name) {
      const { rows } = await pool.query<{ grp: string; waiting: string }>(
        `SELECT split_part(singleton_key, ':', 1) AS grp, count(*) AS waiting FROM ${schema}.job
        WHERE name = $1 AND state <= 'active' AND singleton_key IS NOT NULL GROUP BY 1`,
        [name],
      );
      return new Map(rows.map((row) => [row.grp, Number(row.waiting)]));
    },

    async placesInLine(name, keys) {
      if (keys.length === 0) return new Map();
      const keyOfId = new Map(keys.map((key) => [idForKey(name, key), key]));
      // the claim's order: the higher lane first, then the key order (set-aside jobs in their key's place)
      const { rows } = await pool.query<{ id: string; place: string }>(
        `SELECT id, place FROM (
          SELECT f.id, row_number() OVER (PARTITION BY split_part(f.singleton_key, ':', 1) ORDER BY f.priority DESC, ${keyOrder('f')}) AS place
          FROM ${schema}.job f WHERE f.name = $1 AND f.state <= 'active' AND f.singleton_key IS NOT NULL
        ) line WHERE id = ANY($2::uuid[])`,
        [name, [...keyOfId.keys()]],
      );
      return new Map(rows.map((row) => [keyOfId.get(row.id)!, Number(row.place)]));
    },

    async stop() {
      // an engine that only sent jobs (the intake thread's) has no pg-boss of its own running
      if (started) await boss.stop({ graceful: false, wait: true });
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}
