// The SQLite writer thread of the receiver (intake-writer.ts starts it): its own connection to the
// api's database file, on which each batch of events is stored in one transaction.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { BACKSTOP_AUTOCHECKPOINT_PAGES } from '../db/wal-checkpointer.js';
import { jobColumns, sqlJobRow } from '../jobs/sql-job-row.js';
import { deliveryRow, eventColumns } from '../repositories/webhook-events.js';
import { eventJobs } from './intake-jobs.js';
import type { IntakeWriterData, ThreadBatch, ThreadReply, ThreadStored } from './intake-writer.js';

const { databasePath, jobOptions } = workerData as IntakeWriterData;
const sqlite = new SQLite(databasePath, { timeout: 5000 });
sqlite.pragma('foreign_keys = ON');
// on disk before the post is answered (a connection that opens a WAL database starts at NORMAL, which
// may lose the last commits to a power cut): one sync per batch, in this thread, not the event loop's
sqlite.pragma('synchronous = FULL');
sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);

const valuesOf = <K extends string>(row: Record<K, unknown>, columns: readonly K[]): unknown[] => columns.map((column) => row[column]);
const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');
const deliveryColumns = Object.keys(deliveryRow(0, 0, { userAccountId: 0, url: '' }, '')) as (keyof ReturnType<typeof deliveryRow>)[];

// the statements of repositories/webhook-events.ts and jobs/sql-queue-engine.ts, one row each (SQLite has no round trips to save)
const insertEvent = sqlite.prepare<unknown[], { id: number; duplicates: number }>(
  `insert into webhook_logs (${eventColumns.join(', ')}) values (${placeholders(eventColumns.length)})
   on conflict (webhook_id, dedupe_key) do update set duplicates = webhook_logs.duplicates + 1 returning id, duplicates`,
);
const insertDelivery = sqlite.prepare<unknown[], { id: number }>(`insert into webhook_deliveries (${deliveryColumns.join(', ')}) values (${placeholders(deliveryColumns.length)}) returning id`);
const insertJob = sqlite.prepare(`insert into jobs (${jobColumns.join(', ')}) values (${placeholders(jobColumns.length)}) on conflict (queue, idempotency_key) do nothing`);

const storeBatch = sqlite.transaction(({ events, now }: ThreadBatch): ThreadStored[] => {
  const at = new Date(now);
  const stored = events.map((event): ThreadStored => {
    const { id, duplicates } = insertEvent.get(...event.row)!;
    const duplicate = duplicates > 0;
    const deliveryIds = duplicate ? [] : event.endpoints.map((endpoint) => insertDelivery.get(...valuesOf(deliveryRow(id, event.webhookId, endpoint, now), deliveryColumns))!.id);
    return { logId: id, duplicate, deliveryIds };
  });
  // jobs after all rows, in the events' order, as intake.ts storeEvents sends them
  events.forEach((event, index) => {
    const { logId, duplicate, deliveryIds } = stored[index]!;
    if (duplicate || event.test) return;
    for (const job of eventJobs(logId, event.leadKey, deliveryIds, jobOptions)) insertJob.run(...valuesOf(sqlJobRow(job, at), jobColumns));
  });
  return stored;
});

parentPort!.on('message', (message: ThreadBatch | 'stop') => {
  if (message === 'stop') {
    sqlite.close();
    parentPort!.close();
    return;
  }
  let reply: ThreadReply;
  try {
    // IMMEDIATE: the write lock first, so a busy database waits here (busy timeout) rather than failing mid-transaction
    reply = { seq: message.seq, stored: storeBatch.immediate(message) };
  } catch (error) {
    reply = { seq: message.seq, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
