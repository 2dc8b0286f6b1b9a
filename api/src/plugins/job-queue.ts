import type { JobQueue } from '../jobs/job-queue.js';
import { openJobQueue } from '../jobs/open-job-queue.js';
import { startWorkers } from '../jobs/workers.js';
import type { EventProcessor } from '../receiver/process-event.js';
import { featureJobs } from '../worker-jobs.js';
import { globalPlugin } from './global-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (pg-boss on PostgreSQL, the jobs table in the SQLite file). */
    queue: JobQueue;
    /** What processing an event does (the CRM writers). */
    eventProcessor: EventProcessor;
  }
}

export interface JobQueuePluginOptions extends Record<string, unknown> {
  processor: EventProcessor;
}

/**
 * The api's job queue, and its workers unless WORKERS=off. Closing the app stops the workers: jobs in
 * hand get a few seconds to finish, the rest go back to the queue for the next process.
 */
export const jobQueuePlugin = globalPlugin<JobQueuePluginOptions>(async (app, { processor }) => {
  const { config } = app;
  const onError = (error: unknown) => app.log.error({ err: error }, 'job queue');
  const queue = await openJobQueue({ config, db: app.db, clock: app.clock, onError });
  app.decorate('queue', queue);
  app.decorate('eventProcessor', processor);
  const workers =
    config.receiver.workers === 'in-process'
      ? startWorkers(
          queue,
          featureJobs(app.deps, queue, {
            processor,
            concurrency: config.receiver.workerConcurrency,
          }),
          { log: app.deps.log },
        )
      : null;
  app.addHook('onClose', async () => {
    workers?.stop();
    await queue.stop({ graceMs: 5000 });
  });
});
