import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect.js';
import { waitFor } from './helpers/spawned.js';
import { makeTempDir } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

// Its own SQLite file whatever the project's database, so once, in the SQLite project.
(testDialect() === 'sqlite' ? describe : describe.skip)(
  'SQLite checkpoints in the background',
  () => {
    it('moves committed pages from the write-ahead log into the database file while the api goes on, and stops with the connection', async () => {
      const dir = await makeTempDir();
      const file = path.join(dir, 'api.sqlite');
      const db = connectDatabase(file);
      try {
        await sql`create table events (id integer primary key, body text not null)`.execute(db);
        const before = statSync(file).size;
        const body = 'x'.repeat(2000);
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 500; i++)
            await sql`insert into events (body) values (${body})`.execute(trx);
        });
        // a megabyte is far below the connection's own automatic checkpoint: only the thread copies it now
        await waitFor(
          () => statSync(file).size >= before + 500 * 2000,
          'the log to be checkpointed into the database file',
          10_000,
        );
        expect(
          (await sql<{ n: number }>`select count(*) as n from events`.execute(db)).rows[0]?.n,
        ).toBe(500);
      } finally {
        await db.destroy();
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
