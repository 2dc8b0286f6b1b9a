// `npm run bench:intake-jobs`: what the PostgreSQL server spends on each job the receiver sends (the
// intake's insert, pgBossInsertSql, in batches as the intake thread stores events) together with the
// claim's set-aside, which runs four times a second while the receiver is busy. Every lead is held (its
// first job in a worker's hands, as when HubSpot's limits pace the processing), a backlog waits behind
// them, and the batches go on: the server's CPU (all its processes, from /proc) per job sent.
//
// Settings: BENCH_LEADS (50: the jobs' ordering keys, in turn; 1000000 for a lead per job), BENCH_BATCHES
// (2000 of 23 jobs, the intake's batch under the receiver bench), BENCH_ROUNDS (2), BENCH_COMPARE_DIST
// (another build's api/dist, e.g. of the last commit: measured in turn with this one).
// PostgreSQL: DATABASE_URL or TEST_POSTGRES_URL (a local server, a role with CREATEDB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  apiDir,
  benchBuilds,
  benchPostgresServer,
  cpuBetween,
  cpuOf,
  createBenchDatabase,
  postgresPids,
  printTable,
  requireBuilt,
  requirePostgresServer,
} from './processes.mjs';

const leads = Number(process.env.BENCH_LEADS ?? 50);
const batches = Number(process.env.BENCH_BATCHES ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const builds = benchBuilds();
/** Jobs a batch: the intake thread's batches under the receiver bench held 23 events on average. */
const BATCH = 23;
/** A set-aside every 43 batches: every 250 ms (the claim's pace for it) at about 4,000 events a second. */
const BATCHES_PER_SET_ASIDE = 43;
const HELD = Math.min(leads, 50);

requireBuilt(
  [path.join(apiDir, 'dist', 'jobs', 'pg-boss-queue-engine.js')],
  'pnpm --filter shared build && pnpm --filter api build',
);
requirePostgresServer();

async function measure(distDir) {
  const load = (file) => import(path.join(distDir, file));
  const { connectDatabase } = await load('db/connect.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { queueEngineFor } = await load('jobs/queue-engine-for.js');
  const { PROCESS_EVENT } = await load('jobs/job-names.js');
  const { pgBossInsertSql, pgBossJobInsert, pgBossJobRecord } = await load(
    'jobs/pg-boss-queue-engine.js',
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-intake-jobs-bench-'));
  const database = await createBenchDatabase('postgres', dir, benchPostgresServer);
  const db = connectDatabase(database.location);
  // the queue's clock moves on by hand, so its set-aside runs where it would under load
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const engine = queueEngineFor({ location: database.location, db, clock });
  const client = new pg.Client({ connectionString: database.location });
  let sent = 0;
  const options = {
    retryLimit: 3,
    backoff: { baseMs: 60_000, maxMs: 3_600_000 },
    visibilityTimeoutMs: 600_000,
  };
  // no key: no job id (pg-boss makes one), as the intake's jobs
  const job = () => {
    sent += 1;
    return pgBossJobInsert(
      {
        name: PROCESS_EVENT,
        data: { logId: sent },
        options: { ...options, orderingKey: `lead-${sent % leads}` },
      },
      clock,
    );
  };
  // a named statement, planned once per connection, as the intake thread's
  const send = (count) =>
    client.query({
      name: 'intake_jobs',
      text: pgBossInsertSql(`json_to_recordset($1::json) AS j (${pgBossJobRecord})`),
      values: [JSON.stringify(Array.from({ length: count }, job))],
    });
  const setAside = async () => {
    offset += 251;
    await engine.claim(PROCESS_EVENT);
  };
  try {
    await migrateToLatest(db);
    await engine.start();
    await client.connect();
    // the first job of each held lead in a worker's hands (claimed, never finished), then a backlog
    await send(HELD);
    for (let lead = 0; lead < HELD; lead += 1) await engine.claim(PROCESS_EVENT);
    for (let batch = 0; batch < 200; batch += 1) await send(BATCH);
    await setAside();
    const cpuBefore = cpuOf(postgresPids());
    const start = performance.now();
    for (let batch = 1; batch <= batches; batch += 1) {
      await send(BATCH);
      if (batch % BATCHES_PER_SET_ASIDE === 0) await setAside();
    }
    const wallMs = performance.now() - start;
    const cpuSeconds = cpuBetween(cpuBefore, cpuOf(postgresPids()));
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE start_after = 'infinity') AS aside FROM pgboss.job WHERE name = $1`,
      [PROCESS_EVENT],
    );
    return {
      perJobUs: (cpuSeconds * 1e6) / (batches * BATCH),
      wallUs: (wallMs * 1000) / (batches * BATCH),
      aside: Number(rows[0].aside) / sent,
    };
  } finally {
    await client.end();
    await engine.stop();
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Intake job bench (PostgreSQL): ${batches} batches of ${BATCH} jobs from ${leads} leads, ${HELD} of them held, a set-aside every ${BATCHES_PER_SET_ASIDE} batches; ${rounds} rounds`,
);
const rows = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const [label, distDir] of builds) {
    const result = await measure(distDir);
    rows.push([
      String(round),
      label,
      result.perJobUs.toFixed(1),
      result.wallUs.toFixed(1),
      `${(100 * result.aside).toFixed(0)}%`,
    ]);
  }
}
printTable([
  ['round', 'build', 'server CPU µs/job', 'wall µs/job', 'jobs set aside at the end'],
  ...rows,
]);
