// `npm run bench:receiver`: the webhook receiver at its full path (the built api, as production runs
// it) against a bare Fastify route that inserts one row, on SQLite and, when DATABASE_URL or
// TEST_POSTGRES_URL names a server (a role with CREATEDB), on PostgreSQL. Each server is loaded alone
// with autocannon, Smartlead reply events with a unique stats_id per request, after a warm-up. The two
// are loaded in turns (BENCH_ROUNDS rounds of BENCH_SECONDS each), so a busy moment of the machine falls
// on both; during each turn the other servers' apis are stopped (SIGSTOP: their workers never slow it), and
// a turn starts once its server and a local PostgreSQL server are quiet. Beside req/s and latency, the CPU time
// each server used per request (all its threads, from /proc): what a busy machine moves least; on PostgreSQL
// also the database server's (a local one: its processes' CPU while the server is loaded), and the load tool's own.
// Each server's CPU is also split by thread (its main thread, its busiest other, the rest), to see whether one thread holds it back.
// Beside the ratio of the totals, the median and range of each round's ratio (a slow moment of the machine
// falls on one round), and on SQLite how long the disk takes to sync, before and after the rounds.
// Throughput is measured, not one level of load: each pair is loaded at several concurrency levels, and a
// server's throughput is its best req/s at a level where its p99 stays under the goal's 50 ms. One level
// would not do: the receiver answers a post once its batch's commit is synced, so at a few connections
// every post waits a commit and req/s measures that wait (its threads half idle), while the bare route,
// which never syncs, is already CPU-bound there; with more posts at once the receiver's commits fill up.
// Settings: BENCH_DATABASES (sqlite,postgres), BENCH_LEADS (50: the leads the events come from, in turn; a lead's events
// are processed one at a time, so with few leads most wait behind an older one of their lead, set aside), BENCH_SECONDS (3), BENCH_ROUNDS (4), BENCH_WARMUP_SECONDS (2, at each level), BENCH_CONNECTIONS (10,20,50,100),
// BENCH_WORKERS (in-process,off: the api's WORKERS values to measure), BENCH_CRM (connected,disconnected: with
// in-process workers, the webhook owner's HubSpot account, connected through the sandbox with HubSpot's published
// limits enforced, as in use, so the workers' processing is paced by them; or disconnected, so every event is
// processed at once, set aside to wait for a reconnection: the most CPU the workers can take from the
// receiver), BENCH_CPU_PROF (a folder: the api
// runs with node --cpu-prof there; summarise with node api/bench/cpu-profile-summary.mjs <file>),
// BENCH_COMPARE_MAIN (another build's dist/main.js, e.g. of the last commit: measured in the same rounds,
// in turn with the two others, for a before/after on one busy machine).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fixtureById, payloadAt } from 'shared/events';
import {
  NO_QUOTAS_ENV,
  apiDir,
  benchPostgresServer,
  cpuBetween,
  cpuOf,
  cpuSeconds,
  createBenchDatabase,
  freePort,
  HUBSPOT_WRITER_SCOPES,
  insertBenchWebhook,
  insertHubSpotProfile,
  insertSandboxHubSpotProfile,
  postgresPids,
  printTable,
  repoRoot,
  requireBuilt,
  sandboxMain,
  startNode,
  startSandbox,
  threadCpuSeconds,
} from './processes.mjs';

const main = path.join(apiDir, 'dist', 'main.js');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// the load's concurrency levels: each server's throughput is its best req/s among them with p99 under the goal
const connectionLevels = (process.env.BENCH_CONNECTIONS ?? '10,20,50,100')
  .split(',')
  .map((level) => Number(level.trim()));
if (!connectionLevels.every((level) => Number.isInteger(level) && level > 0)) {
  console.error(
    `BENCH_CONNECTIONS must list whole numbers above 0, e.g. 20,50,100 (got "${process.env.BENCH_CONNECTIONS}")`,
  );
  process.exit(1);
}
/** The goal's latency bound: a server's throughput counts only at a concurrency where its p99 stays under it. */
const P99_GOAL_MS = 50;
const workerModes = (process.env.BENCH_WORKERS ?? 'in-process,off')
  .split(',')
  .map((mode) => mode.trim());
const crmStates = (process.env.BENCH_CRM ?? 'connected,disconnected')
  .split(',')
  .map((state) => state.trim());
// what is measured: the off api once (it processes nothing, so its CRM does not matter), the in-process one with each CRM state
const runs = workerModes.flatMap((workers) =>
  workers === 'off'
    ? [{ workers, crm: 'disconnected', label: workers }]
    : crmStates.map((crm) => ({ workers, crm, label: `${workers}, CRM ${crm}` })),
);
const cpuProfDir = process.env.BENCH_CPU_PROF?.trim()
  ? path.resolve(process.env.BENCH_CPU_PROF.trim())
  : null;
const compareMain = process.env.BENCH_COMPARE_MAIN?.trim()
  ? path.resolve(process.env.BENCH_COMPARE_MAIN.trim())
  : null;
const leads = Number(process.env.BENCH_LEADS ?? 50);
if (!Number.isInteger(leads) || leads < 1) {
  console.error(`BENCH_LEADS must be a whole number above 0 (got "${process.env.BENCH_LEADS}")`);
  process.exit(1);
}

requireBuilt(
  [main, sandboxMain, path.join(repoRoot, 'shared', 'dist')],
  'pnpm --filter shared build && pnpm --filter api build && pnpm --filter sandbox build',
);
const dist = (file) => import(path.join(apiDir, 'dist', file));
const { connectDatabase } = await dist('db/connect.js');
const { newWebhookCode } = await dist('repositories/webhook-codes.js');
const { loadSecrets } = await dist('secrets.js');
const { createSecretBox } = await dist('crypto/secret-box.js');

/**
 * The api's tables, the demo organizations, and one Smartlead webhook of admin@example.com (no additional
 * endpoint, records owned by one of the sandbox's HubSpot owners) on a HubSpot account connected through
 * the sandbox at `sandboxUrl` (tokens sealed with the key the api in `dataDir` will use), or without it on
 * one that the first event marks disconnected.
 */
async function prepareApiDatabase(location, { dataDir, sandboxUrl, entry }) {
  // the tables and seed of the build that will serve it (a compared build may have other migrations),
  // through its own connection (its migrations tell the dialect by its own kysely's classes)
  const buildFile = (...parts) => import(path.join(path.dirname(entry), 'db', ...parts));
  const { migrateToLatest } = await buildFile('migrate.js');
  const { seedDatabase } = await buildFile('seed.js');
  const buildDb = (await buildFile('connect.js')).connectDatabase(location);
  try {
    await migrateToLatest(buildDb);
    await seedDatabase(buildDb, new Date());
  } finally {
    await buildDb.destroy();
  }
  const db = connectDatabase(location);
  try {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const profileId = sandboxUrl
      ? (
          await insertSandboxHubSpotProfile(
            db,
            createSecretBox(loadSecrets(dataDir).encryptionKey),
            { sandboxUrl, userId: user.id, scopes: HUBSPOT_WRITER_SCOPES },
          )
        ).profileId
      : await insertHubSpotProfile(db, user.id);
    return insertBenchWebhook(db, { userId: user.id, profileId, code: newWebhookCode() });
  } finally {
    await db.destroy();
  }
}

const reply = fixtureById('smartlead.email-reply');
const base = payloadAt(reply, new Date());
let counter = 0;
const runTag = randomBytes(4).toString('hex');
/** A distinct event per request (its stats_id makes its dedupe key), from one of BENCH_LEADS leads. */
function nextBody() {
  const n = counter++;
  const email = `lead-${n % leads}@northwind.example`;
  return JSON.stringify({
    ...base,
    stats_id: `bench-${runTag}-${n}`,
    sl_lead_email: email,
    to_email: email,
  });
}

async function load(url, duration, connections) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: nextBody() }),
      },
    ],
  });
  return result;
}

/** The CPU seconds between two threadCpuSeconds of `pid`: its main thread's, the busiest other thread's, and the rest's. */
function threadCpuBetween(pid, before, after) {
  if (before === null || after === null) return null;
  const used = [...after].map(([tid, seconds]) => [tid, seconds - (before.get(tid) ?? 0)]);
  const main = used.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const others = used.filter(([tid]) => tid !== String(pid)).map(([, seconds]) => seconds);
  const busiest = Math.max(0, ...others);
  return { main, busiest, rest: others.reduce((sum, seconds) => sum + seconds, 0) - busiest };
}

/**
 * Waits until the process, and a local PostgreSQL server with it (its workers' queries run there), use
 * under a tenth of a core over half a second (at most a minute).
 */
async function waitQuiet(pid, withPostgres) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuOf([pid, ...(withPostgres ? postgresPids() : [])]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = cpuBetween(before, cpuOf([pid, ...(withPostgres ? postgresPids() : [])]));
    if (used === null || used < 0.05) return;
  }
}

/** A load of `seconds` with the CPU time (all threads) the server `pid` used for it: less moved than req/s by the machine's other work. */
async function loadCounted(url, pid, withPostgres, connections) {
  const before = cpuSeconds(pid);
  const threadsBefore = threadCpuSeconds(pid);
  const serverBefore = withPostgres ? cpuOf(postgresPids()) : null;
  const toolBefore = process.cpuUsage();
  const result = await load(url, seconds, connections);
  const tool = process.cpuUsage(toolBefore);
  const after = cpuSeconds(pid);
  const threads = threadCpuBetween(pid, threadsBefore, threadCpuSeconds(pid));
  const serverAfter = withPostgres ? cpuOf(postgresPids()) : null;
  return {
    ...result,
    cpuSeconds: before === null || after === null ? null : after - before,
    threads,
    serverCpuSeconds: cpuBetween(serverBefore, serverAfter),
    toolCpuSeconds: (tool.user + tool.system) / 1e6,
  };
}

/** CPU milliseconds per request, from the loads' `field` (null when one has none). */
const msPerRequest = (results, field) =>
  results.every((result) => typeof result[field] === 'number')
    ? (1000 * results.reduce((sum, result) => sum + result[field], 0)) /
      results.reduce((sum, result) => sum + result.requests.total, 0)
    : null;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * How long this disk takes to sync a small append now (fdatasync of 16 KB, `times` times, in `dir`), in
 * ms, p50 and p99: on SQLite the receiver waits for one such sync each commit (synchronous FULL) and the
 * bare route for none.
 */
function diskSyncMs(dir, times = 200) {
  const file = path.join(dir, 'sync-probe');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(16 * 1024, 1);
  const took = [];
  try {
    for (let i = 0; i < times; i++) {
      const start = process.hrtime.bigint();
      fs.writeSync(fd, block);
      fs.fdatasyncSync(fd);
      took.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(times / 2)], p99: took[Math.floor(times * 0.99)] };
}

/** The share of a core the server's main thread, its busiest other thread and the rest used over the loads (null without /proc). */
function threadShares(results) {
  if (!results.every((result) => result.threads !== null)) return null;
  const duration = results.reduce((sum, result) => sum + result.duration, 0);
  const share = (field) =>
    results.reduce((sum, result) => sum + result.threads[field], 0) / duration;
  return { main: share('main'), busiest: share('busiest'), rest: share('rest') };
}

function summary(results) {
  const ok = results.reduce((sum, result) => sum + result['2xx'], 0);
  return {
    rps:
      results.reduce((sum, result) => sum + result.requests.total, 0) /
      results.reduce((sum, result) => sum + result.duration, 0),
    p50: median(results.map((result) => result.latency.p50)),
    p99: median(results.map((result) => result.latency.p99)),
    ok,
    bad: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    badByStatus: results.reduce((counts, result) => {
      for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
        if (!status.startsWith('2')) counts[status] = (counts[status] ?? 0) + count;
      return counts;
    }, {}),
    cpuMsPerRequest: msPerRequest(results, 'cpuSeconds'),
    serverCpuMsPerRequest: msPerRequest(results, 'serverCpuSeconds'),
    toolCpuMsPerRequest: msPerRequest(results, 'toolCpuSeconds'),
    threadShares: threadShares(results),
  };
}

/** The apis stopped now: let go if the bench is interrupted, or they would stay stopped (a stopped process takes no signal but SIGKILL). */
const stoppedPids = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const pid of stoppedPids) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // ended meanwhile
      }
    }
    process.exit(128 + os.constants.signals[signal]);
  });
}

/**
 * Runs `turn` with every api but `running` (null: none) stopped (SIGSTOP), and lets them go on after
 * (SIGCONT): a server is loaded alone. An api's workers go on with what earlier turns gave them (with
 * HubSpot's limits, for as long as the bench runs), so left running they would take the machine's CPU
 * from the bare server's turn, and from another build's, and flatter the ratio.
 */
async function alone(apis, running, turn) {
  const stopped = apis.filter((api) => api !== running);
  for (const api of stopped) {
    process.kill(api.pid, 'SIGSTOP');
    stoppedPids.add(api.pid);
  }
  try {
    return await turn();
  } finally {
    for (const api of stopped) {
      process.kill(api.pid, 'SIGCONT');
      stoppedPids.delete(api.pid);
    }
  }
}

/** The bare server and the receivers in turns at `connections`, each alone, and the api loaded only once it and the database are quiet. */
async function measureTurns(bareUrl, barePid, apis, withPostgres, connections) {
  if (warmup > 0) {
    await alone(apis, null, () => load(bareUrl, warmup, connections));
    for (const api of apis) await alone(apis, api, () => load(api.url, warmup, connections));
  }
  const quietThenLoad = (url, pid) => async () => {
    await waitQuiet(pid, withPostgres);
    return loadCounted(url, pid, withPostgres, connections);
  };
  const bare = [];
  const receivers = apis.map(() => []);
  for (let round = 0; round < rounds; round++) {
    bare.push(await alone(apis, null, quietThenLoad(bareUrl, barePid)));
    // the builds in turn take the first place after the bare server (what a turn leaves the database to do falls on the next)
    for (const api of round % 2 === 0 ? apis : [...apis].reverse())
      receivers[apis.indexOf(api)].push(await alone(apis, api, quietThenLoad(api.url, api.pid)));
  }
  const perSecond = (result) => result.requests.total / result.duration;
  // each round's receiver against the bare turn just before it: a moment the machine was slow falls on one round, not on the whole
  const roundRatios = receivers.map((turns) =>
    turns.map((turn, round) => perSecond(turn) / perSecond(bare[round])),
  );
  return {
    baseline: summary(bare),
    receivers: receivers.map((turns, index) => ({
      ...summary(turns),
      roundRatios: roundRatios[index],
    })),
  };
}

/** How many of the api's stored events are in each state (queued, processed, waiting, failed…): what its workers did with the load. */
async function eventStates(location) {
  const db = connectDatabase(location);
  try {
    const states = await db
      .selectFrom('webhook_logs')
      .select(['state', db.fn.countAll().as('events')])
      .groupBy('state')
      .orderBy('state')
      .execute();
    return states.map(({ state, events }) => `${state} ${events}`).join(', ');
  } finally {
    await db.destroy();
  }
}

const rows = [];
async function bench(kind) {
  for (const { workers, crm, label: mode } of runs) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-bench-'));
    const databases = [];
    const servers = [];
    try {
      const sandbox = crm === 'connected' ? await startSandbox() : null;
      if (sandbox) servers.push(sandbox);
      const apis = [];
      for (const [label, entry] of [
        ['', main],
        ...(compareMain ? [[' (compared)', compareMain]] : []),
      ]) {
        const dataDir = fs.mkdtempSync(path.join(dir, 'api-'));
        const database = await createBenchDatabase(kind, dataDir, benchPostgresServer);
        databases.push(database);
        const code = await prepareApiDatabase(database.location, {
          dataDir,
          sandboxUrl: sandbox?.url,
          entry,
        });
        const apiPort = await freePort();
        const api = await startNode(
          cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir, entry] : [entry],
          {
            ...database.env,
            DATA_DIR: dataDir,
            API_HOST: '127.0.0.1',
            API_PORT: String(apiPort),
            PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
            SHELL_DIST_DIR: fs.mkdtempSync(path.join(dir, 'no-shell-')),
            LOG_LEVEL: 'warn',
            WORKERS: workers,
            ...(sandbox ? { SANDBOX_URL: sandbox.url } : {}),
            DEMO_ACCOUNTS: 'false',
            WEBHOOK_POSTS_PER_MINUTE: '100000000',
            // stopped (SIGSTOP) during the other servers' turns, an api would read its stop as lag and shed
            MAX_EVENT_LOOP_DELAY_MS: '0',
            // the bench measures the door's speed, not its quotas
            ...NO_QUOTAS_ENV,
            // nor the bytes all webhooks together may bring in a minute
            INTAKE_MEGABYTES_PER_MINUTE: '100000000',
          },
          `http://127.0.0.1:${apiPort}/health`,
        );
        servers.push(api);
        apis.push({
          label,
          code,
          url: `http://127.0.0.1:${apiPort}/webhooks/${code}`,
          pid: api.pid,
          output: api.output,
          database,
        });
      }
      const bareDb =
        kind === 'sqlite'
          ? { location: path.join(dir, 'bare.sqlite'), drop: async () => undefined }
          : await createBenchDatabase(kind, dir, benchPostgresServer);
      databases.push(bareDb);
      const barePort = await freePort();
      const bare = await startNode(
        [path.join(apiDir, 'bench', 'bare-server.mjs'), String(barePort), bareDb.location],
        {},
        `http://127.0.0.1:${barePort}/health`,
      );
      servers.push(bare);
      const syncBefore = kind === 'sqlite' ? diskSyncMs(dir) : null;
      for (const connections of connectionLevels) {
        process.stdout.write(
          `${kind}, WORKERS=${mode}, ${connections} connections: ${rounds} rounds of bare and receiver${apis.length > 1 ? 's' : ''}… `,
        );
        const { baseline, receivers } = await measureTurns(
          `http://127.0.0.1:${barePort}/webhooks/${apis[0].code}`,
          bare.pid,
          apis,
          kind === 'postgres',
          connections,
        );
        console.log('done');
        for (const [index, api] of apis.entries())
          rows.push({
            kind,
            mode: `${mode}${api.label}`,
            connections,
            receiver: receivers[index],
            baseline,
          });
      }
      if (syncBefore) {
        const syncAfter = diskSyncMs(dir);
        const ms = ({ p50, p99 }) => `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`;
        console.log(
          `  the disk's sync of a 16 KB append (the receiver waits for one a commit, the bare route for none): before ${ms(syncBefore)}; after ${ms(syncAfter)}`,
        );
      }
      for (const api of apis)
        console.log(
          `  the api${api.label}'s events by state at the end: ${await eventStates(api.database.location)}`,
        );
      for (const api of apis)
        if (api.output().trim() !== '')
          console.log(`  the api${api.label} logged:\n${api.output().slice(-1500)}`);
    } finally {
      for (const server of servers.reverse()) await server.stop();
      for (const database of databases) await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log(
  `Receiver bench: ${os.cpus().length} cores, Node ${process.version}, at ${connectionLevels.join(', ')} connections: each a ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s per server`,
);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((kind) => kind.trim());
if (databases.includes('sqlite')) await bench('sqlite');
if (databases.includes('postgres') && benchPostgresServer) await bench('postgres');
else
  console.log(
    'PostgreSQL left out: set DATABASE_URL or TEST_POSTGRES_URL to a server (a role with CREATEDB) to measure it too.',
  );

const fmt = (n, digits = 0) => n.toFixed(digits);
const threadColumn = (shares) =>
  shares === null
    ? '–'
    : [shares.main, shares.busiest, shares.rest].map((share) => `${fmt(100 * share)}%`).join(' / ');
const table = [
  [
    'database',
    'WORKERS',
    'connections',
    'receiver req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'CPU ms/req',
    'PostgreSQL CPU ms/req',
    'threads: main / busiest other / rest',
    'bare req/s',
    'p50 ms',
    'p99 ms',
    'CPU ms/req',
    'PostgreSQL CPU ms/req',
    'threads: main / busiest other / rest',
    'receiver/bare',
    'rounds: median (range)',
  ],
  ...rows.map(({ kind, mode, connections, receiver, baseline }) => [
    kind,
    mode,
    String(connections),
    fmt(receiver.rps),
    fmt(receiver.p50),
    fmt(receiver.p99),
    receiver.bad === 0
      ? '0'
      : `${receiver.bad} (${
          Object.entries(receiver.badByStatus)
            .map(([status, count]) => `${status}: ${count}`)
            .join(', ') || 'errors'
        })`,
    receiver.cpuMsPerRequest === null ? '–' : fmt(receiver.cpuMsPerRequest, 3),
    receiver.serverCpuMsPerRequest === null ? '–' : fmt(receiver.serverCpuMsPerRequest, 3),
    threadColumn(receiver.threadShares),
    fmt(baseline.rps),
    fmt(baseline.p50),
    fmt(baseline.p99),
    baseline.cpuMsPerRequest === null ? '–' : fmt(baseline.cpuMsPerRequest, 3),
    baseline.serverCpuMsPerRequest === null ? '–' : fmt(baseline.serverCpuMsPerRequest, 3),
    threadColumn(baseline.threadShares),
    `${fmt(receiver.rps / baseline.rps, 2)}×`,
    `${fmt(median(receiver.roundRatios), 2)}× (${fmt(Math.min(...receiver.roundRatios), 2)}–${fmt(Math.max(...receiver.roundRatios), 2)})`,
  ]),
];
console.log('');
printTable(table);
const toolCpu = rows.flatMap(({ receiver, baseline }) => [
  receiver.toolCpuMsPerRequest,
  baseline.toolCpuMsPerRequest,
]);
console.log(
  `\nThe load tool (autocannon, in this process) used ${fmt(Math.min(...toolCpu), 3)}–${fmt(Math.max(...toolCpu), 3)} ms of CPU per request: on 2 cores it competes with the servers.`,
);
console.log(
  "Threads: each server's CPU in % of one core over its loads, its main thread's, its busiest other thread's (the api's intake thread), the rest's (GC, I/O): a thread near 100% is what holds it back.",
);

/** A server's throughput: its best req/s among the concurrency levels where its p99 stays under the goal, or null at none. */
function throughput(results) {
  const within = results.filter((result) => result.p99 < P99_GOAL_MS);
  return within.length === 0
    ? null
    : within.reduce((best, result) => (result.rps > best.rps ? result : best));
}
const at = (best) =>
  best === null
    ? `none with p99 < ${P99_GOAL_MS} ms`
    : `${fmt(best.rps)} req/s (${best.connections} connections, p99 ${fmt(best.p99)} ms)`;
console.log(
  `\nThroughput: each server's best req/s at the levels above where its p99 stays under ${P99_GOAL_MS} ms`,
);
const servers = [...new Set(rows.map(({ kind, mode }) => `${kind}\u0000${mode}`))].map((key) =>
  rows.filter(({ kind, mode }) => `${kind}\u0000${mode}` === key),
);
printTable([
  ['database', 'WORKERS', 'receiver', 'bare', 'receiver/bare'],
  ...servers.map((levels) => {
    const receiver = throughput(
      levels.map(({ connections, receiver }) => ({ ...receiver, connections })),
    );
    const bare = throughput(
      levels.map(({ connections, baseline }) => ({ ...baseline, connections })),
    );
    return [
      levels[0].kind,
      levels[0].mode,
      at(receiver),
      at(bare),
      receiver === null || bare === null ? '–' : `${fmt(receiver.rps / bare.rps, 2)}×`,
    ];
  }),
]);
console.log(`Goal: receiver ≥ 0.7× bare throughput and p99 < ${P99_GOAL_MS} ms on 2 cores.`);
