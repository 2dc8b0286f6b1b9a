import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { testDialect } from './helpers/test-database.js';
import { createTestApp, makeTempDir } from './helpers/test-app.js';

const mode = (file: string): number => statSync(file).mode & 0o777;

(testDialect() === 'sqlite' ? describe : describe.skip)('data at rest (SQLite)', () => {
  it('makes the data folder 0700, and the database, its WAL and secrets.json 0600, whatever they were', async () => {
    const dir = await makeTempDir();
    chmodSync(dir, 0o755);
    const databasePath = path.join(dir, 'crm-sync.sqlite');
    writeFileSync(databasePath, '', { mode: 0o644 });
    chmodSync(databasePath, 0o644);
    const t = await createTestApp({ DATA_DIR: dir, DATABASE_PATH: databasePath });
    try {
      await t.app.db
        .insertInto('organizations')
        .values({ name: 'Written', domain: null, is_paid_tier: 0 })
        .execute();
      expect(mode(dir)).toBe(0o700);
      expect(mode(databasePath)).toBe(0o600);
      expect(mode(`${databasePath}-wal`)).toBe(0o600);
      expect(mode(path.join(dir, 'secrets.json'))).toBe(0o600);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
