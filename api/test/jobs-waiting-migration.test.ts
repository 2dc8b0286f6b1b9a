import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { connectDatabase } from '../src/db/connect.js';
import { migrations } from '../src/db/migrations/index.js';
import type { Database } from '../src/db/schema.js';
import { makeTempDir } from './helpers/test-app.js';
import { createPostgresDatabase, testDialect } from './helpers/test-database.js';

const job = (id: number, state: string, orderingKey: string | null) => ({
  id,
  queue: 'process-event',
  data: JSON.stringify({ logId: id }),
  state,
  ordering_key: orderingKey,
  retry_limit: 3,
  backoff_base_ms: 1000,
  backoff_max_ms: 60_000,
  visibility_timeout_ms: 30_000,
  run_after_ms: 0,
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
});

describe(`migration 021 (jobs waiting behind their key) on ${testDialect()}`, () => {
  let dir: string;
  let db: Kysely<Database>;
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    dir = await makeTempDir();
    let location = path.join(dir, 'api.sqlite');
    if (testDialect() === 'postgres') {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      location = database.url;
    }
    db = connectDatabase(location);
  });

  afterAll(async () => {
    await db.destroy();
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every job, its id and the ids to come, and lets a job wait', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('020_webhook_platform_registrations')).error).toBeUndefined();
    const before = [
      job(1, 'completed', 'lead-a'),
      job(2, 'active', 'lead-a'),
      job(3, 'created', 'lead-a'),
      job(7, 'retry', null),
      job(9, 'failed', 'lead-b'),
    ];
    await db
      .insertInto('jobs')
      .values(before.map((row) => ({ ...row, state: row.state as 'created' })))
      .execute();
    // the highest id is gone (retention): a new job must still not take it again
    await db
      .insertInto('jobs')
      .values({ ...job(12, 'completed', null), state: 'completed' })
      .execute();
    await db.deleteFrom('jobs').where('id', '=', 12).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(
      await db
        .selectFrom('jobs')
        .select(['id', 'state', 'ordering_key', 'data'])
        .orderBy('id')
        .execute(),
    ).toEqual(
      before.map(({ id, state, ordering_key, data }) => ({ id, state, ordering_key, data })),
    );
    const { id } = await db
      .insertInto('jobs')
      // PostgreSQL's serial does not count ids given explicitly, as this test gave them (the api never does)
      .values({
        ...job(0, 'waiting', 'lead-a'),
        state: 'waiting',
        id: testDialect() === 'postgres' ? 13 : undefined,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(12);
    // the error as text: better-sqlite3's errors come from outside jest's module realm, which rejects.toThrow does not always take for errors
    const refused =
      await sql`insert into jobs (queue, data, state, retry_limit, backoff_base_ms, backoff_max_ms, visibility_timeout_ms, run_after_ms, created_at, updated_at) values ('q', '{}', 'parked', 1, 1, 1, 1, 0, '', '')`
        .execute(db)
        .then(
          () => 'stored',
          (error: unknown) => String(error),
        );
    expect(refused).toMatch(/check constraint/i);
  });
});
