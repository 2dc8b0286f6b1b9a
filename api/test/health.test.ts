import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { checkHealth } from '../src/services/health.js';
import { createTestApp, json, type TestApp } from './helpers/test-app.js';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 when the database and the queue answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: 'up', queue: 'up' });
  });

  it('reports a database that fails its statement as down', async () => {
    const brokenDb = {
      getExecutor: () => {
        throw new Error('database closed');
      },
    } as unknown as Kysely<Database>;
    expect(await checkHealth({ db: brokenDb }, t.app.queue)).toEqual({
      status: 'unavailable',
      database: 'down',
      queue: 'up',
    });
  });

  it('reports a queue that fails its look-up as down', async () => {
    const brokenQueue = {
      getJob: () => Promise.reject(new Error('queue stopped')),
    } as unknown as JobQueue;
    expect(await checkHealth(t.app.deps, brokenQueue)).toEqual({
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
      // a synchronous second and a half: the lag under-pressure samples once a second
      const blockUntil = Date.now() + 1_500;
      while (Date.now() < blockUntil);
      let shed = await health();
      for (let tries = 0; shed.statusCode !== 503 && tries < 30; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        shed = await health();
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(json(shed)).toEqual({ message: 'The server is busy: try again in a few seconds' });
      const post = await busy.app.inject({ method: 'POST', url: '/webhooks/any', payload: {} });
      expect(post.statusCode).toBe(503);

      let served = await health();
      for (let tries = 0; served.statusCode !== 200 && tries < 150; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        served = await health();
      }
      expect(served.statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
