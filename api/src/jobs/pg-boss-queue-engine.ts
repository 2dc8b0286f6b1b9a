import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Database, JobsTable } from '../db/schema.js';
import { STARTUP_LOCK_KEY } from '../db/startup-lock.js';
import { adoptEarlierJobs } from './adopt-earlier-pg-boss-jobs.js';
import { clockedKyselyDb, clockedPgDb } from './clocked-pg-db.js';
import { isTimeFor } from './is-time-for.js';
import type { ClaimedJob, OutgoingJob, QueueEngine } from './job-queue.js';
import {
  insertJobs,
  moveChainsUp,
  placesInLine,
  readJob,
  releaseNextOfKey,
  toClaimed,
  waitingByGroup,
  type JobRow,
  type ReadyJob,
} from './jobs-table.js';
import { sqlJobRow } from './sql-job-row.js';

/** What a pg-boss job of ours carries: the `jobs` row it lets run. */
interface Ticket {
  job: number;
}

export interface PgBossEngineOptions {
  connectionString: string;
  /** Connections of pg-boss's pool (PG_QUEUE_POOL_MAX). */
  poolMax?: number | undefined;
  /** The api's database, whose `jobs` table keeps the jobs. */
  db: Kysely<Database>;
  clock: Clock;
  /** pg-boss's schema; its tables are created and migrated there on start. */
  schema?: string;
  /** Queues made on start, before any transaction sends to them (others are made on first use). */
  knownQueues?: readonly string[];
  /** Told of what pg-boss's own maintenance fails at. */
  onError?: (error: Error) => void;
}

/** Rows per insert statement of sendMany (13 parameters each: far below PostgreSQL's limit). */
const SEND_CHUNK = 500;
/** How often a queue's waiting jobs are looked over for one left without a job ahead of it. */
const STRANDED_RELEASE_EVERY_MS = 60_000;
/**
 * A ticket's id: the job's id first, so that pg-boss, which takes the tickets of a lane in the order of
 * their transactions and then of their ids, takes those sent together in the order of their jobs; a
 * random rest, as a job may have several tickets.
 */
const ticketId = (job: number | string): string => {
  const hex = Number(job).toString(16).padStart(16, '0') + randomBytes(8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** How often the queues of the engine before this one are looked at again while a job is left there. */
const ADOPT_EVERY_MS = 60_000;

/** The pg-boss queue of the tickets of our queue `name`. */
const ticketsOf = (name: string): string => `${name}.tickets`;

/** A ticket is fetched, used and completed in one transaction: pg-boss's lease on it is only a backstop. */
const TICKET_LEASE_SECONDS = 60;

/**
 * The queue on PostgreSQL, for several api and worker processes: the `jobs` table keeps every job (its
 * state, attempts, lane and its place behind its ordering key, as on SQLite), and pg-boss hands out the
 * jobs that may run, through its public API only. Each job that is ready to run (sent, retried, let go
 * by the job ahead of it) gets a ticket: a pg-boss job in the job's lane (pg-boss's priority), due when
 * the job is (startAfter). A worker fetches the next ticket (pg-boss's fetch, SKIP LOCKED, the higher
 * priority first) and claims the ticket's job in the `jobs` table, where the ordering rule is kept: a
 * job with an older unfinished job of its key is set aside (`waiting`) instead, and let go with a new
 * ticket when that one finishes. A ticket whose job has moved on (claimed through a newer ticket,
 * finished) claims nothing, so a second ticket is always harmless.
 */
export function createPgBossQueueEngine({
  connectionString,
  poolMax = 5,
  db,
  clock,
  schema = 'pgboss',
  knownQueues = [],
  onError = () => undefined,
}: PgBossEngineOptions): QueueEngine {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  // an idle client that loses its server errors on the pool: the pool drops it and the next query gets another
  pool.on('error', () => undefined);
  const boss = new PgBoss({
    db: clockedPgDb(pool, clock),
    schema,
    supervise: true,
    schedule: false,
  });
  boss.on('error', onError);
  const now = () => clock.now().toISOString();
  const lastExpiry = new Map<string, number>();
  const lastStrandedRelease = new Map<string, number>();

  const queues = new Map<string, Promise<void>>();
  // one queue created at a time: two of pg-boss's create_queue at once deadlock on its queue table
  let creating: Promise<unknown> = Promise.resolve();
  const ensureQueue = (name: string): Promise<void> => {
    let ready = queues.get(name);
    if (ready === undefined) {
      ready = creating.then(async () => {
        if ((await boss.getQueue(name)) !== null) return;
        try {
          await boss.createQueue(name, { name, policy: 'standard' });
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

  /** Tickets for jobs made ready to run, in the transaction that made them so. */
  const sendTickets = async (trx: Kysely<Database>, jobs: readonly ReadyJob[]): Promise<void> => {
    if (jobs.length === 0) return;
    for (const name of new Set(jobs.map((job) => job.queue))) await ensureQueue(ticketsOf(name));
    await boss.insert(
      jobs.map((job) => ({
        id: ticketId(job.id),
        name: ticketsOf(job.queue),
        data: { job: Number(job.id) } satisfies Ticket,
        priority: job.priority,
        // pg-boss's fetch takes a job whose start is strictly before its now
        startAfter: new Date(Number(job.run_after_ms) - 1).toISOString(),
        retryLimit: 2,
        retryDelay: 0,
        expireInSeconds: TICKET_LEASE_SECONDS,
      })),
      { db: clockedKyselyDb(trx, clock) },
    );
  };

  /** In `transaction` when given, else in one of its own. */
  const inTransaction = <T>(
    transaction: Kysely<Database> | undefined,
    run: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> => (transaction ? run(transaction) : db.transaction().execute(run));

  /**
   * Stores the jobs and tickets the ones that may run. A job behind an earlier one of its key in the
   * same batch is stored set aside: that one holds the key until it finishes and lets it go.
   */
  const store = async (trx: Kysely<Database>, jobs: readonly OutgoingJob[]) => {
    const inserted: (ReadyJob & Pick<JobRow, 'state'>)[] = [];
    const keysSent = new Set<string>();
    for (let start = 0; start < jobs.length; start += SEND_CHUNK) {
      const rows = jobs.slice(start, start + SEND_CHUNK).map((job) => {
        const row = sqlJobRow(job, clock.now());
        const key = job.options.orderingKey;
        if (key === undefined) return row;
        const behind = keysSent.has(`${job.name}\u0000${key}`);
        keysSent.add(`${job.name}\u0000${key}`);
        return behind ? { ...row, state: 'waiting' } : row;
      });
      inserted.push(...(await insertJobs(trx, rows)));
    }
    const moved = await moveChainsUp(trx, jobs);
    await sendTickets(trx, [...inserted.filter((job) => job.state !== 'waiting'), ...moved]);
    return inserted;
  };

  /**
   * Claims the ticket's job (due: its ticket starts a millisecond before it, and pg-boss compares in
   * microseconds), or sets it aside behind an older unfinished job of its key. The older
   * job's row is locked (FOR SHARE) while this decides, so a job finishing at that moment either
   * finishes first (this job then runs) or finds this job set aside and lets it go.
   */
  const claimTicketed = async (trx: Kysely<Database>, name: string, job: number, at: number) => {
    const { rows } = await sql<JobRow>`
      with ahead as (
        select older.id from jobs older join jobs this on this.id = ${job}
        where older.queue = this.queue and older.ordering_key = this.ordering_key and older.id < this.id
          and older.state in ('created', 'waiting', 'retry', 'active')
        limit 1
        for share of older
      )
      update jobs set
        state = case when exists (select 1 from ahead) then 'waiting' else 'active' end,
        attempts = attempts + case when exists (select 1 from ahead) then 0 else 1 end,
        locked_until_ms = case when exists (select 1 from ahead) then null else ${at}::bigint + visibility_timeout_ms end,
        updated_at = ${now()}
      where id = ${job} and queue = ${name} and state in ('created', 'retry') and run_after_ms <= ${at}::bigint + 1
      returning *`.execute(trx);
    const row = rows[0];
    return row?.state === 'active' ? row : undefined;
  };

  /** A job's last update, and with it the next job of its key let go (in one transaction). */
  const finish = async (job: ClaimedJob, values: Updateable<JobsTable>): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('jobs')
        .set(values)
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .executeTakeFirst();
      if (numUpdatedRows === 0n || job.orderingKey === null) return;
      const next = await releaseNextOfKey(trx, job.name, job.orderingKey);
      if (next) await sendTickets(trx, [next]);
    });
  };

  /** Back to the queue at `runAt`, with a ticket due then. */
  const retryAt = async (job: ClaimedJob, values: Updateable<JobsTable>): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('jobs')
        .set({ ...values, state: 'retry', locked_until_ms: null, updated_at: now() })
        .where('id', '=', Number(job.id))
        .where('state', '=', 'active')
        .returning(['id', 'queue', 'priority', 'run_after_ms'])
        .executeTakeFirst();
      if (row) await sendTickets(trx, [row]);
    });
  };

  /**
   * The running jobs of `name` whose lease ran out (their worker died): tried again while attempts are
   * left, else dead, letting the next job of their key go. Once a second per queue.
   */
  const expireLeases = async (name: string, at: number): Promise<void> => {
    if (!isTimeFor(lastExpiry, name, at, 1000)) return;
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<ReadyJob & { state: string; ordering_key: string | null }>`
        update jobs set
          state = case when attempts > retry_limit then 'failed' else 'retry' end,
          last_error = case when attempts > retry_limit then 'The worker did not finish the last attempt in time' else last_error end,
          run_after_ms = ${at}, locked_until_ms = null, updated_at = ${now()}
        where queue = ${name} and state = 'active' and locked_until_ms <= ${at}
        returning id, queue, priority, run_after_ms, state, ordering_key`.execute(trx);
      const ready: ReadyJob[] = rows.filter((row) => row.state === 'retry');
      for (const dead of rows.filter((row) => row.state === 'failed' && row.ordering_key))
        ready.push(...[await releaseNextOfKey(trx, name, dead.ordering_key!)].filter((r) => !!r));
      await sendTickets(trx, ready);
    });
  };

  /**
   * Lets go, with a ticket, each waiting job that no longer has an older unfinished job of its key: what
   * a release missed (a process that ended between the two). Once a minute per queue.
   */
  const releaseStranded = async (name: string, at: number): Promise<void> => {
    if (!isTimeFor(lastStrandedRelease, name, at, STRANDED_RELEASE_EVERY_MS)) return;
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<ReadyJob>`
        update jobs set state = 'created' where id in (
          select w.id from jobs w where w.queue = ${name} and w.ordering_key is not null and w.state = 'waiting'
            and not exists (
              select 1 from jobs older where older.queue = w.queue and older.ordering_key = w.ordering_key
                and older.id < w.id and older.state in ('created', 'waiting', 'retry', 'active')
            )
        )
        returning id, queue, priority, run_after_ms`.execute(trx);
      await sendTickets(trx, rows);
    });
  };

  /** Our queues whose jobs of the engine before this one are not all adopted yet, and when they were last looked at. */
  const earlierQueues = new Set(knownQueues);
  const lastAdoption = new Map<string, number>();
  const adoptEarlier = async (name: string): Promise<void> => {
    if (!earlierQueues.has(name)) return;
    if (!isTimeFor(lastAdoption, name, clock.now().getTime(), ADOPT_EVERY_MS)) return;
    const gone = await adoptEarlierJobs(boss, name, (work) =>
      db
        .transaction()
        .execute((trx) =>
          work(clockedKyselyDb(trx, clock), async (jobs) => void (await store(trx, jobs))),
        ),
    );
    if (gone) earlierQueues.delete(name);
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
          for (const name of knownQueues) await ensureQueue(ticketsOf(name));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
      for (const name of knownQueues) await adoptEarlier(name);
    },

    async send(name, data, options) {
      const { transaction, ...rest } = options;
      const [row] = await inTransaction(transaction, (trx) =>
        store(trx, [{ name, data, options: rest }]),
      );
      return row === undefined ? null : String(row.id);
    },

    async sendMany(jobs, transaction) {
      await inTransaction(transaction, (trx) => store(trx, jobs));
    },

    async claim(name) {
      await ensureQueue(ticketsOf(name));
      const at = clock.now().getTime();
      await adoptEarlier(name);
      await expireLeases(name, at);
      await releaseStranded(name, at);
      for (;;) {
        // the ticket fetched, its job claimed and the ticket completed in one transaction: a process
        // that dies meanwhile leaves the ticket as it was, for the next fetch
        const outcome = await db.transaction().execute(async (trx) => {
          const boundToTrx = { db: clockedKyselyDb(trx, clock) };
          const [ticket] = await boss.fetch<Ticket>(ticketsOf(name), {
            batchSize: 1,
            priority: true,
            ...boundToTrx,
          });
          if (ticket === undefined) return 'none' as const;
          // the time after the fetch: pg-boss found the ticket due by then
          const claimed = await claimTicketed(trx, name, ticket.data.job, clock.now().getTime());
          await boss.complete(ticketsOf(name), ticket.id, {}, boundToTrx);
          return claimed ?? ('moved on' as const);
        });
        if (outcome === 'none') return null;
        if (outcome !== 'moved on') return toClaimed(outcome);
      }
    },

    complete: (job) =>
      finish(job, { state: 'completed', locked_until_ms: null, updated_at: now() }),

    async fail(job, error, at) {
      if (at === null)
        return finish(job, {
          state: 'failed',
          last_error: error,
          locked_until_ms: null,
          updated_at: now(),
        });
      await retryAt(job, { run_after_ms: at.getTime(), last_error: error });
    },

    async release(job, runAt) {
      await retryAt(job, {
        run_after_ms: (runAt ?? clock.now()).getTime(),
        attempts: job.attempt - 1,
      });
    },

    getJob: (name, id) => readJob(db, name, id),

    waitingByGroup: (name) => waitingByGroup(db, name),

    placesInLine: (name, keys) => placesInLine(db, name, keys),

    async stop() {
      // an engine that only sent jobs (the intake thread's) has no pg-boss of its own running
      if (started) await boss.stop({ graceful: false, wait: true });
      await pool.end();
    },
  };
}
