import { connectHubSpot } from './helpers/fixtures.js';
import { startHoldingProxy, type HoldingProxy } from './helpers/holding-proxy.js';
import { insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  builtApi,
  distinctSmartleadEvent,
  spawnCommand,
  stopNode,
  waitFor,
  type NodeProcess,
} from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

/** The node process's id, from the pid of the worker's pino lines. */
function workerPidOf(output: string): number {
  const match = /"pid":(\d+)[^\n]*CRM Sync worker running the jobs/.exec(output);
  if (!match) throw new Error(`No start line with a pid in:\n${output.slice(-2000)}`);
  return Number(match[1]);
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * What a supervisor, `kill` or `docker stop` does: SIGTERM to the npm process of `npm run worker`.
 * npm passes it to its script's process only, so the script must be the node worker itself (exec),
 * not a shell that dies and leaves the worker running.
 */
describe('npm run worker on SIGTERM', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let proxy: HoldingProxy;
  let npm: NodeProcess | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startHoldingProxy(sandbox.url);
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
  });
  afterAll(async () => {
    if (npm) await stopNode(npm, 'SIGKILL');
    proxy?.release();
    await proxy?.close();
    await t?.close();
    await sandbox?.close();
  });

  it(`finishes the job in hand, exits 0 and leaves no node process (${testDialect()})`, async () => {
    builtApi('worker.js');
    const profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
    npm = spawnCommand('npm', ['run', 'worker'], {
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: t.dir,
      ...(t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATABASE_PATH: t.config.databasePath }),
      PUBLIC_URL: t.config.publicUrl,
      // the worker's HubSpot calls go through the proxy, which holds them while the test sends SIGTERM
      SANDBOX_URL: proxy.url,
      LOG_LEVEL: 'info',
    });
    const running = npm;
    const said = (): string => `\n--- npm run worker said:\n${running.output().slice(-3000)}`;
    try {
      await waitFor(
        () => running.output().includes('CRM Sync worker running the jobs'),
        'the worker to start',
        60_000,
      );
      const workerPid = workerPidOf(running.output());
      expect(workerPid).not.toBe(running.child.pid);

      const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
      const posted = await t.app.inject({
        method: 'POST',
        url: `/webhooks/${webhook.code}`,
        headers: { 'content-type': 'application/json' },
        payload: distinctSmartleadEvent('sigterm', 1),
      });
      expect(posted.statusCode).toBe(200);
      await waitFor(() => proxy.held() > 0, 'the worker to call HubSpot', 30_000);

      running.child.kill('SIGTERM');
      await waitFor(
        () => running.output().includes('worker stopping'),
        'the worker to hear SIGTERM',
        10_000,
      );
      proxy.release();

      const exit = await Promise.race([
        running.exited,
        new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 30_000).unref(),
        ),
      ]);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(running.output()).toContain('worker stopped');
      expect(isRunning(workerPid)).toBe(false);

      const rows = await t.app.db
        .selectFrom('webhook_logs')
        .select(['id', 'processed_at'])
        .where('webhook_id', '=', webhook.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.processed_at).not.toBeNull();
      const attempts = await t.app.db
        .selectFrom('webhook_attempts')
        .select('outcome')
        .where('webhook_log_id', '=', rows[0]!.id)
        .where('kind', '=', 'process')
        .execute();
      expect(attempts).toEqual([{ outcome: 'succeeded' }]);
    } catch (error) {
      throw new Error(`${(error as Error).message}${said()}`);
    }
  }, 120_000);
});
