import { createJobQueue } from './create-job-queue.js';
import { queueEngineFor } from './queue-engine-for.js';
/**
 * The job queue of one process, on the api's database: the engine for it (pg-boss on PostgreSQL, the
 * `jobs` table in the SQLite file), started, under the queue's behaviour. The api (plugins/job-queue.ts)
 * and `npm run worker` (worker-process.ts) open theirs here, so both see the same queue.
 */
export async function openJobQueue({ config, db, clock, onError }) {
    const engine = queueEngineFor({ location: config.databaseUrl ?? config.databasePath, db, clock, onError });
    await engine.start();
    return createJobQueue({ engine, clock, onError });
}
//# sourceMappingURL=open-job-queue.js.map