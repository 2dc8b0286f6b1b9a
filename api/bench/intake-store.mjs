// `npm run bench:intake-store`: what the PostgreSQL server spends on each event the receiver stores
// (postgres-intake.ts: the event's log row and its processing job, a batch in one prepared statement on a
// connection with the intake thread's settings, one batch at a time as the thread commits them), with
// nothing else loading the server: its CPU (all its processes, from /proc) and the wall time per event.
// Far steadier than the receiver bench's requests per second on a busy machine, so it is the one to
// compare two builds of the store with. The queue starts new and is analyzed near empty, as autovacuum
// does in a new database's first minute, so the statement's kept plan is made on the statistics the
// receiver bench's api has (and a deployment's first minute).
//
// Settings: BENCH_BATCHES (1000), BENCH_BATCH (24 events: the intake thread's batches under the receiver
// bench), BENCH_LEADS (50: the events' leads, in turn), BENCH_ROUNDS (3), BENCH_COMPARE_DIST (another
// build's api/dist, e.g. of the last commit: measured in turn with this one).
// PostgreSQL: DATABASE_URL or TEST_POSTGRES_URL (a local server, a role with CREATEDB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixtureById, payloadAt } from 'shared/events';
import { apiDir, benchBuilds, benchPostgresServer, cpuBetween, cpuOf, createBenchDatabase, insertHubSpotProfile, postgresPids, printTable, requireBuilt, requirePostgresServer } from './processes.mjs';

const batches = Number(process.env.BENCH_BATCHES ?? 1000);
const batchSize = Number(process.env.BENCH_BATCH ?? 24);
const leads = Number(process.env.BENCH_LEADS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const builds = benchBuilds();
const WARM_UP_BATCHES = 50;

requireBuilt([path.join(apiDir, 'dist', 'receiver', 'postgres-intake.js')], 'pnpm --filter shared build && pnpm --filter api build');
requirePostgresServer();

const reply = fixtureById('smartlead.email-reply');
const base = payloadAt(reply, new Date());
let sent = 0;
/** A Smartlead reply no other shares (its stats_id), from the next of `leads` leads. */
const nextBody = () => {
  sent += 1;
  const email = `lead-${sent % leads}@northwind.example`;
  return JSON.stringify({ ...base, stats_id: `store-${sent}`, sl_lead_email: email, to_email: email });
};

async function measure(distDir) {
  const load = (file) => import(path.join(distDir, file));
  const { connectDatabase, openPostgresPool, preparedStatements } = await load('db/connect.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { queueEngineFor } = await load('jobs/queue-engine-for.js');
  const engineModule = await load('jobs/pg-boss-queue-engine.js');
  const { findIntakeWebhook } = await load('repositories/webhook-events.js');
  const { planKnownPost } = await load('receiver/intake.js');
  const { postgresStoreBatch } = await load('receiver/postgres-intake.js');
  const { intakeJobOptions } = await load('receiver/job-options.js');
  const { systemClock } = await load('clock.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-intake-store-bench-'));
  const database = await createBenchDatabase('postgres', dir, benchPostgresServer);
  const db = connectDatabase(database.location);
  const engine = queueEngineFor({ location: database.location, db, clock: systemClock });
  // a build from before the intake's session settings opens its pool without any
  const pool = openPostgresPool(database.location, engineModule.pgBossInsertSessionOptions ? { options: engineModule.pgBossInsertSessionOptions } : {});
  try {
    await migrateToLatest(db);
    await engine.start();
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
    await db.insertInto('webhook_codes').values({ code, user_id: user.id, created_at: now, used_at: now }).execute();
    await db.insertInto('webhooks').values({ user_profile_id: profileId, user_id: user.id, code, email_service: 'smartlead', owner_id: '7010002', created_at: now, updated_at: now }).execute();
    const webhook = await findIntakeWebhook(db, code);
    await pool.query('ANALYZE pgboss.job');
    const store = postgresStoreBatch(preparedStatements(pool), systemClock, intakeJobOptions({ forwarding: { schedule: [0] } }));
    const batchOfPosts = () =>
      Array.from({ length: batchSize }, () => {
        const plan = planKnownPost({
          webhook,
          post: { code, path: `/webhooks/${code}`, rawBody: nextBody(), headers: { 'content-type': 'application/json' } },
          webhookUrl: `http://bench/webhooks/${code}`,
          receivedAt: new Date().toISOString(),
          test: false,
        });
        if (plan.kind !== 'event') throw new Error(`The bench's post was not an event: ${plan.message}`);
        return plan.pending;
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

console.log(`Intake store bench (PostgreSQL): ${batches} batches of ${batchSize} Smartlead replies from ${leads} leads, after ${WARM_UP_BATCHES} to warm up; ${rounds} rounds`);
const rows = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const [label, distDir] of builds) {
    const result = await measure(distDir);
    rows.push([String(round), label, result.cpuUs.toFixed(1), result.wallUs.toFixed(1)]);
  }
}
printTable([['round', 'build', 'server CPU µs/event', 'wall µs/event'], ...rows]);
