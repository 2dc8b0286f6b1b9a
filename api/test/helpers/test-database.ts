import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../../src/config.js';

/**
 * Which database the api tests run on: SQLite (the default project, `api`) or PostgreSQL (the
 * `api (postgres)` project, jest.postgres.config.js, which sets TEST_DATABASE=postgres).
 */
export type TestDialect = 'sqlite' | 'postgres';
export const testDialect = (): TestDialect =>
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  dialect: TestDialect;
  /** The environment that points the api at it: DATABASE_PATH (SQLite) or DATABASE_URL (PostgreSQL). */
  env: Env;
  /** What connectDatabase takes: a file path or a postgres:// URL. */
  location: string;
  /** Drops the PostgreSQL database (the SQLite file goes with the test's temporary folder). */
  drop(): Promise<void>;
}

/** The server the PostgreSQL project uses; a login role with CREATEDB, e.g. postgres://crm_sync:crm_sync@127.0.0.1:5432/postgres. */
export function postgresServerUrl(): string {
  const url = process.env.TEST_POSTGRES_URL?.trim();
  if (!url) {
    throw new Error(
      'TEST_POSTGRES_URL is not set: the api (postgres) tests need a PostgreSQL server, e.g. ' +
        'TEST_POSTGRES_URL=postgres://crm_sync:crm_sync@127.0.0.1:5432/postgres (a role with CREATEDB)',
    );
  }
  return url;
}

async function withServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the test server; its URL and a drop. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `crm_sync_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.href,
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE): a pool the test left open must not keep the database alive. FORCE may not end an
      // autovacuum worker that a test's deletes woke (another role's process): wait for it a little.
      for (let attempt = 1; ; attempt++) {
        try {
          await withServer((client) =>
            client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
          );
          return;
        } catch (error) {
          if (
            attempt >= 50 ||
            !(error instanceof Error) ||
            !/pg_signal_backend|being accessed by other users/.test(error.message)
          )
            throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
  };
}

/** A fresh database for one test app: a file in `dir` on SQLite, a new database on the PostgreSQL server. */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (testDialect() === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    return { dialect: 'postgres', env: { DATABASE_URL: url }, location: url, drop };
  }
  const file = path.join(dir, 'test.sqlite');
  return {
    dialect: 'sqlite',
    env: { DATABASE_PATH: file },
    location: file,
    drop: async () => undefined,
  };
}
