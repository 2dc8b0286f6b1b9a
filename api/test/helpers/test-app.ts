import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type AppConfig, type Env } from '../../src/config.js';
import { createSession } from '../../src/repositories/sessions.js';
import { findUserByEmail } from '../../src/repositories/users.js';
import { createTestDatabase } from './test-database.js';

export const PUBLIC_URL = 'http://localhost:8080';
export const ORIGIN = PUBLIC_URL;

export const seeded = {
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  user: 'user@example.com',
} as const;
export type SeededAccount = keyof typeof seeded;

/**
 * The seeded accounts plus `outsider`: an admin of the user's organization (the seeded admin's and
 * manager's is another one), which tests add with insertOutsider (rows.ts) to try organizations apart.
 */
export type TestAccount = SeededAccount | 'outsider';
export const accountEmails: Record<TestAccount, string> = {
  ...seeded,
  outsider: 'outsider@example.com',
};

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dir: string;
  close(): Promise<void>;
}

/** A fresh temporary folder for DATA_DIR (secrets) and the database; nothing is shared between test files. */
export async function makeTempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'crm-sync-api-'));
}

/** The demo accounts, as the default demo run seeds them: not with a hosted issuer or the real services, where the api refuses them. */
export function demoAccountsFor(env: Env): Env {
  if (
    env.DEMO_ACCOUNTS !== undefined ||
    env.OIDC_ISSUER_URL !== undefined ||
    env.SANDBOX_URL?.toLowerCase() === 'off'
  )
    return {};
  return { DEMO_ACCOUNTS: 'true' };
}

/**
 * A fresh api on a fresh database (with the demo accounts where the api allows them): a SQLite file in a temporary folder, or (in the `api (postgres)`
 * project) a new database on the TEST_POSTGRES_URL server, dropped again on close.
 */
export async function createTestApp(env: Env = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dir = await makeTempDir();
  const database = await createTestDatabase(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    ...database.env,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    SHELL_DIST_DIR: path.join(dir, 'no-shell'),
    // Tests call the providers far faster than a person: the per-user limit has its own test (provider-call-limit.test.ts).
    PROVIDER_CALLS_PER_MINUTE: '100000',
    // Load shedding answers 503 when a busy test machine makes timers late: health.test.ts turns it on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Jobs run when a test says so (queue.runNext), not on a poll; tests of the workers turn them on.
    WORKERS: 'off',
    ...demoAccountsFor(env),
    ...env,
  });
  const app = buildApp(config, options);
  const cleanUp = async (): Promise<void> => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await cleanUp();
    throw error;
  }
  return {
    app,
    config,
    dir,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

/** Signs a seeded user in the quick way (a session row) and returns the Cookie header value. */
export async function signIn(
  app: FastifyInstance,
  account: TestAccount,
  ttlMs = 60 * 60 * 1000,
): Promise<string> {
  const user = await findUserByEmail(app.db, accountEmails[account]);
  if (!user) throw new Error(`No seeded user ${account}`);
  const { token } = await createSession(app.db, user.id, ttlMs, app.clock.now());
  return `crm_sync_session=${token}`;
}

/** The parsed JSON body of an inject response. */
export function json<T = unknown>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/** Request options for app.inject with a session cookie (and Origin plus a JSON body for unsafe methods). */
export function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | undefined,
  body?: unknown,
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = ORIGIN;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) };
}
