// `npm run bench:receiver`: the webhook receiver at its full path (the built api, as production runs
// it) against a bare Fastify route that inserts one row, on SQLite and, when DATABASE_URL or
// TEST_POSTGRES_URL names a server (a role with CREATEDB), on PostgreSQL. Each server is loaded alone
// with autocannon, Smartlead reply events with a unique stats_id per request, after a warm-up. The two
// are loaded in turns (BENCH_ROUNDS rounds of BENCH_SECONDS each), so a busy moment of the machine falls
// on both; before each turn of the bare server the api is left to go quiet (its workers finish what the
// last turn gave them, and a local PostgreSQL server its queries), so they never slow the bare server's turn. Beside req/s and latency, the CPU time
// each server used per request (all its threads, from /proc): what a busy machine moves least; on PostgreSQL
// also the database server's (a local one: its processes' CPU while the server is loaded), and the load tool's own.
// Beside the ratio of the totals, the median and range of each round's ratio (a slow moment of the machine
// falls on one round), and on SQLite how long the disk takes to sync, before and after the rounds.
// Settings: BENCH_DATABASES (sqlite,postgres), BENCH_SECONDS (3), BENCH_ROUNDS (4), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (20),
// BENCH_WORKERS (in-process,off: the api's WORKERS values to measure), BENCH_CPU_PROF (a folder: the api
// runs with node --cpu-prof there; summarise with node api/bench/cpu-profile-summary.mjs <file>),
// BENCH_COMPARE_MAIN (another build's dist/main.js, e.g. of the last commit: measured in the same rounds,
// in turn with the two others, for a before/after on one busy machine).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fixtureById, payloadAt } from 'shared/events';
import { apiDir, createBenchDatabase, freePort, printTable, repoRoot, requireBuilt, startNode } from './processes.mjs';

const main = path.join(apiDir, 'dist', 'main.js');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const workerModes = (process.env.BENCH_WORKERS ?? 'in-process,off').split(',').map((mode) => mode.trim());
const cpuProfDir = process.env.BENCH_CPU_PROF?.trim() ? path.resolve(process.env.BENCH_CPU_PROF.trim()) : null;
const compareMain = process.env.BENCH_COMPARE_MAIN?.trim() ? path.resolve(process.env.BENCH_COMPARE_MAIN.trim()) : null;
const postgresServer = process.env.DATABASE_URL?.trim() || process.env.TEST_POSTGRES_URL?.trim() || '';

requireBuilt([main, path.join(repoRoot, 'shared', 'dist')], 'pnpm --filter shared build && pnpm --filter api build');
const dist = (file) => import(path.join(apiDir, 'dist', file));
const { connectDatabase } = await dist('db/connect.js');
const { migrateToLatest } = await dist('db/migrate.js');
const { seedDatabase } = await dist('db/seed.js');
const { newWebhookCode } = await dist('repositories/webhook-codes.js');

/** The api's tables, the demo organizations, and one Smartlead webhook of admin@example.com (no additional endpoint). */
async function prepareApiDatabase(location) {
  const db = connectDatabase(location);
  try {
    await migrateToLatest(db);
    await seedDatabase(db, new Date());
    const user = await db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const profile = await db
      .insertInto('user_profiles')
      .values({
        user_id: user.id,
        crm: 'HUBSPOT',
        account_id: 'bench-crm-user',
        organization_id: '7999999',
        organization_domain: 'bench.hubspot.example',
        email: 'bench@example.com',
        first_name: 'Bench',
        last_name: 'Mark',
        access_token_enc: null,
        refresh_token_enc: null,
        token_expires_at: null,
        instance_url: null,
        salesforce_setting_id: null,
        status: 'CONNECTED',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = newWebhookCode();
    await db.insertInto('webhook_codes').values({ code, user_id: user.id, created_at: now, used_at: now }).execute();
    await db.insertInto('webhooks').values({ user_profile_id: profile.id, user_id: user.id, code, email_service: 'smartlead', owner_id: '1', created_at: now, updated_at: now }).execute();
    return code;
  } finally {
    await db.destroy();
  }
}

const reply = fixtureById('smartlead.email-reply');
const base = payloadAt(reply, new Date());
let counter = 0;
const runTag = randomBytes(4).toString('hex');
/** A distinct event per request (its stats_id makes its dedupe key), from one of 50 leads. */
function nextBody() {
  const n = counter++;
  const email = `lead-${n % 50}@northwind.example`;
  return JSON.stringify({ ...base, stats_id: `bench-${runTag}-${n}`, sl_lead_email: email, to_email: email });
}

async function load(url, duration) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: nextBody() }) }],
  });
  return result;
}

/**
 * CPU seconds a process has used so far (Linux /proc), with those of its children that ended when
 * `withEndedChildren`, or null where there is no /proc or the process has ended.
 */
function cpuSeconds(pid, { withEndedChildren = false } = {}) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return null;
  }
}

/** The processes of a PostgreSQL server on this machine (its work for the api's workers counts as the api's). */
function postgresPids() {
  const isPostgres = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false; // ended since /proc was listed
    }
  };
  try {
    return fs.readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && isPostgres(pid));
  } catch {
    return [];
  }
}

/**
 * CPU seconds each of the processes has used so far, with those of its children that ended (a server's
 * connections come and go during a load: the postmaster counts those it reaped), or null without /proc.
 */
function cpuOf(pids) {
  const each = new Map();
  for (const pid of pids) {
    const seconds = cpuSeconds(pid, { withEndedChildren: true });
    if (seconds !== null) each.set(pid, seconds); // else ended since it was listed
  }
  return each.size === 0 ? null : each;
}

/** The CPU seconds processes used between two cpuOf: of those still there, and less the last count of those that ended (now in their parent's). */
function cpuBetween(before, after) {
  if (before === null || after === null) return null;
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  for (const [pid, then] of before) if (!after.has(pid)) seconds -= then;
  return seconds;
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
async function loadCounted(url, pid, withPostgres) {
  const before = cpuSeconds(pid);
  const serverBefore = withPostgres ? cpuOf(postgresPids()) : null;
  const toolBefore = process.cpuUsage();
  const result = await load(url, seconds);
  const tool = process.cpuUsage(toolBefore);
  const after = cpuSeconds(pid);
  const serverAfter = withPostgres ? cpuOf(postgresPids()) : null;
  return {
    ...result,
    cpuSeconds: before === null || after === null ? null : after - before,
    serverCpuSeconds: cpuBetween(serverBefore, serverAfter),
    toolCpuSeconds: (tool.user + tool.system) / 1e6,
  };
}

/** CPU milliseconds per request, from the loads' `field` (null when one has none). */
const msPerRequest = (results, field) =>
  results.every((result) => typeof result[field] === 'number')
    ? (1000 * results.reduce((sum, result) => sum + result[field], 0)) / results.reduce((sum, result) => sum + result.requests.total, 0)
    : null;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * How long this disk takes to sync a small append now (fdatasync of 16 KB, `times` times, in `dir`), in
 * ms, p50 and p99: on SQLite the receiver waits for one such sync each commit (synchronous FULL) and the
 * bare route for none, so its ratio moves with this from one run (and one machine) to the next.
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

function summary(results) {
  const ok = results.reduce((sum, result) => sum + result['2xx'], 0);
  return {
    rps: results.reduce((sum, result) => sum + result.requests.total, 0) / results.reduce((sum, result) => sum + result.duration, 0),
    p50: median(results.map((result) => result.latency.p50)),
    p99: median(results.map((result) => result.latency.p99)),
    ok,
    bad: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    cpuMsPerRequest: msPerRequest(results, 'cpuSeconds'),
    serverCpuMsPerRequest: msPerRequest(results, 'serverCpuSeconds'),
    toolCpuMsPerRequest: msPerRequest(results, 'toolCpuSeconds'),
  };
}

/** The bare server and the receivers in turns; every receiver's api is quiet before each turn of the bare server. */
async function measureTurns(bareUrl, barePid, apis, withPostgres) {
  if (warmup > 0) {
    await load(bareUrl, warmup);
    for (const api of apis) await load(api.url, warmup);
  }
  const bare = [];
  const receivers = apis.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const api of apis) await waitQuiet(api.pid, withPostgres);
    bare.push(await loadCounted(bareUrl, barePid, withPostgres));
    for (const [index, api] of apis.entries()) {
      await waitQuiet(api.pid, withPostgres);
      receivers[index].push(await loadCounted(api.url, api.pid, withPostgres));
    }
  }
  const perSecond = (result) => result.requests.total / result.duration;
  // each round's receiver against the bare turn just before it: a moment the machine was slow falls on one round, not on the whole
  const roundRatios = receivers.map((turns) => turns.map((turn, round) => perSecond(turn) / perSecond(bare[round])));
  return { baseline: summary(bare), receivers: receivers.map((turns, index) => ({ ...summary(turns), roundRatios: roundRatios[index] })) };
}

const rows = [];
async function bench(kind) {
  for (const mode of workerModes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-bench-'));
    const databases = [];
    const servers = [];
    try {
      const apis = [];
      for (const [label, entry] of [['', main], ...(compareMain ? [[' (compared)', compareMain]] : [])]) {
        const dataDir = fs.mkdtempSync(path.join(dir, 'api-'));
        const database = await createBenchDatabase(kind, dataDir, postgresServer);
        databases.push(database);
        const code = await prepareApiDatabase(database.location);
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
            WORKERS: mode,
            DEMO_ACCOUNTS: 'false',
            WEBHOOK_POSTS_PER_MINUTE: '100000000',
          },
          `http://127.0.0.1:${apiPort}/health`,
        );
        servers.push(api);
        apis.push({ label, code, url: `http://127.0.0.1:${apiPort}/webhooks/${code}`, pid: api.pid, output: api.output });
      }
      const bareDb = kind === 'sqlite' ? { location: path.join(dir, 'bare.sqlite'), drop: async () => undefined } : await createBenchDatabase(kind, dir, postgresServer);
      databases.push(bareDb);
      const barePort = await freePort();
      const bare = await startNode([path.join(apiDir, 'bench', 'bare-server.mjs'), String(barePort), bareDb.location], {}, `http://127.0.0.1:${barePort}/health`);
      servers.push(bare);
      process.stdout.write(`${kind}, WORKERS=${mode}: ${rounds} rounds of bare and receiver${apis.length > 1 ? 's' : ''}… `);
      const syncBefore = kind === 'sqlite' ? diskSyncMs(dir) : null;
      const { baseline, receivers } = await measureTurns(`http://127.0.0.1:${barePort}/webhooks/${apis[0].code}`, bare.pid, apis, kind === 'postgres');
      console.log('done');
      if (syncBefore) {
        const syncAfter = diskSyncMs(dir);
        const ms = ({ p50, p99 }) => `p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`;
        console.log(`  the disk's sync of a 16 KB append (the receiver waits for one a commit, the bare route for none): before ${ms(syncBefore)}; after ${ms(syncAfter)}`);
      }
      for (const [index, api] of apis.entries()) {
        if (api.output().trim() !== '') console.log(`  the api${api.label} logged:\n${api.output().slice(-1500)}`);
        rows.push({ kind, mode: `${mode}${api.label}`, receiver: receivers[index], baseline });
      }
    } finally {
      for (const server of servers.reverse()) await server.stop();
      for (const database of databases) await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log(`Receiver bench: ${os.cpus().length} cores, Node ${process.version}, ${connections} connections, ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s per server`);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((kind) => kind.trim());
if (databases.includes('sqlite')) await bench('sqlite');
if (databases.includes('postgres') && postgresServer) await bench('postgres');
else console.log('PostgreSQL left out: set DATABASE_URL or TEST_POSTGRES_URL to a server (a role with CREATEDB) to measure it too.');

const fmt = (n, digits = 0) => n.toFixed(digits);
const table = [
  [
    'database',
    'WORKERS',
    'receiver req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'CPU ms/req',
    'PostgreSQL CPU ms/req',
    'bare req/s',
    'p50 ms',
    'p99 ms',
    'CPU ms/req',
    'PostgreSQL CPU ms/req',
    'receiver/bare',
    'rounds: median (range)',
  ],
  ...rows.map(({ kind, mode, receiver, baseline }) => [
    kind,
    mode,
    fmt(receiver.rps),
    fmt(receiver.p50),
    fmt(receiver.p99),
    String(receiver.bad),
    receiver.cpuMsPerRequest === null ? '–' : fmt(receiver.cpuMsPerRequest, 3),
    receiver.serverCpuMsPerRequest === null ? '–' : fmt(receiver.serverCpuMsPerRequest, 3),
    fmt(baseline.rps),
    fmt(baseline.p50),
    fmt(baseline.p99),
    baseline.cpuMsPerRequest === null ? '–' : fmt(baseline.cpuMsPerRequest, 3),
    baseline.serverCpuMsPerRequest === null ? '–' : fmt(baseline.serverCpuMsPerRequest, 3),
    `${fmt(receiver.rps / baseline.rps, 2)}×`,
    `${fmt(median(receiver.roundRatios), 2)}× (${fmt(Math.min(...receiver.roundRatios), 2)}–${fmt(Math.max(...receiver.roundRatios), 2)})`,
  ]),
];
console.log('');
printTable(table);
const toolCpu = rows.flatMap(({ receiver, baseline }) => [receiver.toolCpuMsPerRequest, baseline.toolCpuMsPerRequest]);
console.log(`\nThe load tool (autocannon, in this process) used ${fmt(Math.min(...toolCpu), 3)}–${fmt(Math.max(...toolCpu), 3)} ms of CPU per request: on 2 cores it competes with the servers.`);
console.log('Goal: receiver ≥ 0.7× bare throughput and p99 < 50 ms on 2 cores.');
