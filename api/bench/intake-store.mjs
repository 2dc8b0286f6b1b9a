// `npm run bench:intake-store`: what storing each event the receiver takes costs, with nothing else loading
// the machine: far steadier than the receiver bench's requests per second on a busy machine, so it is the
// one to compare two builds of the store with.
//
// SQLite: the receiver's intake thread itself (receiver/intake-writer.ts, started from the build on a new
// database file with the api's settings and its WAL checkpointer), handed the posts of one turn of the api's
// event loop at a time as the api hands them over: the CPU of the intake thread and of the whole process
// (the posting, the checkpointer) and the wall time per event. The thread's work is all the receiver's
// beyond the HTTP: each post's JSON, the platform's normaliser, the event's log row and processing job, the
// commit and its sync to disk.
//
// PostgreSQL: what the server spends (receiver/intake-store.ts: the events' log rows and the job that hands
// their jobs over, a batch in one transaction, one batch at a time as the thread commits them; a build from
// before the store, its one-statement postgres-intake.ts): its CPU (all its processes, from /proc) and the
// wall time per event. The queue starts new and is analyzed near empty, as autovacuum does in a new
// database's first minute, so kept plans are made on the statistics the receiver bench's api has.
//
// Settings: BENCH_DATABASES (sqlite,postgres), BENCH_BATCHES (1000), BENCH_BATCH (24 events: the intake
// thread's batches under the receiver bench), BENCH_LEADS (50: the events' leads, in turn), BENCH_ROUNDS (3),
// BENCH_COMPARE_DIST (another build's api/dist, e.g. of the last commit: measured in turn with this one).
// PostgreSQL: DATABASE_URL or TEST_POSTGRES_URL (a local server, a role with CREATEDB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtureById, payloadAt } from 'shared/events';
import {
  apiDir,
  benchBuilds,
  benchPostgresServer,
  cpuBetween,
  cpuOf,
  createBenchDatabase,
  insertBenchWebhook,
  insertHubSpotProfile,
  postgresPids,
  printTable,
  requireBuilt,
  requirePostgresServer,
  threadCpuSeconds,
} from './processes.mjs';

const batches = Number(process.env.BENCH_BATCHES ?? 1000);
const batchSize = Number(process.env.BENCH_BATCH ?? 24);
const leads = Number(process.env.BENCH_LEADS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((kind) => kind.trim());
const builds = benchBuilds();
const WARM_UP_BATCHES = 50;

requireBuilt(
  [
    path.join(apiDir, 'dist', 'receiver', 'intake-store.js'),
    path.join(apiDir, 'dist', 'receiver', 'intake-writer-thread.js'),
  ],
  'pnpm --filter shared build && pnpm --filter api build',
);
if (databases.includes('postgres') && !databases.includes('sqlite')) requirePostgresServer();

const reply = fixtureById('smartlead.email-reply');
const base = payloadAt(reply, new Date());
let sent = 0;
/** A Smartlead reply no other shares (its stats_id), from the next of `leads` leads. */
const nextBody = () => {
  sent += 1;
  const email = `lead-${sent % leads}@northwind.example`;
  return JSON.stringify({
    ...base,
    stats_id: `store-${sent}`,
    sl_lead_email: email,
    to_email: email,
  });
};

/** A user with a HubSpot profile and one Smartlead webhook of theirs (no additional endpoint): its code. */
async function insertUserWithWebhook(db) {
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      account_id: 'bench',
      email: 'bench@example.com',
      nickname: 'bench',
      picture: '',
      role: 'ADMIN',
      organization_id: null,
      can_webhook: 1,
      can_user_account: 1,
      can_block_list: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profileId = await insertHubSpotProfile(db, user.id);
  const code = `bench-store-${Date.now()}`;
  return insertBenchWebhook(db, { userId: user.id, profileId, code });
}

/** A post of the next body to the webhook, as the receiver's route hands it to the intake. */
const knownPost = (webhook, code) => ({
  webhook,
  post: {
    code,
    path: `/webhooks/${code}`,
    rawBody: nextBody(),
    headers: { 'content-type': 'application/json' },
  },
  webhookUrl: `http://bench/webhooks/${code}`,
  receivedAt: new Date().toISOString(),
  test: false,
});

async function measureSqlite(distDir) {
  const load = (file) => import(path.join(distDir, file));
  const { connectDatabase } = await load('db/connect.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { findIntakeWebhook } = await load('repositories/webhook-events.js');
  const { startIntakeWriter } = await load('receiver/intake-writer.js');
  const { intakeJobOptions } = await load('receiver/job-options.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-intake-store-bench-'));
  const { location } = await createBenchDatabase('sqlite', dir);
  // the api's connection, with its WAL checkpointer: the thread's commits are checkpointed as in the api
  const db = connectDatabase(location);
  let writer = null;
  try {
    await migrateToLatest(db);
    const code = await insertUserWithWebhook(db);
    const webhook = await findIntakeWebhook(db, code);
    const threadsBefore = new Set(threadCpuSeconds('self').keys());
    writer = startIntakeWriter({
      database: { kind: 'sqlite', path: location },
      jobOptions: intakeJobOptions({ forwarding: { schedule: [0], timeoutMs: 15_000 } }),
      clock: { now: () => new Date() },
      fallback: async () => {
        throw new Error('The intake thread stopped');
      },
    });
    // one turn of the api's event loop: the posts read in it go to the thread together
    const take = (posts) => Promise.all(posts.map((post) => writer.takeKnown(post)));
    const batchOfPosts = () => Array.from({ length: batchSize }, () => knownPost(webhook, code));
    for (let batch = 0; batch < WARM_UP_BATCHES; batch += 1) await take(batchOfPosts());
    const pendingBatches = Array.from({ length: batches }, batchOfPosts);
    const before = threadCpuSeconds('self');
    const start = performance.now();
    for (const posts of pendingBatches) await take(posts);
    const wallMs = performance.now() - start;
    const after = threadCpuSeconds('self');
    const used = [...after].map(([tid, seconds]) => [tid, seconds - (before.get(tid) ?? 0)]);
    // the thread started for the intake that used the most (the others: the checkpointer, GC, I/O)
    const intake = Math.max(
      0,
      ...used.filter(([tid]) => !threadsBefore.has(tid)).map(([, seconds]) => seconds),
    );
    const all = used.reduce((sum, [, seconds]) => sum + seconds, 0);
    const events = batches * batchSize;
    return {
      threadUs: (intake * 1e6) / events,
      processUs: (all * 1e6) / events,
      wallUs: (wallMs * 1000) / events,
    };
  } finally {
    await writer?.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measurePostgres(distDir) {
  const load = (file) => import(path.join(distDir, file));
  const { connectDatabase, openPostgresPool, preparedStatements } = await load('db/connect.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { queueEngineFor } = await load('jobs/queue-engine-for.js');
  const engineModule = await load('jobs/pg-boss-queue-engine.js');
  const { findIntakeWebhook } = await load('repositories/webhook-events.js');
  const { planKnownPost } = await load('receiver/intake.js');
  const hasStore = fs.existsSync(path.join(distDir, 'receiver', 'intake-store.js'));
  const storeModule = await load(
    hasStore ? 'receiver/intake-store.js' : 'receiver/postgres-intake.js',
  );
  const { intakeJobOptions } = await load('receiver/job-options.js');
  const { systemClock } = await load('clock.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-intake-store-bench-'));
  const database = await createBenchDatabase('postgres', dir, benchPostgresServer);
  const db = connectDatabase(database.location);
  const engine = queueEngineFor({ location: database.location, db, clock: systemClock });
  // a build from before the intake's session settings opens its pool without any
  const pool = openPostgresPool(
    database.location,
    engineModule.pgBossInsertSessionOptions
      ? { options: engineModule.pgBossInsertSessionOptions }
      : {},
  );
  try {
    await migrateToLatest(db);
    await engine.start();
    const code = await insertUserWithWebhook(db);
    const webhook = await findIntakeWebhook(db, code);
    await pool.query('ANALYZE jobs');
    const jobOptions = intakeJobOptions({ forwarding: { schedule: [0] } });
    // the one intake store (on its own connection, as the intake thread's); an older build's statement
    const store = hasStore
      ? storeModule.postgresIntakeStore({ db, clock: systemClock, jobs: engine, jobOptions }).store
      : storeModule.postgresStoreBatch(preparedStatements(pool), systemClock, jobOptions);
    const batchOfPosts = () =>
      Array.from({ length: batchSize }, () => {
        const plan = planKnownPost(knownPost(webhook, code));
        if (plan.kind !== 'event')
          throw new Error(`The bench's post was not an event: ${plan.message}`);
        return hasStore ? plan : plan.pending;
      });
    for (let batch = 0; batch < WARM_UP_BATCHES; batch += 1) await store(batchOfPosts());
    const pendingBatches = Array.from({ length: batches }, batchOfPosts);
    const cpuBefore = cpuOf(postgresPids());
    const start = performance.now();
    for (const pendings of pendingBatches) await store(pendings);
    const wallMs = performance.now() - start;
    const cpuSeconds = cpuBetween(cpuBefore, cpuOf(postgresPids()));
    const events = batches * batchSize;
    return { cpuUs: (cpuSeconds * 1e6) / events, wallUs: (wallMs * 1000) / events };
  } finally {
    await pool.end();
    await engine.stop();
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Intake store bench: ${batches} batches of ${batchSize} Smartlead replies from ${leads} leads, after ${WARM_UP_BATCHES} to warm up; ${rounds} rounds`,
);
if (databases.includes('sqlite')) {
  const rows = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const [label, distDir] of builds) {
      const result = await measureSqlite(distDir);
      rows.push([
        String(round),
        label,
        result.threadUs.toFixed(1),
        result.processUs.toFixed(1),
        result.wallUs.toFixed(1),
      ]);
    }
  }
  console.log('\nSQLite: the intake thread');
  printTable([
    ['round', 'build', 'intake thread CPU µs/event', 'process CPU µs/event', 'wall µs/event'],
    ...rows,
  ]);
}
if (databases.includes('postgres') && benchPostgresServer) {
  const rows = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const [label, distDir] of builds) {
      const result = await measurePostgres(distDir);
      rows.push([String(round), label, result.cpuUs.toFixed(1), result.wallUs.toFixed(1)]);
    }
  }
  console.log('\nPostgreSQL: the server');
  printTable([['round', 'build', 'server CPU µs/event', 'wall µs/event'], ...rows]);
} else if (databases.includes('postgres'))
  console.log(
    'PostgreSQL left out: set DATABASE_URL or TEST_POSTGRES_URL to a server (a role with CREATEDB) to measure it too.',
  );
