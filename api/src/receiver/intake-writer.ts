import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { createIntakeLine, settledOutcomes, type PostOutcome } from './intake-line.js';
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

/**
 * The receiver's reading and writing, off the event loop: a thread with its own connection to the
 * database reads each post (JSON, the platform's normaliser: intake.ts planKnownPost) and stores the
 * posts that came meanwhile in one commit through the intake store (intake-writer-thread.ts), with the
 * time of this thread's clock, answering once they are on disk. The posts wait for the thread in the
 * receiver's fair line (intake-line.ts).
 * On PostgreSQL a second batch goes to the thread while the last one's commit is under way: the thread
 * reads it meanwhile, so the next commit starts as soon as the last ends, and this thread's HTTP work,
 * the intake thread's reading and the server's commit overlap. On SQLite a commit holds the thread, so
 * the posts go one batch at a time. Should the thread die, `fallback` (the same steps on the api's own
 * thread) takes what comes after.
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
  const sent = new Map<number, { count: number; answer(outcomes: PostOutcome[]): void }>();
  let seq = 0;
  let failed: Error | null = null;
  let stopping = false;

  const sendBatch = (posts: KnownPost[]): Promise<PostOutcome[]> => {
    if (failed !== null || stopping) return settledOutcomes(posts, fallback);
    return new Promise<PostOutcome[]>((resolve) => {
      sent.set(++seq, { count: posts.length, answer: resolve });
      thread.postMessage({ seq, at: clock.now().toISOString(), posts } satisfies ThreadBatch);
    });
  };
  const line = createIntakeLine({
    sendBatch,
    batchesAtOnce: database.kind === 'sqlite' ? 1 : 2,
  });

  const failAll = (error: Error): void => {
    failed ??= error;
    // a batch the thread had may be stored or not: its posts fail rather than go twice
    for (const { count, answer } of sent.values())
      answer(Array.from({ length: count }, () => ({ error: error.message })));
    sent.clear();
  };
  thread.on('message', ({ seq: replied, outcomes }: ThreadReply) => {
    const batch = sent.get(replied);
    sent.delete(replied);
    batch?.answer(outcomes);
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
      return line.take(known);
    },
    async close() {
      if (stopping) return exited;
      // what was read is stored first
      await line.drained();
      stopping = true;
      thread.postMessage('stop');
      await exited;
    },
  };
}
/** Whether this build has the intake thread (see intakeWriterThreadFile). */
export const hasIntakeWriterThread = (): boolean => fs.existsSync(intakeWriterThreadFile);
