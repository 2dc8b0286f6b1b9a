import { isPostgresUrl } from '../db/connect.js';
import { JOB_QUEUES } from './job-names.js';
import { createPgBossQueueEngine } from './pg-boss-queue-engine.js';
import { createSqlQueueEngine } from './sql-queue-engine.js';
/** The engine for the api's database: pg-boss on PostgreSQL, the `jobs` table in the SQLite file otherwise. */
export function queueEngineFor({ location, db, clock, onError }) {
    return isPostgresUrl(location) ? createPgBossQueueEngine({ connectionString: location, clock, knownQueues: JOB_QUEUES, onError }) : createSqlQueueEngine(db, clock);
}
//# sourceMappingURL=queue-engine-for.js.map