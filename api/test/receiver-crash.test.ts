import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { normaliseEvent } from 'shared/events';
import { HUBSPOT_EVENT_KEY_PROPERTY } from '../src/crm-writers/hubspot-engagement.js';
import { messageIdOf } from '../src/forwarding/forward-event-job.js';
import { signingSecretOf } from '../src/services/webhook-endpoint-secrets.js';
import { freePort } from './helpers/free-port.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import {
  builtApi,
  distinctSmartleadEvent,
  expireLeases,
  spawnNode,
  stopNode,
  unfinishedJobs,
  waitFor,
  type NodeProcess,
} from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

const EVENTS = 100;
const CONCURRENCY = 20;
/** The api is killed once this many posts have been answered 2xx. */
const KILL_AFTER = 40;

/**
 * Crash safety of the receiver, with real processes: the api (the build, WORKERS=in-process) takes a
 * stream of distinct Smartlead events, 20 at a time, and is SIGKILLed mid-stream, between a commit and
 * its answer, mid-job and mid-forward. The platform posts again what got no answer (as platforms do);
 * the api restarts on the same database and its workers finish everything. Then every event answered
 * 2xx is stored once, processed once, and forwarded to the additional endpoint at least once.
 */
describe('the receiver killed mid-stream', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  /** The admin's HubSpot profile, connected to the sandbox: the CRM writer processes the events. */
  let profileId: number;
  let hooks: http.Server;
  const forwardedIds: string[] = [];
  let api: NodeProcess | undefined;
  let webhook: Awaited<ReturnType<typeof insertWebhookRow>>;
  const tag = `crash-${Date.now()}`;
  const bodies = Array.from({ length: EVENTS }, (_, i) => distinctSmartleadEvent(tag, i));
  const dedupeKeys = bodies.map((body) => {
    const normalised = normaliseEvent('smartlead', JSON.parse(body));
    if (!normalised.ok) throw new Error('fixture does not normalise');
    return normalised.event.dedupeKey;
  });
  const acknowledged = new Set<number>();

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
    profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
    hooks = http.createServer((request, response) => {
      const id = request.headers['webhook-id'];
      if (typeof id === 'string') forwardedIds.push(id);
      request.resume();
      request.on('end', () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
      );
    });
    hooks.listen(0, '127.0.0.1');
    await once(hooks, 'listening');
  });
  afterAll(async () => {
    if (api) await stopNode(api, 'SIGKILL');
    hooks?.close();
    await t?.close();
    await sandbox?.close();
  });

  async function startApi(port: number): Promise<NodeProcess> {
    const hooksPort = (hooks.address() as AddressInfo).port;
    const started = spawnNode(builtApi('main.js'), {
      DATA_DIR: t.dir,
      ...(t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATABASE_PATH: t.config.databasePath }),
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_URL: t.config.publicUrl,
      SANDBOX_URL: sandbox.url,
      SHELL_DIST_DIR: t.config.shellDistDir,
      LOG_LEVEL: 'warn',
      WORKERS: 'in-process',
      DEMO_ACCOUNTS: 'false',
      WEBHOOK_POSTS_PER_MINUTE: '1000000',
      ENDPOINT_ALLOW_HOSTS: `127.0.0.1:${hooksPort}`,
    });
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok,
      'the api to start',
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- the api said:\n${started.output().slice(-3000)}`);
    });
    return started;
  }

  /** Posts the events `indexes` CONCURRENCY at a time; `afterAnswer` runs after each 2xx. */
  async function postAll(
    port: number,
    indexes: number[],
    afterAnswer: () => void = () => undefined,
  ): Promise<{ duplicates: number }> {
    let next = 0;
    let duplicates = 0;
    const sender = async () => {
      while (next < indexes.length) {
        const index = indexes[next++]!;
        try {
          const response = await fetch(`http://127.0.0.1:${port}/webhooks/${webhook.code}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: bodies[index],
          });
          const answer = (await response.json()) as { duplicate?: boolean };
          if (response.ok) {
            acknowledged.add(index);
            if (answer.duplicate === true) duplicates++;
            afterAnswer();
          }
        } catch {
          // the api is gone: no answer, so the platform will post this event again
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    return { duplicates };
  }

  it(`stores and processes exactly once every event answered 2xx (${testDialect()})`, async () => {
    const hooksPort = (hooks.address() as AddressInfo).port;
    webhook = await insertWebhookRow(t.app, 'admin', {
      profileId,
      endpoints: [{ url: `http://127.0.0.1:${hooksPort}/hook`, eventTypes: ['EMAIL_REPLY'] }],
    });
    const port = await freePort();

    api = await startApi(port);
    const first = api;
    await postAll(port, [...bodies.keys()], () => {
      if (acknowledged.size >= KILL_AFTER && first.child.signalCode === null)
        first.child.kill('SIGKILL');
    });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(EVENTS);

    // the dead api's jobs come back when their lease runs out (minutes): move the leases instead of waiting
    await expireLeases(t.app.db);
    api = await startApi(port);
    const missing = [...bodies.keys()].filter((index) => !acknowledged.has(index));
    const again = await postAll(port, missing);
    expect(acknowledged.size).toBe(EVENTS);
    // events stored just before the kill, whose answers were lost, are recognised as copies
    expect(again.duplicates).toBeGreaterThanOrEqual(0);

    await waitFor(
      async () => (await unfinishedJobs(t.app.db)) === 0,
      'every job to finish',
      150_000,
      250,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- the api said:\n${api!.output().slice(-3000)}`);
    });

    const rows = await t.app.db
      .selectFrom('webhook_logs')
      .select(['id', 'dedupe_key', 'state', 'processed_at'])
      .where('webhook_id', '=', webhook.id)
      .execute();
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((row) => row.dedupe_key))).toEqual(new Set(dedupeKeys));
    expect(rows.filter((row) => row.processed_at === null || row.state !== 'processed')).toEqual(
      [],
    );

    const succeeded = await t.app.db
      .selectFrom('webhook_attempts')
      .select(['webhook_log_id'])
      .where('kind', '=', 'process')
      .where('outcome', '=', 'succeeded')
      .where(
        'webhook_log_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const perEvent = new Map<number, number>();
    for (const attempt of succeeded)
      perEvent.set(attempt.webhook_log_id, (perEvent.get(attempt.webhook_log_id) ?? 0) + 1);
    expect(
      rows
        .filter((row) => perEvent.get(row.id) !== 1)
        .map((row) => ({ id: row.id, succeeded: perEvent.get(row.id) ?? 0 })),
    ).toEqual([]);

    // and the CRM holds one email per event, whatever run the kill cut short
    const hubspot = await sandboxState<{ emails: { properties: Record<string, string | null> }[] }>(
      sandbox,
      'hubspot',
    );
    const keys = hubspot.emails
      .map((email) => email.properties[HUBSPOT_EVENT_KEY_PROPERTY] ?? '')
      .filter((key) => key.startsWith(`${webhook.id}:`));
    expect(keys).toHaveLength(EVENTS);
    expect(new Set(keys).size).toBe(EVENTS);
  }, 180_000);

  it('forwards every stored event to the additional endpoint at least once (copies allowed)', async () => {
    const rows = await t.app.db
      .selectFrom('webhook_logs')
      .select(['id'])
      .where('webhook_id', '=', webhook.id)
      .execute();
    expect(rows).toHaveLength(EVENTS);
    const received = new Set(forwardedIds);
    const secret = (await signingSecretOf(t.app.deps, webhook.userAccountIds[0]!))!;
    const notForwarded = rows
      .map((row) => messageIdOf(secret, row.id))
      .filter((id) => !received.has(id));
    expect({ notForwarded: notForwarded.length, first: notForwarded.slice(0, 5) }).toEqual({
      notForwarded: 0,
      first: [],
    });
  });
});
