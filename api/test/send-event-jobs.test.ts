import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  SEND_EVENT_JOBS,
  type ForwardEventJob,
  type ProcessEventJob,
  type SendEventJobsJob,
} from '../src/jobs/job-names.js';
import type { JobContext } from '../src/jobs/job-queue.js';
import { intakeJobOptions } from '../src/receiver/job-options.js';
import { sendEventJobs } from '../src/receiver/send-event-jobs.js';
import { insertWebhookRow } from './helpers/rows.js';
import { runSendEventJobs } from './helpers/send-event-jobs.js';
import { distinctSmartleadEvent } from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

const postgres = testDialect() === 'postgres';

/**
 * On PostgreSQL the intake store sends one job for its new events, which sends their processing and
 * forwarding jobs (send-event-jobs.ts); on SQLite the events' jobs are sent with them. Either way each
 * new event is processed once and forwarded once per endpoint, a lead's events in the order they came.
 */
describe(`sending the jobs of stored events (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const postRaw = (code: string, body: string) =>
    t.app
      .inject({
        method: 'POST',
        url: `/webhooks/${code}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      })
      .then((response) => response.json<{ duplicate: boolean }>());

  async function drain<T>(name: string, seen: (job: JobContext<T>) => void): Promise<void> {
    while (await t.app.queue.runNext<T>(name, async (job) => seen(job))) {
      // every due job
    }
  }

  /** The jobs that send stored events' jobs (PostgreSQL), not run yet, in their order, and what they name. */
  async function pendingSendJobs(): Promise<SendEventJobsJob[]> {
    const rows = await t.app.db
      .selectFrom('jobs')
      .select('data')
      .where('queue', '=', SEND_EVENT_JOBS)
      .where('state', '=', 'created')
      .orderBy('id')
      .execute();
    return rows.map((row) => JSON.parse(row.data) as SendEventJobsJob);
  }

  it('sends each new event’s jobs once, in the order stored, with its lead and deliveries; none for a copy', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: [{ url: 'https://hooks.example/replies', eventTypes: ['EMAIL_REPLY'] }],
    });
    const bodies = [0, 1, 2, 3, 4].map((index) => distinctSmartleadEvent('send-jobs', index, 2));
    // a burst (several posts to one statement) with a copy of the first, then one more post on its own
    const answers = await Promise.all(
      [...bodies.slice(0, 4), bodies[0]!].map((body) => postRaw(webhook.code, body)),
    );
    expect(answers.map((answer) => answer.duplicate).filter(Boolean)).toHaveLength(1);
    await postRaw(webhook.code, bodies[4]!);
    const logs = await t.app.db
      .selectFrom('webhook_logs')
      .select(['id', 'lead_key'])
      .where('webhook_id', '=', webhook.id)
      .orderBy('id')
      .execute();
    expect(logs).toHaveLength(5);
    const deliveries = await t.app.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'webhook_log_id'])
      .where('webhook_id', '=', webhook.id)
      .orderBy('id')
      .execute();

    if (postgres) {
      // before the sending job runs, no event has a job of its own
      const sendJobs = await pendingSendJobs();
      expect(sendJobs.length).toBeGreaterThanOrEqual(2);
      expect(sendJobs.length).toBeLessThanOrEqual(5);
      expect(sendJobs.flatMap((job) => job.events)).toEqual(
        logs.map((log) => ({
          logId: log.id,
          leadKey: log.lead_key,
          deliveryIds: deliveries
            .filter((delivery) => delivery.webhook_log_id === log.id)
            .map((delivery) => delivery.id),
          // replies: processed in the first lane
          priority: 1,
        })),
      );
      let processJobs = 0;
      await drain(PROCESS_EVENT, () => (processJobs += 1));
      expect(processJobs).toBe(0);
    }
    const sent = await runSendEventJobs(t);
    if (!postgres) expect(sent).toBe(0);

    const processed: { logId: number; orderingKey: string | null }[] = [];
    await drain<ProcessEventJob>(PROCESS_EVENT, (job) =>
      processed.push({ logId: job.data.logId, orderingKey: job.orderingKey }),
    );
    expect(processed.map((job) => job.logId).sort((a, b) => a - b)).toEqual(
      logs.map((log) => log.id),
    );
    // a lead's events in the order they were stored
    for (const lead of new Set(logs.map((log) => log.lead_key))) {
      expect(processed.filter((job) => job.orderingKey === lead).map((job) => job.logId)).toEqual(
        logs.filter((log) => log.lead_key === lead).map((log) => log.id),
      );
    }
    const forwarded: number[] = [];
    await drain<ForwardEventJob>(FORWARD_EVENT, (job) => forwarded.push(job.data.deliveryId));
    expect(forwarded.sort((a, b) => a - b)).toEqual(deliveries.map((delivery) => delivery.id));
  });

  it('adds nothing when the sending runs again (a retry, or a lease that ran out)', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', {
      endpoints: [{ url: 'https://hooks.example/again', eventTypes: ['EMAIL_REPLY'] }],
    });
    await postRaw(webhook.code, distinctSmartleadEvent('send-again', 0, 1));
    const [log] = await t.app.db
      .selectFrom('webhook_logs')
      .select(['id', 'lead_key'])
      .where('webhook_id', '=', webhook.id)
      .execute();
    const [delivery] = await t.app.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhook.id)
      .execute();
    await runSendEventJobs(t);
    const job: JobContext<SendEventJobsJob> = {
      id: 'again',
      name: SEND_EVENT_JOBS,
      data: { events: [{ logId: log!.id, leadKey: log!.lead_key!, deliveryIds: [delivery!.id] }] },
      attempt: 2,
      retryLimit: 3,
      backoff: { baseMs: 1000, maxMs: 1000 },
      orderingKey: SEND_EVENT_JOBS,
      signal: new AbortController().signal,
    };
    await sendEventJobs(t.app.queue, job, intakeJobOptions(t.config));
    await sendEventJobs(t.app.queue, job, intakeJobOptions(t.config));
    const processed: number[] = [];
    await drain<ProcessEventJob>(PROCESS_EVENT, (claimed) => processed.push(claimed.data.logId));
    const forwarded: number[] = [];
    await drain<ForwardEventJob>(FORWARD_EVENT, (claimed) =>
      forwarded.push(claimed.data.deliveryId),
    );
    expect(processed).toEqual([log!.id]);
    expect(forwarded).toEqual([delivery!.id]);
  });
});
