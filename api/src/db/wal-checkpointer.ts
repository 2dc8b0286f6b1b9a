import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background thread moves the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * SQLite's checkpoints, off the event loop: by default the connection that commits copies the
 * write-ahead log into the database file whenever the log passes 1,000 pages, in the middle of a
 * webhook post. A thread of its own with its own connection does it instead, a few times a second
 * (PASSIVE: it never waits for a writer or blocks one). The api's connection keeps a far larger
 * automatic checkpoint as a backstop, should the thread stop.
 */
const threadCode = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path, { timeout: 5000 });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** The automatic checkpoint of a connection whose checkpoints a WalCheckpointer makes (pages of the log). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export function startWalCheckpointer(
  databasePath: string,
  onError: (message: string) => void = () => undefined,
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const thread = new Worker(threadCode, {
    eval: true,
    workerData: { path: databasePath, driver, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  thread.on('message', (message: unknown) => onError(String(message)));
  thread.on('error', (error) => onError(error.message));
  thread.unref();
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // held while it stops: an unreferenced thread is not awaited, and a process with nothing else left would exit (code 13) mid-await
      thread.ref();
      thread.postMessage('stop');
      await exited;
    },
  };
}
