// The History lists at the api with 100,000 webhook log rows: time of the first page (a regular user's
// own logs and an admin's whole organization), of a page deep in the list by cursor, and of filtered
// counts, on SQLite and (with TEST_POSTGRES_URL or DATABASE_URL) PostgreSQL. In-process (app.inject):
// the route, the queries and the answer's serialisation, without the network. Goal: first page < 50 ms.
//   pnpm --filter shared build && pnpm --filter api build && node api/bench/logs.mjs
// BENCH_ROWS (100000), BENCH_RUNS (30) change the size and the repetitions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  apiDir,
  benchPostgresServer,
  createBenchDatabase,
  printTable,
  requireBuilt,
} from './processes.mjs';

const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
requireBuilt(
  [path.join(apiDir, 'dist', 'app.js')],
  'pnpm --filter shared build && pnpm --filter api build',
);
const dist = (file) => import(path.join(apiDir, 'dist', file));
const { loadConfig } = await dist('config.js');
const { buildApp } = await dist('app.js');
const { createSession } = await dist('repositories/sessions.js');

const eventTypes = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_REPLY',
  'LEAD_CATEGORY_UPDATED',
];

/** rowCount log rows, 90 % the user's and 10 % the admin's (one organization), in arrival order over the last 30 days. */
async function fillLogs(db, userId, adminId) {
  const start = Date.now() - 30 * 24 * 3600 * 1000;
  const step = (30 * 24 * 3600 * 1000) / rowCount;
  const batch = 500;
  for (let first = 0; first < rowCount; first += batch) {
    const rows = [];
    for (let i = first; i < Math.min(rowCount, first + batch); i += 1) {
      const eventType = eventTypes[i % eventTypes.length];
      const email = `lead${i % 20_000}@northwind.example`;
      rows.push({
        user_id: i % 10 === 0 ? adminId : userId,
        webhook_id: null,
        webhook_url: 'http://localhost:8080/webhooks/bench',
        hub_id: '4411',
        event_type: eventType,
        email,
        payload: JSON.stringify({
          path: '/webhooks/bench',
          payload: {
            subject: `Subject ${i}`,
            to_email: email,
            from_email: 'rep@seller.example',
            event_type: eventType,
          },
        }),
        results: JSON.stringify({ errors: i % 50 === 0 ? ['HubSpot refused the contact'] : [] }),
        created_at: new Date(start + i * step).toISOString(),
        state: 'processed',
      });
    }
    await db.insertInto('webhook_logs').values(rows).execute();
  }
}

async function timeOf(app, cookie, url) {
  const times = [];
  for (let run = 0; run < runs + 3; run += 1) {
    const began = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const took = performance.now() - began;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (run >= 3) times.push(took);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    p95: times[Math.floor(times.length * 0.95)],
    body: JSON.parse((await app.inject({ method: 'GET', url, headers: { cookie } })).body),
  };
}

async function benchOn(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-logs-bench-'));
  const database = await createBenchDatabase(kind, dir, benchPostgresServer);
  const config = loadConfig({
    DATA_DIR: dir,
    ...database.env,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SHELL_DIST_DIR: path.join(dir, 'no-shell'),
    WORKERS: 'off',
    DEMO_ACCOUNTS: 'true',
  });
  const app = buildApp(config);
  try {
    await app.ready();
    const userOf = (email) =>
      app.db
        .selectFrom('users')
        .select(['id', 'organization_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    const [user, admin] = [await userOf('user@example.com'), await userOf('admin@example.com')];
    await app.db
      .updateTable('users')
      .set({ organization_id: admin.organization_id })
      .where('id', '=', user.id)
      .execute();
    const filling = performance.now();
    await fillLogs(app.db, user.id, admin.id);
    const filled = performance.now() - filling;
    if (kind === 'postgres') await pg_vacuum(database.env.DATABASE_URL);
    const cookieOf = async (id) =>
      `crm_sync_session=${(await createSession(app.db, id, 3_600_000, new Date())).token}`;
    const cookies = { user: await cookieOf(user.id), admin: await cookieOf(admin.id) };
    const rows = [];
    const measure = async (what, account, url) => {
      const { median, p95, body } = await timeOf(app, cookies[account], url);
      rows.push([
        kind,
        what,
        account,
        url.replace('/api/admin/webhook-logs', '…'),
        median.toFixed(1),
        p95.toFixed(1),
        'totalItems' in body ? body.totalItems : '',
      ]);
      return body;
    };
    const first = await measure('first page', 'user', '/api/admin/webhook-logs');
    await measure('first page', 'admin', '/api/admin/webhook-logs');
    const middle = first.data.at(-1).id - Math.floor(rowCount / 2);
    await measure(
      'page by cursor, mid-list',
      'user',
      `/api/admin/webhook-logs?page=2500&before=${middle}`,
    );
    await measure('newer rows (poll)', 'user', `/api/admin/webhook-logs?after=${first.data[0].id}`);
    await measure('filtered first page', 'user', '/api/admin/webhook-logs?eventType=EMAIL_REPLY');
    await measure('filtered count', 'user', '/api/admin/webhook-logs/count?eventType=EMAIL_REPLY');
    await measure('filtered count', 'admin', '/api/admin/webhook-logs/count?eventType=EMAIL_REPLY');
    await measure(
      'filtered count',
      'admin',
      '/api/admin/webhook-logs/count?email=lead42@northwind.example',
    );
    return { rows, filled };
  } finally {
    await app.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// what autovacuum does on a live server: the statistics and visibility map (index-only counts) of the new rows
async function pg_vacuum(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE webhook_logs');
  } finally {
    await client.end();
  }
}

const kinds = ['sqlite', ...(benchPostgresServer ? ['postgres'] : [])];
if (!benchPostgresServer) console.log('(no TEST_POSTGRES_URL or DATABASE_URL: SQLite only)');
const table = [['database', 'call', 'as', 'url', 'median ms', 'p95 ms', 'totalItems']];
for (const kind of kinds) {
  const { rows, filled } = await benchOn(kind);
  console.log(`${kind}: ${rowCount} webhook log rows written in ${(filled / 1000).toFixed(1)} s`);
  table.push(...rows);
}
console.log(
  `\nHistory at the api, ${rowCount} webhook log rows, ${runs} runs each (goal: first page < 50 ms)\n`,
);
printTable(table);
