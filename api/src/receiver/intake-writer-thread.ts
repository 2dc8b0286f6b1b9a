// The receiver's intake thread (intake-writer.ts starts it): its own connection to the api's database.
// It reads each post as it comes (intake.ts planKnownPost) and stores the posts read meanwhile in one
// commit at a time (event-writer.ts), in the order they came.
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../clock.js';
import { createEventWriter } from './event-writer.js';
import {
  kyselyOnPostgres,
  openPostgresPool,
  openSqlite,
  preparedStatements,
} from '../db/connect.js';
import { pgBossInsertSessionOptions } from '../jobs/pg-boss-queue-engine.js';
import { jobColumns, sqlJobRow } from '../jobs/sql-job-row.js';
import {
  deliveryColumns,
  deliveryRow,
  eventColumns,
  eventRow,
  insertWebhookEvents,
  type NewWebhookEvent,
} from '../repositories/webhook-events.js';
import {
  planKnownPost,
  resultOfRow,
  type IntakeJobOptions,
  type KnownPost,
  type KnownPostResult,
  type PendingEvent,
  type PostPlan,
} from './intake.js';
import { eventJobs } from './intake-jobs.js';
import type {
  IntakeDatabase,
  IntakeWriterData,
  PostOutcome,
  ThreadBatch,
  ThreadReply,
} from './intake-writer.js';
import { postgresStoreBatch } from './postgres-intake.js';

interface IntakeStore {
  take(plans: readonly PostPlan[]): KnownPostResult[] | Promise<KnownPostResult[]>;
  close(): Promise<void>;
}

const valuesOf = <K extends string>(row: Record<K, unknown>, columns: readonly K[]): unknown[] =>
  columns.map((column) => row[column]);
const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/** SQLite: the statements of repositories/webhook-events.ts and jobs/sql-queue-engine.ts, one row each (there are no round trips to save), in one IMMEDIATE transaction a batch. */
function sqliteStore(databasePath: string, jobOptions: IntakeJobOptions): IntakeStore {
  // the api's settings (synchronous FULL: on disk before the post is answered, one sync per batch, in this thread)
  const sqlite = openSqlite(databasePath);
  const insertEvent = sqlite.prepare<unknown[], { id: number; duplicates: number }>(
    `insert into webhook_logs (${eventColumns.join(', ')}) values (${placeholders(eventColumns.length)})
     on conflict (webhook_id, dedupe_key) do update set duplicates = webhook_logs.duplicates + 1 returning id, duplicates`,
  );
  const insertDelivery = sqlite.prepare<unknown[], { id: number }>(
    `insert into webhook_deliveries (${deliveryColumns.join(', ')}) values (${placeholders(deliveryColumns.length)}) returning id`,
  );
  const insertJob = sqlite.prepare(
    `insert into jobs (${jobColumns.join(', ')}) values (${placeholders(jobColumns.length)}) on conflict (queue, idempotency_key) do nothing`,
  );
  const insertRow = (row: NewWebhookEvent) =>
    insertEvent.get(...valuesOf(eventRow(row), eventColumns))!;

  const storeBatch = sqlite.transaction((plans: PostPlan[]): KnownPostResult[] => {
    const now = systemClock.now();
    const at = now.toISOString();
    const results = plans.map((plan): KnownPostResult => {
      if (plan.kind !== 'event') return resultOfRow(plan, insertRow(plan.row).id);
      const { id, duplicates } = insertRow(plan.pending.row);
      const duplicate = duplicates > 0;
      const deliveryIds = duplicate
        ? []
        : plan.pending.endpoints.map(
            (endpoint) =>
              insertDelivery.get(
                ...valuesOf(deliveryRow(id, plan.pending.webhookId, endpoint, at), deliveryColumns),
              )!.id,
          );
      return { kind: 'accepted', logId: id, duplicate, placed: true, deliveryIds };
    });
    // jobs after all rows, in the posts' order, as intake.ts storeEvents sends them
    plans.forEach((plan, index) => {
      const result = results[index]!;
      if (
        plan.kind !== 'event' ||
        result.kind !== 'accepted' ||
        result.duplicate ||
        plan.pending.test
      )
        return;
      for (const job of eventJobs(
        result.logId,
        plan.pending.row.leadKey,
        result.deliveryIds,
        jobOptions,
      ))
        insertJob.run(...valuesOf(sqlJobRow(job, now), jobColumns));
    });
    return results;
  });

  return {
    // IMMEDIATE: the write lock first, so a busy database waits here (busy timeout) rather than failing mid-transaction
    take: (plans) => storeBatch.immediate([...plans]),
    close: async () => void sqlite.close(),
  };
}

/** PostgreSQL: the events in one statement (postgres-intake.ts), then the posts kept as plain rows (unreadable, or no event of the platform's) in another. */
function postgresStore(url: string, jobOptions: IntakeJobOptions): IntakeStore {
  const pool = openPostgresPool(url, { options: pgBossInsertSessionOptions });
  const db = kyselyOnPostgres(pool);
  const storeEvents = postgresStoreBatch(preparedStatements(pool), systemClock, jobOptions);
  return {
    async take(plans) {
      const events: PendingEvent[] = [];
      const rows: NewWebhookEvent[] = [];
      for (const plan of plans) {
        if (plan.kind === 'event') events.push(plan.pending);
        else rows.push(plan.row);
      }
      // one after the other, so the rows take their ids in a set order, the events' first (nearly always a
      // batch has only events): the two at once took them in whichever order the server ran them
      const stored = events.length > 0 ? await storeEvents(events) : [];
      const inserted = rows.length > 0 ? await insertWebhookEvents(db, rows) : [];
      let event = 0;
      let row = 0;
      return plans.map((plan) =>
        plan.kind === 'event' ? stored[event++]! : resultOfRow(plan, inserted[row++]!.id),
      );
    },
    close: () => db.destroy(),
  };
}

const storeOf = (database: IntakeDatabase, jobOptions: IntakeJobOptions): IntakeStore =>
  database.kind === 'sqlite'
    ? sqliteStore(database.path, jobOptions)
    : postgresStore(database.url, jobOptions);

const { database, jobOptions } = workerData as IntakeWriterData;
const store = storeOf(database, jobOptions);
// one commit at a time of the posts read meanwhile; a failed one retried post by post before the next
const writer = createEventWriter<PostPlan, KnownPostResult>(async (plans) => store.take(plans));
const underWay = new Set<Promise<void>>();

const readAndStore = (post: KnownPost): Promise<KnownPostResult> => {
  try {
    return writer.write(planKnownPost(post));
  } catch (error) {
    return Promise.reject(error);
  }
};

/**
 * Each post is read as soon as it comes, while the last commit is under way (PostgreSQL) or before the
 * next (SQLite: a commit holds this thread), and the group is answered once all its posts are stored.
 */
async function take({ seq, posts }: ThreadBatch): Promise<void> {
  const settled = await Promise.allSettled(posts.map(readAndStore));
  const outcomes = settled.map((outcome): PostOutcome =>
    outcome.status === 'fulfilled'
      ? { result: outcome.value }
      : {
          error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
        },
  );
  parentPort!.postMessage({ seq, outcomes } satisfies ThreadReply);
}

parentPort!.on('message', (message: ThreadBatch | 'stop') => {
  if (message === 'stop') {
    // the posts already taken first
    void Promise.allSettled(underWay)
      .then(() => store.close())
      .finally(() => parentPort!.close());
    return;
  }
  const taking = take(message);
  underWay.add(taking);
  void taking.finally(() => underWay.delete(taking));
});
