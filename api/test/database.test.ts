import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { verifyPassword } from '../src/idp/passwords.js';
import { findLiveEmbedKey, listEmbedKeys } from '../src/repositories/embed-keys.js';
import { findIdentityAccountByEmail } from '../src/repositories/identity-accounts.js';
import { listUsers } from '../src/repositories/users.js';
import { builtApi, spawnNode } from './helpers/spawned.js';
import { makeTempDir } from './helpers/test-app.js';

describe('database', () => {
  it('migrates and seeds idempotently, keeping changes across restarts', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'nested', 'crm-sync.sqlite');
    try {
      const first = connectDatabase(file);
      await migrateToLatest(first);
      await seedDatabase(first, new Date());
      await first
        .updateTable('users')
        .set({ can_webhook: 0 })
        .where('email', '=', 'user@example.com')
        .execute();
      await first.destroy();

      const second = connectDatabase(file);
      await migrateToLatest(second);
      await seedDatabase(second, new Date());
      const users = await listUsers(second);
      expect(users.map((user) => user.email)).toEqual([
        'admin@example.com',
        'manager@example.com',
        'user@example.com',
      ]);
      expect(users[2]?.canWebhook).toBe(false);
      const organizations = await second
        .selectFrom('organizations')
        .selectAll()
        .orderBy('id')
        .execute();
      expect(organizations).toEqual([
        { id: 1, name: 'Acme Outbound', domain: 'acme-outbound.com', is_paid_tier: 1 },
        { id: 2, name: 'Solo Prospecting', domain: 'solo-prospecting.com', is_paid_tier: 0 },
      ]);
      await second.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('syncs every commit to disk (WAL with synchronous FULL), so an accepted event survives a power cut', async () => {
    const dir = await makeTempDir();
    try {
      const db = connectDatabase(path.join(dir, 'crm-sync.sqlite'));
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows[0]?.journal_mode).toBe('wal');
      expect(synchronous.rows[0]?.synchronous).toBe(2);
      await db.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has closed the file when destroy() returns: its log files are gone, so the folder can be removed', async () => {
    const dir = await makeTempDir();
    try {
      const db = connectDatabase(path.join(dir, 'crm-sync.sqlite'));
      await migrateToLatest(db);
      await db.destroy();
      expect((await readdir(dir)).sort()).toEqual(['crm-sync.sqlite']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps a process alive until destroy() has closed the file (a script that awaits it at the top level ends with code 0)', async () => {
    const dir = await makeTempDir();
    try {
      const script = path.join(dir, 'destroy.mjs');
      const connect = pathToFileURL(builtApi('db/connect.js')).href;
      await writeFile(
        script,
        `const { connectDatabase } = await import(${JSON.stringify(connect)});
         const db = connectDatabase(${JSON.stringify(path.join(dir, 'crm-sync.sqlite'))});
         await db.selectNoFrom((select) => select.val(1).as('one')).execute();
         await db.destroy();
         console.log('destroyed');`,
      );
      const child = spawnNode(script, {});
      expect(await child.exited).toEqual({ code: 0, signal: null });
      expect(child.output()).toContain('destroyed');
      expect((await readdir(dir)).sort()).toEqual(['crm-sync.sqlite', 'destroy.mjs']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps a scrypt hash of the demo password, not the password', async () => {
    const db = connectDatabase(':memory:');
    await migrateToLatest(db);
    await seedDatabase(db, new Date());
    const account = await findIdentityAccountByEmail(db, 'Manager@Example.com');
    expect(account?.password_hash).toMatch(/^scrypt\$/);
    expect(account?.password_hash).not.toContain('crm-sync-demo');
    expect(await verifyPassword('crm-sync-demo', account?.password_hash ?? '')).toBe(true);
    expect(await verifyPassword('crm-sync-dem0', account?.password_hash ?? '')).toBe(false);
    await db.destroy();
  });

  it("seeds the demo page's embed key for the demo admin, revoking the one of the start before", async () => {
    const db = connectDatabase(':memory:');
    await migrateToLatest(db);
    const first = `ek_${'a'.repeat(43)}`;
    const second = `ek_${'b'.repeat(43)}`;
    await seedDatabase(db, new Date(), first);
    await seedDatabase(db, new Date(), first);
    await seedDatabase(db, new Date(), second);
    expect(await findLiveEmbedKey(db, first)).toBeUndefined();
    const live = await findLiveEmbedKey(db, second);
    expect(live).toMatchObject({ name: 'Demo page (sandbox)', createdBy: 'admin@example.com' });
    const keys = await listEmbedKeys(db, live!.organizationId);
    expect(keys.map((key) => [key.prefix, key.revokedAt === null])).toEqual([
      ['ek_bbbbbb', true],
      ['ek_aaaaaa', false],
    ]);
    await db.destroy();
  });
});
