import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase } from '../src/db/connect.js';
import { freePort } from './helpers/free-port.js';
import { builtApi, spawnNode, stopNode, waitFor, type NodeProcess } from './helpers/spawned.js';
import { makeTempDir } from './helpers/test-app.js';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-database.js';

const isUp = async (port: number): Promise<boolean> =>
  (await fetch(`http://127.0.0.1:${port}/health`)).ok;

/**
 * A deployment's first start: two apis (WORKERS=off, the demo accounts on) and two `npm run worker`
 * processes started at the same moment on one new database. Each migrates and seeds it under the
 * start-up lock, so all four come up and the demo rows are there once.
 */
describe('processes started together on a new database', () => {
  let dir: string;
  let database: TestDatabase;
  const processes: NodeProcess[] = [];

  beforeAll(async () => {
    dir = await makeTempDir();
    database = await createTestDatabase(dir);
  });
  afterAll(async () => {
    await Promise.all(processes.map((proc) => stopNode(proc, 'SIGKILL')));
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`all come up (${testDialect()})`, async () => {
    const env = {
      DATA_DIR: dir,
      ...database.env,
      ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: 'http://localhost:8080',
      SHELL_DIST_DIR: path.join(dir, 'no-shell'),
      DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'info',
    };
    const ports = [await freePort(), await freePort()];
    const main = builtApi('main.js');
    const worker = builtApi('worker.js');
    const apis = ports.map((port) =>
      spawnNode(main, { ...env, API_HOST: '127.0.0.1', API_PORT: String(port), WORKERS: 'off' }),
    );
    const workers = [spawnNode(worker, env), spawnNode(worker, env)];
    processes.push(...apis, ...workers);
    const said = (): string =>
      processes
        .map((proc, index) => `\n--- process ${index} said:\n${proc.output().slice(-1500)}`)
        .join('');

    const anyExited = (): boolean => processes.some((proc) => proc.child.exitCode !== null);
    try {
      await waitFor(
        async () =>
          anyExited() ||
          ((await Promise.all(ports.map(isUp))).every(Boolean) &&
            workers.every((proc) => proc.output().includes('CRM Sync worker running the jobs'))),
        'two apis and two workers to be up',
        90_000,
        250,
      );
      if (anyExited()) throw new Error('A process exited');
    } catch (error) {
      throw new Error(`${(error as Error).message}${said()}`);
    }

    const db = connectDatabase(database.location);
    try {
      const count = async (table: 'organizations' | 'users' | 'identity_accounts') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({
        organizations: await count('organizations'),
        users: await count('users'),
        accounts: await count('identity_accounts'),
      }).toEqual({ organizations: 2, users: 3, accounts: 3 });
    } finally {
      await db.destroy();
    }

    const exits = await Promise.all(processes.map((proc) => stopNode(proc, 'SIGTERM')));
    expect(exits).toEqual(processes.map(() => ({ code: 0, signal: null })));
  }, 150_000);
});
