import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestApp } from './helpers/test-app.js';

async function countRows(t: Awaited<ReturnType<typeof createTestApp>>) {
  const users = await t.app.db.selectFrom('users').select('email').execute();
  const accounts = await t.app.db.selectFrom('identity_accounts').select('email').execute();
  return { users: users.length, accounts: accounts.length };
}

describe('demo accounts (a public password)', () => {
  it.each([
    ['without DEMO_ACCOUNTS', { DEMO_ACCOUNTS: 'false' }],
    ['with the real services (SANDBOX_URL=off)', { SANDBOX_URL: 'off' }],
    [
      'with a hosted issuer',
      {
        OIDC_ISSUER_URL: 'https://tenant.auth0.example',
        OIDC_CLIENT_ID: 'abc',
        OIDC_CLIENT_SECRET: 'shh',
      },
    ],
  ])('are not seeded %s', async (_name, env) => {
    const t = await createTestApp(env);
    try {
      expect(await countRows(t)).toEqual({ users: 0, accounts: 0 });
    } finally {
      await t.close();
    }
  });

  it('are seeded with DEMO_ACCOUNTS, each password hash with its own salt', async () => {
    const t = await createTestApp({ DEMO_ACCOUNTS: 'true' });
    try {
      const hashes = (
        await t.app.db.selectFrom('identity_accounts').select('password_hash').execute()
      ).map((row) => row.password_hash);
      expect(hashes).toHaveLength(3);
      const salts = hashes.map((hash) => hash.split('$')[4]);
      expect(new Set(salts).size).toBe(3);
      expect(new Set(hashes).size).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('stop the api from starting with the real services when a demo run left them in the database', async () => {
    const t = await createTestApp({ DEMO_ACCOUNTS: 'true' });
    const env = {
      DATA_DIR: t.dir,
      ...(t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATABASE_PATH: t.config.databasePath }),
      LOG_LEVEL: 'silent',
      SHELL_DIST_DIR: path.join(t.dir, 'no-shell'),
    };
    await t.app.close();
    const real = buildApp(loadConfig({ ...env, SANDBOX_URL: 'off' }));
    try {
      await expect(real.ready()).rejects.toThrow(
        /admin@example\.com still has the public demo password/,
      );
    } finally {
      await real.close().catch(() => undefined);
      await t.close().catch(() => undefined);
      await rm(t.dir, { recursive: true, force: true });
    }
  });
});
