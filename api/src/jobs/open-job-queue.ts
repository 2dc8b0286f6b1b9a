import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createJobQueue } from './create-job-queue.js';
import type { JobQueue } from './job-queue.js';
import { queueEngineFor } from './queue-engine-for.js';

export interface OpenJobQueueOptions {
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath' | 'pools'>;
  /** The process's open database (the SQLite engine keeps its jobs there; pg-boss opens its own pool). */
  db: Kysely<Database>;
  clock: Clock;
  /** Told of a worker loop's or pg-boss's trouble (the database away for a moment). */
  onError: (error: unknown) => void;
}

/**
 * The job queue of one process, on the api's database: the engine for it (pg-boss on PostgreSQL, the
 * `jobs` table in the SQLite file), started, under the queue's behaviour. The api (plugins/job-queue.ts)
 * and `npm run worker` (worker-process.ts) open theirs here, so both see the same queue.
 */
export async function openJobQueue({
  config,
  db,
  clock,
  onError,
}: OpenJobQueueOptions): Promise<JobQueue> {
  const engine = queueEngineFor({
    location: config.databaseUrl ?? config.databasePath,
    poolMax: config.pools.queue,
    db,
    clock,
    onError,
  });
  await engine.start();
  return createJobQueue({ engine, clock, onError });
}
