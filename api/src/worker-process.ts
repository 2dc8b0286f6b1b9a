import pino from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { AppConfig } from './config.js';
import { createSecretBox } from './crypto/secret-box.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { makePrivateDatabaseFile, makePrivateFolder } from './db/private-files.js';
import { createDeps, type Deps, type Logger } from './deps.js';
import type { JobQueue } from './jobs/job-queue.js';
import { openJobQueue } from './jobs/open-job-queue.js';
import { startWorkers } from './jobs/workers.js';
import { crmEventProcessor } from './crm-writers/event-processor.js';
import type { EventProcessor } from './receiver/process-event.js';
import { readStoredSecrets } from './secrets.js';
import { featureJobs } from './worker-jobs.js';

export interface WorkerProcessOptions {
  /** Where it logs (pino on stdout at LOG_LEVEL by default). */
  log?: Logger;
  clock?: Clock;
  /** What processing an event does (the api's default unless a test passes its own). */
  processor?: EventProcessor;
  /** Real milliseconds between looks at an empty queue: another process sends the jobs, so this is how soon they start. */
  pollIntervalMs?: number;
}

export interface WorkerProcess {
  deps: Deps;
  queue: JobQueue;
  /** Stops claiming; jobs in hand get `graceMs` to finish, the rest go back to the queue; then closes the database. */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/** The api's pino, without Fastify: JSON lines on stdout at LOG_LEVEL. */
export const workerLogger = (config: Pick<AppConfig, 'logLevel'>): Logger =>
  pino({ level: config.logLevel, name: 'worker' });

/**
 * The encryption key the api uses: ENCRYPTION_KEY, or the one the api generated into
 * ${DATA_DIR}/secrets.json. A worker never generates one (a second key would make the api's stored
 * secrets unreadable to it), so it refuses to start before the api has run once.
 */
function encryptionKeyOf(config: AppConfig): string {
  const key = config.encryptionKey ?? readStoredSecrets(config.dataDir).encryptionKey;
  if (key === undefined) {
    throw new Error(
      `No encryption key: set ENCRYPTION_KEY (the api's), or start the api once with DATA_DIR=${config.dataDir} so it writes secrets.json there. The worker never makes its own.`,
    );
  }
  return key;
}

/**
 * `npm run worker`: a process that runs only the api's jobs (processing events, forwarding them,
 * retention) on the api's database and queue, WORKER_CONCURRENCY of each kind at a time. Start as
 * many as the load needs, beside api processes with WORKERS=off. Migrations are the api's; running
 * them here too is harmless (they take a lock), so a worker started first finds its tables.
 */
export async function startWorkerProcess(
  config: AppConfig,
  options: WorkerProcessOptions = {},
): Promise<WorkerProcess> {
  const log = options.log ?? workerLogger(config);
  const clock = options.clock ?? systemClock;
  const secretBox = createSecretBox(encryptionKeyOf(config));
  makePrivateFolder(config.dataDir);
  if (config.databaseUrl === undefined) makePrivateDatabaseFile(config.databasePath);
  const db = connectDatabase(config.databaseUrl ?? config.databasePath, {
    poolMax: config.pools.database,
  });
  let queue: JobQueue;
  try {
    await migrateToLatest(db);
    queue = await openJobQueue({
      config,
      db,
      clock,
      onError: (error) => log.error({ err: error }, 'job queue'),
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const deps = createDeps({ db, secretBox, config, log, clock });
  const jobs = featureJobs(deps, queue, {
    processor: options.processor ?? crmEventProcessor,
    concurrency: config.receiver.workerConcurrency,
  });
  const workers = startWorkers(queue, jobs, {
    log,
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
  });
  let stopped: Promise<void> | null = null;
  return {
    deps,
    queue,
    stop({ graceMs = 10_000 } = {}) {
      stopped ??= (async () => {
        workers.stop();
        await queue.stop({ graceMs });
        await db.destroy();
        await config.providers.guard.close();
      })();
      return stopped;
    },
  };
}
