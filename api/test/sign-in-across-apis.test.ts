import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startBalancer, type Balancer } from './helpers/balancer.js';
import { Browser, last } from './helpers/browser.js';
import { makeTempDir } from './helpers/test-app.js';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-database.js';

/**
 * Two api processes behind a load balancer, on one database, each with its own DATA_DIR (two
 * machines) and the same ENCRYPTION_KEY: a sign-in begun on one continues on the other, because the
 * cookie secret and the identity provider's keys are the deployment's, kept in the database.
 */
describe('a sign-in across two apis behind a load balancer', () => {
  let dir: string;
  let database: TestDatabase;
  let balancer: Balancer;
  const apis: { app: FastifyInstance; origin: string }[] = [];

  /** An api of its own DATA_DIR (a Fastify instance is thenable: not returned from an async function). */
  async function buildApi(name: string, encryptionKey: string): Promise<{ app: FastifyInstance }> {
    const dataDir = path.join(dir, name);
    await mkdir(dataDir);
    const app = buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        ...database.env,
        ENCRYPTION_KEY: encryptionKey,
        PUBLIC_URL: balancer.origin,
        SHELL_DIST_DIR: path.join(dir, 'no-shell'),
        LOG_LEVEL: 'silent',
        DEMO_ACCOUNTS: 'true',
        WORKERS: 'off',
        MAX_EVENT_LOOP_DELAY_MS: '0',
      }),
    );
    return { app };
  }

  beforeAll(async () => {
    dir = await makeTempDir();
    database = await createTestDatabase(dir);
    balancer = await startBalancer();
    const encryptionKey = randomBytes(32).toString('base64url');
    for (const name of ['a', 'b']) {
      const { app } = await buildApi(name, encryptionKey);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      apis.push({ app, origin: `http://127.0.0.1:${port}` });
    }
  });
  afterAll(async () => {
    for (const { app } of apis) await app.close();
    await balancer?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`signs in with the login page on one api and the form and callback on the other (${testDialect()})`, async () => {
    const [a, b] = apis;
    const browser = new Browser(balancer.origin);

    balancer.sendTo(a!.origin);
    const opened = await browser.navigate('/auth/login');
    const page = last(opened);
    expect(page.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${balancer.origin}/oidc/interaction/`));

    balancer.sendTo(b!.origin);
    const before = balancer.forwarded.get(b!.origin) ?? 0;
    const steps = await browser.navigate(page.url, {
      form: { email: 'admin@example.com', password: 'crm-sync-demo' },
    });
    expect(steps[0]?.status).toBe(303);
    const callback = steps.find((step) => step.url.startsWith(`${balancer.origin}/auth/callback`));
    expect(callback?.status).toBe(302);
    expect(callback?.location).toBe(`${balancer.origin}/admin/dashboard`);
    // the form, the provider's resume, the callback and its token call all went to b
    expect((balancer.forwarded.get(b!.origin) ?? 0) - before).toBeGreaterThanOrEqual(4);

    balancer.sendTo(a!.origin);
    const me = await browser.request('/api/admin/me', { headers: { accept: 'application/json' } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ details: { email: 'admin@example.com' } });
  });

  it('refuses to start an api with another ENCRYPTION_KEY, which could not open the shared keys', async () => {
    const { app: stranger } = await buildApi('stranger', randomBytes(32).toString('base64url'));
    try {
      await expect(stranger.ready()).rejects.toThrow(/sealed with another ENCRYPTION_KEY/);
    } finally {
      await stranger.close().catch(() => undefined);
    }
  });
});
