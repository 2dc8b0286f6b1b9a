import { intakeJobOptions } from '../src/receiver/job-options.js';
import type { StoreBatch } from '../src/receiver/event-writer.js';
import { storeEvents, takeWebhookPost, type AcceptedEvent, type PendingEvent } from '../src/receiver/intake.js';
import { startIntakeWriter } from '../src/receiver/intake-writer.js';
import { postgresStoreBatch } from '../src/receiver/postgres-intake.js';
import { insertWebhookRow } from './helpers/rows.js';
import { builtApi, distinctSmartleadEvent } from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';
import { sql } from 'kysely';

interface JobRow {
  queue: string;
  data: string | { logId?: number; deliveryId?: number };
  state: string;
  ordering_key: string | null;
  retry_limit: number;
  /** pg-boss's columns, on PostgreSQL */
  [column: string]: unknown;
}

/** The jobs in the order they were sent, on either engine (the SQLite `jobs` table, pg-boss's). */
async function sentJobs(t: TestApp): Promise<JobRow[]> {
  if (testDialect() === 'sqlite') return t.app.db.selectFrom('jobs').select(['queue', 'data', 'state', 'ordering_key', 'retry_limit']).orderBy('id').execute();
  const { rows } = await sql<JobRow>`select name as queue, data->'data' as data, state, singleton_key as ordering_key, retry_limit,
      data->'backoff' as backoff, expire_in::text, (keep_until - start_after)::text as kept, policy, dead_letter, retry_delay, retry_backoff, priority from pgboss.job
    where name in ('process-event', 'forward-event') order by created_on, (data->>'seq')::bigint`.execute(t.app.db);
  return rows;
}

/** What a batch left in the database, ids (the two writers may number rows differently) as places in their tables. */
async function storedState(t: TestApp) {
  const logs = await t.app.db.selectFrom('webhook_logs').select(['id', 'dedupe_key', 'duplicates', 'state', 'is_test', 'lead_key', 'headers', 'event_type', 'email']).orderBy('id').execute();
  const deliveries = await t.app.db.selectFrom('webhook_deliveries').select(['id', 'webhook_log_id', 'url', 'state']).orderBy('id').execute();
  const jobs = await sentJobs(t);
  const logPlace = (id: number) => logs.findIndex((log) => log.id === id);
  const deliveryPlace = (id: number) => deliveries.findIndex((delivery) => delivery.id === id);
  return {
    logs: logs.map(({ id: _id, ...log }) => log),
    deliveries: deliveries.map(({ id: _id, webhook_log_id, ...delivery }) => ({ ...delivery, log: logPlace(webhook_log_id) })),
    jobs: jobs.map(({ data, ...job }) => {
      const { logId, deliveryId } = typeof data === 'string' ? (JSON.parse(data) as { logId?: number; deliveryId?: number }) : data;
      return { ...job, log: logId === undefined ? null : logPlace(logId), delivery: deliveryId === undefined ? null : deliveryPlace(deliveryId) };
    }),
  };
}

/** The outcomes of a batch, ids as places in it. */
const outcomes = (stored: AcceptedEvent[]) => {
  const logIds = [...new Set(stored.map((event) => event.logId))];
  return stored.map(({ logId, duplicate, deliveryIds }) => ({ log: logIds.indexOf(logId), duplicate, deliveries: deliveryIds.length }));
};

/** The receiver's store for the test's database: the SQLite writer thread (the built api's: the unit tests run the sources), or PostgreSQL's one statement. */
function receiverStore(t: TestApp): { storeBatch: StoreBatch; close(): Promise<void> } {
  const options = intakeJobOptions(t.config);
  const fallback: StoreBatch = async () => {
    throw new Error('the receiver’s store should have stored the batch');
  };
  if (testDialect() === 'postgres') return { storeBatch: postgresStoreBatch(t.app.db, t.app.clock, options, fallback), close: async () => undefined };
  return startIntakeWriter({ databasePath: t.config.databasePath, jobOptions: options, clock: t.app.clock, fallback }, builtApi('receiver/intake-writer-thread.js'));
}

/**
 * The receiver's own stores (intake-writer.ts on SQLite, postgres-intake.ts) store batches exactly as
 * storeEvents does: new events with their deliveries and jobs, a copy counted on its event with no
 * jobs, a test post with no jobs.
 */
describe('the receiver’s stores', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  /** A fresh api with a Smartlead webhook forwarding replies to one endpoint, and the batch its posts make (not stored yet). */
  async function pendingBatch(): Promise<{ t: TestApp; pendings: PendingEvent[] }> {
    const t = await createTestApp();
    apps.push(t);
    const probe: PendingEvent[] = [];
    const capture = async (pending: PendingEvent): Promise<AcceptedEvent> => {
      probe.push(pending);
      return { kind: 'accepted', logId: 0, duplicate: false, webhook: pending.webhook, event: pending.event, deliveryIds: [] };
    };
    const options = intakeJobOptions(t.config);
    const body = (index: number) => distinctSmartleadEvent('writer', index, 2);
    const first = await takeWebhookPost(t.app.deps, t.app.queue, { code: 'none', path: '/webhooks/none', rawBody: body(0), headers: {} }, options, { findWebhook: async () => undefined });
    expect(first.kind).toBe('unknown');
    // the endpoint takes the events' type
    const eventType = JSON.parse(body(0)).event_type as string;
    const webhook = await insertWebhookRow(t.app, 'admin', { endpoints: [{ url: 'https://hooks.example/replies', eventTypes: [eventType, 'EMAIL_REPLY'] }] });
    const post = (index: number, test = false) =>
      takeWebhookPost(
        t.app.deps,
        t.app.queue,
        { code: webhook.code, path: `/webhooks/${webhook.code}`, rawBody: body(index), headers: { 'content-type': 'application/json' } },
        { ...options, test },
        { store: capture },
      );
    // two leads, a copy of the first event, and a test post
    for (const [index, test] of [
      [0, false],
      [1, false],
      [2, false],
      [0, false],
      [3, true],
    ] as const)
      await post(index, test);
    return { t, pendings: probe };
  }

  it('stores, counts copies and sends jobs as storeEvents does', async () => {
    const inThread = await pendingBatch();
    const here = await pendingBatch();
    const options = intakeJobOptions(inThread.t.config);
    const writer = receiverStore(inThread.t);
    try {
      // the first event, then the rest with a copy of it
      const inTwo = <T>(list: T[]) => [list.slice(0, 1), list.slice(1)];
      const stored: AcceptedEvent[] = [];
      for (const batch of inTwo(inThread.pendings)) stored.push(...(await writer.storeBatch(batch)));
      const expected: AcceptedEvent[] = [];
      for (const batch of inTwo(here.pendings)) expected.push(...(await storeEvents(here.t.app.deps, here.t.app.queue, batch, options)));
      expect(outcomes(stored)).toEqual(outcomes(expected));
      expect(stored.map((event) => event.duplicate)).toEqual([false, false, false, true, false]);
      expect(stored[0]!.deliveryIds).toHaveLength(1);
      expect(stored[3]!.logId).toBe(stored[0]!.logId);

      const [threadState, hereState] = [await storedState(inThread.t), await storedState(here.t)];
      expect(threadState).toEqual(hereState);
      // the three new events (two of lead 0, one of lead 1) each processed and forwarded, in their order
      expect(threadState.jobs.map((job) => [job.queue, job.log, job.delivery])).toEqual([
        ['process-event', 0, null],
        ['forward-event', null, 0],
        ['process-event', 1, null],
        ['forward-event', null, 1],
        ['process-event', 2, null],
        ['forward-event', null, 2],
      ]);
      const rawBodies = await inThread.t.app.db.selectFrom('webhook_logs').select('raw_body').orderBy('id').execute();
      expect(rawBodies.map((row) => row.raw_body)).toEqual([0, 1, 2, 4].map((index) => inThread.pendings[index]!.row.rawBody));
      expect(threadState.logs[0]!.duplicates).toBe(1);
    } finally {
      await writer.close();
    }
  }, 60_000);

  (testDialect() === 'sqlite' ? it : it.skip)(
    'stores on the fallback once the SQLite writer thread is gone',
    async () => {
      const { t, pendings } = await pendingBatch();
      const options = intakeJobOptions(t.config);
      const fallbackBatches: number[] = [];
      const writer = startIntakeWriter(
        {
          databasePath: t.config.databasePath,
          jobOptions: options,
          clock: t.app.clock,
          fallback: (batch) => {
            fallbackBatches.push(batch.length);
            return storeEvents(t.app.deps, t.app.queue, batch, options);
          },
        },
        builtApi('receiver/intake-writer-thread.js'),
      );
      await writer.close();
      const stored = await writer.storeBatch(pendings.slice(0, 2));
      expect(stored.map((event) => event.duplicate)).toEqual([false, false]);
      expect(fallbackBatches).toEqual([2]);
    },
    60_000,
  );
});
