import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { isPostgresUrl } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { QueueEngine } from './job-queue.js';
import { JOB_QUEUES } from './job-names.js';
import { createPgBossQueueEngine } from './pg-boss-queue-engine.js';
import { createSqlQueueEngine } from './sql-queue-engine.js';

/** The engine for the api's database: pg-boss on PostgreSQL, the `jobs` table in the SQLite file otherwise. */
export function queueEngineFor({
  location,
  poolMax,
  db,
  clock,
  onError,
}: {
  location: string;
  /** Connections of each of pg-boss's pools (PG_QUEUE_POOL_MAX). */
  poolMax?: number | undefined;
  db: Kysely<Database>;
  clock: Clock;
  onError?: (error: Error) => void;
}): QueueEngine {
  return isPostgresUrl(location)
    ? createPgBossQueueEngine({
        connectionString: location,
        poolMax,
        db,
        clock,
        knownQueues: JOB_QUEUES,
        onError,
      })
    : createSqlQueueEngine(db, clock);
}
