import type { Logger } from '../src/deps.js';
import type { EventProcessor } from '../src/receiver/process-event.js';
import { startWorkerProcess } from '../src/worker-process.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  builtApi,
  distinctSmartleadEvent,
  spawnNode,
  stopNode,
  waitFor,
} from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const post = (code: string, body: string) => ({
  method: 'POST' as const,
  url: `/webhooks/${code}`,
  headers: { 'content-type': 'application/json' },
  payload: body,
});

async function logIdOf(
  t: TestApp,
  response: { statusCode: number },
  webhookId: number,
  index: number,
): Promise<number> {
  expect(response.statusCode).toBe(200);
  const rows = await t.app.db
    .selectFrom('webhook_logs')
    .select(['id', 'dedupe_key'])
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();
  return rows[index]!.id;
}

const processedAt = async (t: TestApp, logId: number) =>
  (
    await t.app.db
      .selectFrom('webhook_logs')
      .select(['processed_at', 'state'])
      .where('id', '=', logId)
      .executeTakeFirstOrThrow()
  ).processed_at;

const processAttempts = (t: TestApp, logId: number) =>
  t.app.db
    .selectFrom('webhook_attempts')
    .select(['outcome'])
    .where('webhook_log_id', '=', logId)
    .where('kind', '=', 'process')
    .execute();

/**
 * `npm run worker`: a process that runs only the jobs, beside an api that takes events with
 * WORKERS=off (the test app here), on the same database and queue.
 */
describe('npm run worker', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  /** The admin's HubSpot profile, connected to the sandbox: the CRM writer processes the events. */
  let profileId: number;
  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
    profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('processes an event another process received, and on stop finishes the job in hand', async () => {
    let release: () => void = () => undefined;
    let inHand = false;
    const processor: EventProcessor = async () => {
      inHand = true;
      await new Promise<void>((done) => (release = done));
      return [];
    };
    // the webhook first: the worker's connection is another on the same file, in this same thread, where a
    // write waiting for the other's transaction (SQLite's busy wait) would hold up the very transaction it waits for
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    const worker = await startWorkerProcess(t.config, {
      log: silent,
      processor,
      pollIntervalMs: 50,
    });
    const logId = await logIdOf(
      t,
      await t.app.inject(post(webhook.code, distinctSmartleadEvent('in-process', 1))),
      webhook.id,
      0,
    );

    await waitFor(() => inHand, 'the worker to take the event', 20_000);
    expect(await processedAt(t, logId)).toBeNull();
    const stopping = worker.stop({ graceMs: 10_000 });
    release();
    await stopping;

    expect(await processedAt(t, logId)).not.toBeNull();
    expect(await processAttempts(t, logId)).toEqual([{ outcome: 'succeeded' }]);
  });

  it('runs as its own process (the build) on the api’s database, and exits 0 on SIGTERM', async () => {
    const worker = spawnNode(builtApi('worker.js'), {
      DATA_DIR: t.dir,
      ...(t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATABASE_PATH: t.config.databasePath }),
      PUBLIC_URL: t.config.publicUrl,
      SANDBOX_URL: sandbox.url,
      LOG_LEVEL: 'info',
    });
    try {
      await waitFor(
        () => worker.output().includes('CRM Sync worker running the jobs'),
        `the worker to start (${testDialect()})`,
        20_000,
      );
      const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
      const logIds: number[] = [];
      for (let i = 0; i < 3; i++)
        logIds.push(
          await logIdOf(
            t,
            await t.app.inject(post(webhook.code, distinctSmartleadEvent('spawned', i))),
            webhook.id,
            i,
          ),
        );
      // no wake-up reaches another process: the worker finds the jobs at its next poll
      await waitFor(
        async () =>
          (await Promise.all(logIds.map((id) => processedAt(t, id)))).every((at) => at !== null),
        'the worker to process the events',
        20_000,
      );
      for (const id of logIds)
        expect(await processAttempts(t, id)).toEqual([{ outcome: 'succeeded' }]);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\n--- the worker said:\n${worker.output().slice(-3000)}`,
      );
    } finally {
      const exit = await stopNode(worker, 'SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(worker.output()).toContain('worker stopped');
    }
  });
});
