import { loadConfig } from './config.js';
import { startWorkerProcess, workerLogger } from './worker-process.js';

/** How long the jobs in hand get to finish on SIGINT/SIGTERM before they go back to the queue. */
const GRACE_MS = 10_000;

/** `npm run worker`: runs the api's jobs until SIGINT or SIGTERM, then finishes or gives back the jobs in hand and exits 0. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = workerLogger(config);
  const worker = await startWorkerProcess(config, { log });

  let closing = false;
  const close = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker stopping: finishing the jobs in hand');
    const forceExit = setTimeout(() => process.exit(1), GRACE_MS + 10_000);
    forceExit.unref();
    worker.stop({ graceMs: GRACE_MS }).then(
      () => {
        log.info({}, 'worker stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'worker stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  const where =
    config.databaseUrl === undefined ? `SQLite at ${config.databasePath}` : 'PostgreSQL';
  log.info(
    { concurrency: config.receiver.workerConcurrency },
    `CRM Sync worker running the jobs on ${where}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
