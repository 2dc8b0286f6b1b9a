import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { MAX_BATCH } from './event-writer.js';
import type { IntakeJobOptions, KnownPost, KnownPostResult } from './intake.js';

/** The database the thread stores in: the api's SQLite file, or its PostgreSQL server. */
export type IntakeDatabase =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      url: string;
      /** PG_POOL_MAX and PG_QUEUE_POOL_MAX: the thread's own pools. */
      pools?: { database: number; queue: number };
    };

/**
 * The database the intake thread opens: the one the app's own connection is (PostgreSQL by its URL,
 * SQLite by its file), or none when the thread could not reach it (an in-memory database is the
 * process's own).
 */
export function intakeDatabaseOf(
  postgres: boolean,
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath' | 'pools'>,
): IntakeDatabase | null {
  if (postgres)
    return config.databaseUrl === undefined
      ? null
      : { kind: 'postgres', url: config.databaseUrl, pools: config.pools };
  return config.databasePath === ':memory:' ? null : { kind: 'sqlite', path: config.databasePath };
}

/** What the thread is started with. */
export interface IntakeWriterData {
  database: IntakeDatabase;
  jobOptions: IntakeJobOptions;
}

/** The posts to live webhooks read in one turn of the api's event loop, sent to the thread together. */
export interface ThreadBatch {
  seq: number;
  /** The api's clock when the batch was sent (ISO): the thread has no clock of its own. */
  at: string;
  posts: KnownPost[];
}

/** What became of one post: stored (its result), or not (why). */
export type PostOutcome = { result: KnownPostResult } | { error: string };

/** The outcomes of a batch's posts, in its order. */
export interface ThreadReply {
  seq: number;
  outcomes: PostOutcome[];
}

/** The thread's module, built beside this one (absent when the api runs from its TypeScript sources, as in the unit tests). */
export const intakeWriterThreadFile = fileURLToPath(
  new URL('./intake-writer-thread.js', import.meta.url),
);

export interface IntakeWriter {
  /** Reads and stores one post to a live webhook, with the others of its moment: answered once it is committed. */
  takeKnown(known: KnownPost): Promise<KnownPostResult>;
  close(): Promise<void>;
}

interface Waiting {
  known: KnownPost;
  resolve(result: KnownPostResult): void;
  reject(error: Error): void;
}

/**
 * The receiver's reading and writing, off the event loop: a thread with its own connection to the
 * database reads each post (JSON, the platform's normaliser: intake.ts planKnownPost) and stores the
 * posts that came meanwhile in one commit through the intake store (intake-writer-thread.ts), with the
 * time of this thread's clock, answering once they are on disk.
 * On PostgreSQL the posts read in one turn of this event loop go to the thread at once, not held
 * until its last commit ends: it reads them while that commit is under way, so the next one starts as
 * soon as the last ends, and this thread's HTTP work, the intake thread's reading and the server's
 * commit overlap. On SQLite a commit holds the thread, so the posts go one batch at a time. Should
 * the thread die, `fallback` (the same steps on the api's own thread) takes what comes after.
 */
export function startIntakeWriter(
  {
    database,
    jobOptions,
    clock,
    fallback,
  }: {
    database: IntakeDatabase;
    jobOptions: IntakeJobOptions;
    clock: Clock;
    fallback: (known: KnownPost) => Promise<KnownPostResult>;
  },
  threadFile = intakeWriterThreadFile,
): IntakeWriter {
  const thread = new Worker(threadFile, {
    workerData: { database, jobOptions } satisfies IntakeWriterData,
  });
  const sent = new Map<number, Waiting[]>();
  let gathered: Waiting[] = [];
  let seq = 0;
  let failed: Error | null = null;
  let stopping = false;
  // SQLite: one batch with the thread at a time, the posts read meanwhile gathered into the next (its
  // commit holds the thread, which could read nothing sooner: the messages would only cost more)
  const oneBatchAtATime = database.kind === 'sqlite';
  let drained: (() => void) | null = null;
  const checkDrained = (): void => {
    if (drained !== null && gathered.length === 0 && sent.size === 0) drained();
  };

  const sendGathered = (): void => {
    if (failed !== null || stopping) {
      const entries = gathered;
      gathered = [];
      for (const entry of entries) fallback(entry.known).then(entry.resolve, entry.reject);
      return;
    }
    while (gathered.length > 0 && !(oneBatchAtATime && sent.size > 0)) {
      const batch = gathered.slice(0, MAX_BATCH);
      gathered = gathered.slice(MAX_BATCH);
      sent.set(++seq, batch);
      thread.postMessage({
        seq,
        at: clock.now().toISOString(),
        posts: batch.map((entry) => entry.known),
      } satisfies ThreadBatch);
    }
  };

  const failAll = (error: Error): void => {
    failed ??= error;
    for (const batch of sent.values()) for (const entry of batch) entry.reject(error);
    sent.clear();
    sendGathered();
    checkDrained();
  };
  thread.on('message', ({ seq: replied, outcomes }: ThreadReply) => {
    const batch = sent.get(replied) ?? [];
    sent.delete(replied);
    // the next batch goes first: its posts wait for the thread, not also for these answers to be written
    if (oneBatchAtATime) sendGathered();
    outcomes.forEach((outcome, index) => {
      const entry = batch[index]!;
      if ('error' in outcome) entry.reject(new Error(outcome.error));
      else entry.resolve(outcome.result);
    });
    checkDrained();
  });
  thread.on('error', failAll);
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', (code) => {
      if (!stopping) failAll(new Error(`The receiver's intake thread stopped (exit code ${code})`));
      resolve();
    }),
  );

  return {
    takeKnown(known) {
      if (failed !== null || stopping) return fallback(known);
      return new Promise<KnownPostResult>((resolve, reject) => {
        gathered.push({ known, resolve, reject });
        // with the others read in this turn: one message for them all
        if (gathered.length === 1) setImmediate(sendGathered);
      });
    },
    async close() {
      if (stopping) return exited;
      // what was read is stored first
      sendGathered();
      await new Promise<void>((resolve) => {
        drained = resolve;
        checkDrained();
      });
      stopping = true;
      thread.postMessage('stop');
      await exited;
    },
  };
}
/** Whether this build has the intake thread (see intakeWriterThreadFile). */
export const hasIntakeWriterThread = (): boolean => fs.existsSync(intakeWriterThreadFile);
