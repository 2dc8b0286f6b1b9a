import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { connectDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { expiredLastAttempts } from '../src/jobs/sql-queue-engine.js';
import { makeTempDir } from './helpers/test-app.js';
import { testDialect } from './helpers/test-database.js';

/** SQLite's plan of a compiled query, one line per step. */
async function planOf(db: Kysely<Database>, query: CompiledQuery): Promise<string[]> {
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return rows.map((row) => row.detail);
}

// The SQLite queue runs on the api's thread: a statement that walks a queue's backlog there stalls every request.
// Its own SQLite file whatever the project's database, so once, in the SQLite project.
(testDialect() === 'sqlite' ? describe : describe.skip)(
  'the SQLite queue reads small indexes, however long the backlog',
  () => {
    let dir: string;
    let db: Kysely<Database>;

    beforeAll(async () => {
      dir = await makeTempDir();
      db = connectDatabase(path.join(dir, 'queue.sqlite'));
      await migrateToLatest(db);
      // a backlog of created jobs and a few running ones, with the statistics ANALYZE keeps
      await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
      insert into jobs (queue, data, state, ordering_key, retry_limit, backoff_base_ms, backoff_max_ms, visibility_timeout_ms, run_after_ms, locked_until_ms, created_at, updated_at)
      select 'process-event', '{}', case when i <= 3 then 'active' else 'created' end, 'lead-' || (i % 50), 5, 1000, 60000, 30000, 0, case when i <= 3 then 10 else null end, 'x', 'x' from n`.execute(
        db,
      );
      await sql`analyze`.execute(db);
      // the migrations and the backlog take seconds alone, and longer on a busy two-core CI machine
    }, 120_000);

    afterAll(async () => {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    });

    it('finds the jobs whose worker died on their last attempt among the running jobs only', async () => {
      const plan = await planOf(
        db,
        expiredLastAttempts(db, 'process-event', 1000, 'now').compile(),
      );
      expect(plan.join('\n')).toMatch(
        /^SEARCH jobs USING INDEX jobs_active_lease \(queue=\? AND locked_until_ms<\?\)$/m,
      );
    });
  },
);
