// `npm run bench:isolation` (issue 53): one tenant cannot slow another. The built api (WORKERS=off)
// gets a steady 20 small posts a second to a webhook of one organization (Acme) while three connections
// post, without pause, large bodies to a webhook of another (Solo): the probe's 4.8 MB arrays nested
// 2.4 million deep (refused 400 by the depth pre-scan), then 0.9 MB valid events (read and stored).
// Reported: the quiet organization's answer times (p50, p99, max) alone and beside each flood, and the
// flood's answers. Goal: the quiet organization's p99 under 100 ms beside the nested flood.
// Settings: BENCH_DATABASES (sqlite; add postgres with DATABASE_URL or TEST_POSTGRES_URL naming a server,
// a role with CREATEDB), BENCH_SECONDS (10, each phase), BENCH_COMPARE_MAIN (another build's
// dist/main.js, measured after this one with the same phases), BENCH_CPU_PROF (a folder: the api runs
// with node --cpu-prof there; summarise with node api/bench/cpu-profile-summary.mjs <file>).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureById, payloadAt } from 'shared/events';
import {
  NO_QUOTAS_ENV,
  apiDir,
  benchPostgresServer,
  createBenchDatabase,
  freePort,
  insertBenchWebhook,
  insertHubSpotProfile,
  printTable,
  repoRoot,
  requireBuilt,
  requirePostgresServer,
  startNode,
} from './processes.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite').split(',').map((kind) => kind.trim());
const main = path.join(apiDir, 'dist', 'main.js');
const compareMain = process.env.BENCH_COMPARE_MAIN?.trim();
const cpuProfDir = process.env.BENCH_CPU_PROF?.trim();
requireBuilt(
  [main, path.join(repoRoot, 'shared', 'dist')],
  'pnpm --filter shared build && pnpm --filter api build',
);
if (databases.includes('postgres')) requirePostgresServer();

const QUIET_POSTS_PER_SECOND = 20;
const FLOOD_CONNECTIONS = 3;
const reply = fixtureById('smartlead.email-reply');

const nestedBody = '['.repeat(2_400_000) + ']'.repeat(2_400_000);
let flatCount = 0;
const flatBody = () =>
  JSON.stringify({
    ...payloadAt(reply, new Date()),
    stats_id: `flat-${flatCount++}`,
    padding: 'p'.repeat(900_000),
  });
let quietCount = 0;
const quietBody = () =>
  JSON.stringify({ ...payloadAt(reply, new Date()), stats_id: `quiet-${quietCount++}` });

const { newWebhookCode } = await import(
  path.join(apiDir, 'dist', 'repositories', 'webhook-codes.js')
);

/** A Smartlead webhook of `email`'s organization: its code. */
async function webhookOf(db, email) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const profileId = await insertHubSpotProfile(db, user.id);
  return insertBenchWebhook(db, { userId: user.id, profileId, code: newWebhookCode() });
}

async function prepare(location, entry) {
  const buildFile = (...parts) => import(path.join(path.dirname(entry), 'db', ...parts));
  const { migrateToLatest } = await buildFile('migrate.js');
  const { seedDatabase } = await buildFile('seed.js');
  const { connectDatabase } = await buildFile('connect.js');
  const db = connectDatabase(location);
  try {
    await migrateToLatest(db);
    await seedDatabase(db, new Date());
    return {
      quiet: await webhookOf(db, 'admin@example.com'),
      flooding: await webhookOf(db, 'user@example.com'),
    };
  } finally {
    await db.destroy();
  }
}

const post = async (url, body) => {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

/** Posts a small event every 1/20 s for `seconds`, each on its own (open loop): their answer times. */
async function quietPosts(url) {
  const answers = [];
  const pending = [];
  const interval = 1000 / QUIET_POSTS_PER_SECOND;
  const started = performance.now();
  for (let i = 0; i < seconds * QUIET_POSTS_PER_SECOND; i++) {
    const due = started + i * interval;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    pending.push(post(url, quietBody()).then((answer) => answers.push(answer)));
  }
  await Promise.all(pending);
  return answers;
}

/** Three connections posting `body()` without pause until `stop` resolves: the statuses answered. */
async function flood(url, body, stopped) {
  const statuses = {};
  const connection = async () => {
    while (!stopped.value) {
      const { status } = await post(url, body()).catch(() => ({ status: 'error' }));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  return { statuses, done: Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, connection)) };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const rows = [
  [
    'build',
    'database',
    'beside',
    'quiet p50',
    'quiet p99',
    'quiet max',
    'quiet not 200',
    'flood answers',
  ],
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-isolation-'));
try {
  for (const [label, entry] of [
    ['this build', main],
    ...(compareMain ? [['compared', compareMain]] : []),
  ])
    for (const kind of databases) {
      const dataDir = fs.mkdtempSync(path.join(dir, 'api-'));
      const database = await createBenchDatabase(kind, dataDir, benchPostgresServer);
      try {
        const codes = await prepare(database.location, entry);
        const port = await freePort();
        const api = await startNode(
          cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir, entry] : [entry],
          {
            ...database.env,
            DATA_DIR: dataDir,
            API_HOST: '127.0.0.1',
            API_PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            SHELL_DIST_DIR: fs.mkdtempSync(path.join(dir, 'no-shell-')),
            LOG_LEVEL: 'warn',
            WORKERS: 'off',
            DEMO_ACCOUNTS: 'false',
            MAX_EVENT_LOOP_DELAY_MS: '0',
            // the flood is measured for what it does to others, not stopped by its quotas
            ...NO_QUOTAS_ENV,
          },
          `http://127.0.0.1:${port}/health`,
        );
        try {
          const url = (code) => `http://127.0.0.1:${port}/webhooks/${code}`;
          // warm: the first posts compile the receiver's code and open its statements
          for (let i = 0; i < 50; i++) await post(url(codes.quiet), quietBody());
          for (const [beside, body] of [
            ['nothing', null],
            ['4.8 MB nested', () => nestedBody],
            ['0.9 MB events', flatBody],
          ]) {
            const stopped = { value: false };
            const flooding = body === null ? null : await flood(url(codes.flooding), body, stopped);
            if (flooding) await new Promise((resolve) => setTimeout(resolve, 1000));
            const answers = await quietPosts(url(codes.quiet));
            stopped.value = true;
            await flooding?.done;
            const times = answers.map((answer) => answer.ms);
            rows.push([
              label,
              kind,
              beside,
              ms(percentile(times, 50)),
              ms(percentile(times, 99)),
              ms(Math.max(...times)),
              String(answers.filter((answer) => answer.status !== 200).length),
              flooding
                ? Object.entries(flooding.statuses)
                    .map(([status, count]) => `${count}× ${status}`)
                    .join(', ')
                : '',
            ]);
          }
        } finally {
          await api.stop();
        }
      } finally {
        await database.drop();
      }
    }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
printTable(rows);
