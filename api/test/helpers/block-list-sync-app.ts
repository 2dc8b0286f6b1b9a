import { blockListSyncHandler } from '../../src/block-list-sync/index.js';
import { BLOCK_LIST_SYNC, type BlockListSyncJob } from '../../src/jobs/job-names.js';
import type { JobHandler } from '../../src/jobs/job-queue.js';
import { fakeClock, type FakeClock } from './fake-clock.js';
import { setFlags } from './rows.js';
import { startSandbox, type RunningSandbox } from './sandbox.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';

/** An app against the sandbox for the block-list sync engine's tests, with its queue drained by hand. */
export interface BlockListSyncApp {
  sandbox: RunningSandbox;
  t: TestApp;
  clock: FakeClock;
  /** The seeded user's session, allowed block lists. */
  cookie: string;
  handler: JobHandler<BlockListSyncJob>;
  /** Runs due sync jobs until none is left; how many ran. */
  drain(): Promise<number>;
  /** The id of the sync job drain ran last. */
  lastJobId(): string | undefined;
  close(): Promise<void>;
}

/** Starts the sandbox and an app on a fake clock that the sync's pacing sleeps on, so a paced run takes no real time. */
export async function startBlockListSyncApp(): Promise<BlockListSyncApp> {
  const sandbox = await startSandbox();
  const clock = fakeClock(new Date());
  const t = await createTestApp(
    { SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '5000' },
    { clock },
  );
  const handler = blockListSyncHandler(t.app.deps, {
    maxWaitMs: 60_000,
    sleep: async (ms) => clock.advance(ms),
  });
  await setFlags(t.app, 'user', { canBlockList: true });
  const cookie = await signIn(t.app, 'user');
  let last: string | undefined;
  return {
    sandbox,
    t,
    clock,
    cookie,
    handler,
    async drain() {
      let ran = 0;
      while (
        await t.app.queue.runNext<BlockListSyncJob>(
          BLOCK_LIST_SYNC,
          (job) => ((last = job.id), handler(job)),
        )
      )
        ran += 1;
      return ran;
    },
    lastJobId: () => last,
    async close() {
      await t.close();
      await sandbox.close();
    },
  };
}
