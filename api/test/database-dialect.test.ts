import { rm } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../src/db/columns.js';
import { connectDatabase, DatabaseInputError, isPostgresUrl } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { seedDatabase } from '../src/db/seed.js';
import { listUsers } from '../src/repositories/users.js';
import { ORIGIN, createTestApp, makeTempDir, signIn } from './helpers/test-app.js';
import { createTestDatabase, testDialect, type TestDatabase } from './helpers/test-database.js';

/** Runs in both projects: `api` on SQLite, `api (postgres)` on a fresh PostgreSQL database. */
describe(`database on ${testDialect()}`, () => {
  let dir: string;
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    dir = await makeTempDir();
    database = await createTestDatabase(dir);
    db = connectDatabase(database.location);
    await migrateToLatest(db);
    await seedDatabase(db, new Date());
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('connects with the dialect the location names', () => {
    expect(isPostgresUrl(database.location)).toBe(testDialect() === 'postgres');
    expect(isPostgres(db as unknown as Kysely<unknown>)).toBe(testDialect() === 'postgres');
    expect(isPostgresUrl('postgresql://u:p@host/db')).toBe(true);
    expect(isPostgresUrl('/tmp/postgres://x.sqlite')).toBe(false);
  });

  it('migrates and seeds idempotently on a second connection', async () => {
    const second = connectDatabase(database.location);
    try {
      await migrateToLatest(second);
      await seedDatabase(second, new Date());
      expect((await listUsers(second)).map((user) => user.email)).toEqual([
        'admin@example.com',
        'manager@example.com',
        'user@example.com',
      ]);
    } finally {
      await second.destroy();
    }
  });

  (testDialect() === 'postgres' ? it : it.skip)(
    'compresses an event body with lz4 and reads it back as it was received',
    async () => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow();
      const rawBody = JSON.stringify({
        event_type: 'EMAIL_REPLY',
        history: Array.from(
          { length: 80 },
          (_, index) => `message ${index}: Thanks, let us talk next week.`,
        ),
      });
      const { id } = await db
        .insertInto('webhook_logs')
        .values({
          user_id: user.id,
          created_at: new Date().toISOString(),
          state: 'queued',
          raw_body: rawBody,
          payload: '{}',
          results: '{"errors":[]}',
          headers: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{
        body: string;
        method: string | null;
      }>`select raw_body as body, pg_column_compression(raw_body) as method from webhook_logs where id = ${id}`.execute(
        db,
      );
      expect(rows).toEqual([{ body: rawBody, method: 'lz4' }]);
    },
  );

  it('reads ids, counts and bigint columns as numbers', async () => {
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(3);
    await db
      .insertInto('oidc_models')
      .values({
        kind: 'Session',
        id: 'dialect-test',
        payload: '{}',
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: 4_102_444_800,
        consumed_at: null,
      })
      .execute();
    const row = await db
      .selectFrom('oidc_models')
      .select(['expires_at'])
      .where('id', '=', 'dialect-test')
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(4_102_444_800);
    const { id } = await db
      .insertInto('organizations')
      .values({ name: 'Returning Ltd', domain: null, is_paid_tier: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(typeof id).toBe('number');
  });

  it('upserts with onConflict and compares case-insensitively with lower() on both sides', async () => {
    const upsert = (payload: string) =>
      db
        .insertInto('oidc_models')
        .values({
          kind: 'Grant',
          id: 'g1',
          payload,
          grant_id: null,
          user_code: null,
          uid: null,
          expires_at: null,
          consumed_at: null,
        })
        .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet({ payload }))
        .execute();
    await upsert('{"v":1}');
    await upsert('{"v":2}');
    const rows = await db
      .selectFrom('oidc_models')
      .select('payload')
      .where('kind', '=', 'Grant')
      .execute();
    expect(rows).toEqual([{ payload: '{"v":2}' }]);
    const found = await db
      .selectFrom('users')
      .select('email')
      .where(sql<string>`lower(email)`, 'like', `%${'MANAGER@'.toLowerCase()}%`)
      .execute();
    expect(found).toEqual([{ email: 'manager@example.com' }]);
  });

  it('turns values only SQLite accepts into 400s on PostgreSQL (NUL in text, integers beyond 32 bits)', async () => {
    const nul = db
      .insertInto('organizations')
      .values({ name: 'nul\u0000name', domain: null, is_paid_tier: 0 })
      .execute();
    const huge = db
      .selectFrom('users')
      .select('id')
      .where('id', '=', 2 ** 40)
      .execute();
    if (testDialect() === 'postgres') {
      await expect(nul).rejects.toBeInstanceOf(DatabaseInputError);
      await expect(huge).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid value: a number is out of range',
      });
    } else {
      await expect(nul).resolves.toBeDefined();
      await expect(huge).resolves.toEqual([]);
    }
  });

  it('answers 400, not 500, when a request carries such a value', async () => {
    const t = await createTestApp();
    try {
      const cookie = await signIn(t.app, 'admin');
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/dashboard/users/${2 ** 40}`,
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: { canWebhook: true, canUserAccount: true, canBlockList: true },
      });
      expect([400, 404]).toContain(response.statusCode);
      expect(typeof (JSON.parse(response.body) as { message: unknown }).message).toBe('string');
    } finally {
      await t.close();
    }
  });
});
