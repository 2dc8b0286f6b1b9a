import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Clock } from '../clock.js';
import { eventColumns, eventRow } from '../repositories/webhook-events.js';
import type { StoreBatch } from './event-writer.js';
import type { AcceptedEvent, IntakeJobOptions, PendingEvent } from './intake.js';

/** What the thread is started with. */
export interface IntakeWriterData {
  databasePath: string;
  jobOptions: IntakeJobOptions;
}

/** One event as the thread stores it: its webhook_logs row (eventColumns' order), deliveries and jobs to make. */
export interface ThreadEvent {
  row: unknown[];
  webhookId: number;
  endpoints: { userAccountId: number; url: string }[];
  leadKey: string;
  test: boolean;
}

export interface ThreadBatch {
  seq: number;
  /** The clock's time of the batch (ISO): the deliveries' and jobs' times. */
  now: string;
  events: ThreadEvent[];
}

export interface ThreadStored {
  logId: number;
  duplicate: boolean;
  deliveryIds: number[];
}

export type ThreadReply = { seq: number; stored: ThreadStored[] } | { seq: number; error: string };

/** The thread's module, built beside this one (absent when the api runs from its TypeScript sources, as in the unit tests). */
export const intakeWriterThreadFile = fileURLToPath(new URL('./intake-writer-thread.js', import.meta.url));

export interface IntakeWriter {
  storeBatch: StoreBatch;
  close(): Promise<void>;
}

/**
 * The receiver's writes on SQLite, off the event loop: a thread with its own connection to the
 * database file stores each batch of events (intake.ts storeEvents' rows, deliveries and jobs) in one
 * transaction and answers once it is committed (WAL, synchronous FULL: on disk), so the api's thread
 * is free to read the next posts while a commit waits on the disk. Should the thread die, `fallback`
 * (storeEvents on the api's own connection) stores what comes after.
 */
export function startIntakeWriter(
  { databasePath, jobOptions, clock, fallback }: { databasePath: string; jobOptions: IntakeJobOptions; clock: Clock; fallback: StoreBatch },
  threadFile = intakeWriterThreadFile,
): IntakeWriter {
  const thread = new Worker(threadFile, { workerData: { databasePath, jobOptions } satisfies IntakeWriterData });
  const waiting = new Map<number, { resolve(stored: ThreadStored[]): void; reject(error: Error): void }>();
  let seq = 0;
  let failed: Error | null = null;
  let stopping = false;

  const failAll = (error: Error): void => {
    failed ??= error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  thread.on('message', (reply: ThreadReply) => {
    const entry = waiting.get(reply.seq);
    waiting.delete(reply.seq);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.stored);
  });
  thread.on('error', failAll);
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', (code) => {
      if (!stopping) failAll(new Error(`The receiver's writer thread stopped (exit code ${code})`));
      resolve();
    }),
  );

  return {
    async storeBatch(pendings: readonly PendingEvent[]): Promise<AcceptedEvent[]> {
      if (failed !== null || stopping) return fallback(pendings);
      const batch: ThreadBatch = {
        seq: ++seq,
        now: clock.now().toISOString(),
        events: pendings.map((pending) => {
          const row = eventRow(pending.row);
          return {
            row: eventColumns.map((column) => row[column]),
            webhookId: pending.webhook.id,
            endpoints: pending.endpoints.map(({ userAccountId, url }) => ({ userAccountId, url })),
            leadKey: pending.row.leadKey,
            test: pending.test,
          };
        }),
      };
      const stored = await new Promise<ThreadStored[]>((resolve, reject) => {
        waiting.set(batch.seq, { resolve, reject });
        thread.postMessage(batch);
      });
      return pendings.map(({ webhook, event }, index) => ({ kind: 'accepted', webhook, event, ...stored[index]! }));
    },
    async close() {
      if (stopping) return exited;
      stopping = true;
      // after the batches already posted: the thread takes its messages in order
      thread.postMessage('stop');
      await exited;
    },
  };
}

/** Whether this build has the writer thread (see intakeWriterThreadFile). */
export const hasIntakeWriterThread = (): boolean => fs.existsSync(intakeWriterThreadFile);
