import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { JobSender } from './job-queue.js';
import { queueEngineFor } from './queue-engine-for.js';

export interface OpenJobSenderOptions {
  /** The api's database: the SQLite file (a kysely on it) or the PostgreSQL server (its URL). */
  location: string;
  /** Connections of each of pg-boss's pools (PG_QUEUE_POOL_MAX). */
  poolMax?: number;
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * The queue's engine for a thread that only sends jobs (the receiver's intake thread): the api's
 * process runs the queue itself (workers, maintenance), so this one is never started.
 */
export function openJobSender(
  options: OpenJobSenderOptions,
): JobSender & { close(): Promise<void> } {
  const engine = queueEngineFor(options);
  return {
    sendMany: (jobs, transaction) => engine.sendMany(jobs, transaction),
    close: () => engine.stop(),
  };
}
