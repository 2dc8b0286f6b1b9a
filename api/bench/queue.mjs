// The job queue's claim with a held backlog, on SQLite (the jobs table) and PostgreSQL (pg-boss): the
// moment HubSpot's limits hold every lead of a burst. Each lead's first job has run and waits to run
// again (an hour from now), the lead's later jobs wait behind it; the rest of the api keeps sending.
// A claim then finds nothing to run, and what it costs is what every worker loop's poll costs (on
// SQLite, on the api's own thread).
//
// Settings: BENCH_DATABASES (sqlite,postgres), BENCH_JOBS (100000, the held backlog), BENCH_LEADS (50),
// BENCH_CLAIMS (200, timed, each after BENCH_SENDS_BETWEEN = 100 more jobs and 300 ms of the queue's
// clock), BENCH_COMPARE_DIST (another build's api/dist, e.g. of the last commit: measured the same way in
// the same run). PostgreSQL: DATABASE_URL or TEST_POSTGRES_URL (a role with CREATEDB).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  apiDir,
  benchBuilds,
  benchPostgresServer,
  createBenchDatabase,
  requireBuilt,
} from './processes.mjs';

const jobs = Number(process.env.BENCH_JOBS ?? 100_000);
const leads = Number(process.env.BENCH_LEADS ?? 50);
const claims = Number(process.env.BENCH_CLAIMS ?? 200);
const sendsBetween = Number(process.env.BENCH_SENDS_BETWEEN ?? 100);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((kind) => kind.trim());
const builds = benchBuilds(['', ' (compared)']);

requireBuilt(
  [path.join(apiDir, 'dist', 'jobs', 'queue-engine-for.js')],
  'pnpm --filter shared build && pnpm --filter api build',
);

const HOUR = 3_600_000;
const options = {
  retryLimit: 3,
  backoff: { baseMs: 60_000, maxMs: HOUR },
  visibilityTimeoutMs: 60_000,
};
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (value) => value.toFixed(2);

/** A clock the bench moves on by hand, so the queue's periodic work falls where it would in use. */
function benchClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (by) => (offset += by) };
}

async function measure(kind, distDir) {
  const load = (file) => import(path.join(distDir, file));
  const { connectDatabase } = await load('db/connect.js');
  const { migrateToLatest } = await load('db/migrate.js');
  const { queueEngineFor } = await load('jobs/queue-engine-for.js');
  const { PROCESS_EVENT } = await load('jobs/job-names.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-queue-bench-'));
  const database = await createBenchDatabase(kind, dir, benchPostgresServer);
  const db = connectDatabase(database.location);
  const clock = benchClock();
  const engine = queueEngineFor({ location: database.location, db, clock });
  let sent = 0;
  const sendBatch = (count) =>
    engine.sendMany(
      Array.from({ length: count }, () => {
        sent += 1;
        return {
          name: PROCESS_EVENT,
          data: { logId: sent },
          options: { ...options, orderingKey: `lead-${sent % leads}` },
        };
      }),
    );
  try {
    await migrateToLatest(db);
    await engine.start();
    // every lead's first job runs and is put back for an hour: its lead is held
    await sendBatch(leads);
    for (let lead = 0; lead < leads; lead += 1) {
      const job = await engine.claim(PROCESS_EVENT);
      await engine.release(job, new Date(clock.now().getTime() + HOUR));
    }
    const sendStart = performance.now();
    for (let left = jobs; left > 0; left -= 1000) await sendBatch(Math.min(1000, left));
    const sendMs = performance.now() - sendStart;
    clock.advance(1000);
    const firstStart = performance.now();
    const first = await engine.claim(PROCESS_EVENT);
    const firstMs = performance.now() - firstStart;
    const times = [];
    for (let claim = 0; claim < claims; claim += 1) {
      await sendBatch(sendsBetween);
      clock.advance(300);
      const start = performance.now();
      if ((await engine.claim(PROCESS_EVENT)) !== null || first !== null)
        throw new Error('a claim took a held job');
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return {
      sendMs,
      firstMs,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1),
    };
  } finally {
    await engine.stop();
    await db.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `Queue claim bench: ${jobs} jobs held behind ${leads} leads, then ${claims} claims, each after ${sendsBetween} more jobs and 300 ms`,
);
const rows = [];
for (const kind of databases) {
  if (kind === 'postgres' && !benchPostgresServer) {
    console.log(
      'PostgreSQL left out: set DATABASE_URL or TEST_POSTGRES_URL to a server (a role with CREATEDB) to measure it too.',
    );
    continue;
  }
  for (const [label, distDir] of builds) {
    process.stdout.write(`${kind}${label}… `);
    const result = await measure(kind, distDir);
    console.log('done');
    rows.push([
      `${kind}${label}`,
      `${(jobs / (result.sendMs / 1000)).toFixed(0)}`,
      ms(result.firstMs),
      ms(result.p50),
      ms(result.p99),
      ms(result.max),
    ]);
  }
}
const header = ['database', 'sent jobs/s', 'first claim ms', 'claim p50 ms', 'p99 ms', 'max ms'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
console.log(
  ['', line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'),
);
