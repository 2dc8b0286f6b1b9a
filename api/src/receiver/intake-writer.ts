import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createEventWriter } from './event-writer.js';
import type { IntakeJobOptions, KnownPost, KnownPostResult } from './intake.js';

/** The database the thread stores in: the api's SQLite file, or its PostgreSQL server. */
export type IntakeDatabase = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** What the thread is started with. */
export interface IntakeWriterData {
  database: IntakeDatabase;
  jobOptions: IntakeJobOptions;
}

/** Posts to live webhooks, read and stored by the thread in one transaction (SQLite) or statement (PostgreSQL). */
export interface ThreadBatch {
  seq: number;
  posts: KnownPost[];
}

export type ThreadReply = { seq: number; results: KnownPostResult[] } | { seq: number; error: string };

/** The thread's module, built beside this one (absent when the api runs from its TypeScript sources, as in the unit tests). */
export const intakeWriterThreadFile = fileURLToPath(new URL('./intake-writer-thread.js', import.meta.url));

export interface IntakeWriter {
  /** Reads and stores one post to a live webhook, with the others of its moment: answered once it is committed. */
  takeKnown(known: KnownPost): Promise<KnownPostResult>;
  close(): Promise<void>;
}

/**
 * The receiver's reading and writing, off the event loop: a thread with its own connection to the
 * database reads each post (JSON, the platform's normaliser: intake.ts planKnownPost) and stores the
 * posts of one moment in one commit (intake-writer-thread.ts), answering once they are on disk. The
 * api's thread is left the HTTP work: under load it reads the next posts while the last ones are read
 * and committed, one batch at a time (event-writer.ts). Should the thread die, `fallback` (the same
 * steps on the api's own thread) takes what comes after.
 */
export function startIntakeWriter(
  { database, jobOptions, fallback }: { database: IntakeDatabase; jobOptions: IntakeJobOptions; fallback: (known: KnownPost) => Promise<KnownPostResult> },
  threadFile = intakeWriterThreadFile,
): IntakeWriter {
  const thread = new Worker(threadFile, { workerData: { database, jobOptions } satisfies IntakeWriterData });
  const waiting = new Map<number, { resolve(results: KnownPostResult[]): void; reject(error: Error): void }>();
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
    else entry?.resolve(reply.results);
  });
  thread.on('error', failAll);
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', (code) => {
      if (!stopping) failAll(new Error(`The receiver's intake thread stopped (exit code ${code})`));
      resolve();
    }),
  );

  const takeBatch = (posts: readonly KnownPost[]): Promise<KnownPostResult[]> => {
    if (failed !== null || stopping) return Promise.all(posts.map(fallback));
    const batch: ThreadBatch = { seq: ++seq, posts: [...posts] };
    return new Promise<KnownPostResult[]>((resolve, reject) => {
      waiting.set(batch.seq, { resolve, reject });
      thread.postMessage(batch);
    });
  };
  const writer = createEventWriter<KnownPost, KnownPostResult>(takeBatch);

  return {
    takeKnown: writer.write,
    async close() {
      if (stopping) return exited;
      stopping = true;
      // after the batches already posted: the thread takes its messages in order
      thread.postMessage('stop');
      await exited;
    },
  };
}

/** Whether this build has the intake thread (see intakeWriterThreadFile). */
export const hasIntakeWriterThread = (): boolean => fs.existsSync(intakeWriterThreadFile);
