import { statfs } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { HealthAnswer } from 'shared/contract';
import type { Database } from '../src/db/schema.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { checkHealth } from '../src/services/health.js';
import { createTestApp, json, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Keeps the event loop busy 200 ms at a time for `ms`, letting other work run in between. */
async function lagFor(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const chunkEnd = Date.now() + 200;
    while (Date.now() < chunkEnd);
    await tick();
  }
}

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 200 when the database and the queue answer, with the data folder's free space", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const answer = json<HealthAnswer>(response);
    expect(answer).toEqual({
      status: 'ok',
      database: 'up',
      queue: 'up',
      disk: { freePercent: expect.any(Number) },
    });
    const disk = await statfs(t.config.dataDir);
    expect(answer.disk!.freePercent).toBe(
      Math.floor(((disk.bavail * disk.bsize) / (disk.blocks * disk.bsize)) * 100),
    );
  });

  it("reports a data folder's disk with 5 % free, still serving (200)", async () => {
    const read: string[] = [];
    const nearlyFull = await createTestApp(
      {},
      {
        readDiskSpace: async (folder) => {
          read.push(folder);
          return { availableBytes: 5 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 };
        },
      },
    );
    try {
      const response = await nearlyFull.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        status: 'ok',
        database: 'up',
        queue: 'up',
        disk: { freePercent: 5 },
      });
      expect(read).toEqual([nearlyFull.config.dataDir]);
    } finally {
      await nearlyFull.close();
    }
  });

  it('reports a data folder whose disk cannot be read as unknown (null), still serving', async () => {
    const missing = () => Promise.reject(new Error('ENOENT: no such file or directory'));
    expect(await checkHealth(t.app.deps, t.app.queue, missing)).toEqual({
      status: 'ok',
      database: 'up',
      queue: 'up',
      disk: null,
    });
  });

  it('reports a database that fails its statement as down', async () => {
    const brokenDb = {
      getExecutor: () => {
        throw new Error('database closed');
      },
    } as unknown as Kysely<Database>;
    expect(await checkHealth({ ...t.app.deps, db: brokenDb }, t.app.queue)).toMatchObject({
      status: 'unavailable',
      database: 'down',
      queue: 'up',
    });
  });

  it('reports a queue that fails its look-up as down', async () => {
    const brokenQueue = {
      getJob: () => Promise.reject(new Error('queue stopped')),
    } as unknown as JobQueue;
    expect(await checkHealth(t.app.deps, brokenQueue)).toMatchObject({
      status: 'unavailable',
      database: 'up',
      queue: 'down',
    });
  });

  it('answers 503 when the database is down', async () => {
    const app = await createTestApp();
    await app.app.db.destroy();
    const response = await app.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({ status: 'unavailable', database: 'down' });
    await app.close().catch(() => undefined);
  });

  it('sheds every request with 503 and Retry-After while the event loop lags, then serves again', async () => {
    const busy = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '50' });
    try {
      const health = () => busy.app.inject({ method: 'GET', url: '/health' });
      expect((await health()).statusCode).toBe(200);
      // past the start-up's grace; then the loop busy 200 ms at a time for 3 s (under-pressure
      // samples the mean lag once a second), the requests answered in the gaps
      await sleep(2_100);
      const lagging = lagFor(3_000);
      let shed = await health();
      for (let tries = 0; shed.statusCode !== 503 && tries < 25; tries += 1) {
        await sleep(100);
        shed = await health();
      }
      await lagging;
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(json(shed)).toEqual({ message: 'The server is busy: try again in a few seconds' });
      const post = await busy.app.inject({ method: 'POST', url: '/webhooks/any', payload: {} });
      expect(post.statusCode).toBe(503);

      let served = await health();
      for (let tries = 0; served.statusCode !== 200 && tries < 150; tries += 1) {
        await sleep(100);
        served = await health();
      }
      expect(served.statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
