// What the benches share: the build check, throwaway databases, HubSpot and Salesforce connections, free ports,
// starting a built server as its own process and waiting for it, and the CPU time processes used (/proc).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.dirname(apiDir);

/** Stops the bench with what to run when a built file it needs is missing. */
export function requireBuilt(files, command) {
  if (files.every((file) => fs.existsSync(file))) return;
  console.error(`Build first: ${command} (npm start and npm test build too).`);
  process.exit(1);
}

/** The PostgreSQL server a bench creates its databases on: DATABASE_URL, else TEST_POSTGRES_URL ('' when neither is set). */
export const benchPostgresServer =
  process.env.DATABASE_URL?.trim() || process.env.TEST_POSTGRES_URL?.trim() || '';

/** For a bench that measures only PostgreSQL's CPU: says how to name a server, and exits, when none is named. */
export function requirePostgresServer() {
  if (benchPostgresServer) return;
  console.log(
    'Set DATABASE_URL or TEST_POSTGRES_URL to a local PostgreSQL server (a role with CREATEDB): this bench measures its CPU.',
  );
  process.exit(1);
}

/** The builds a bench measures, each [label, its api/dist]: this one, and BENCH_COMPARE_DIST's when it is set. */
export function benchBuilds([thisLabel, comparedLabel] = ['this build', 'compared']) {
  const compared = process.env.BENCH_COMPARE_DIST?.trim();
  return [
    [thisLabel, path.join(apiDir, 'dist')],
    ...(compared ? [[comparedLabel, path.resolve(compared)]] : []),
  ];
}

/**
 * A database for one run: a SQLite file in `dir`, or a new database on the PostgreSQL server at
 * `postgresServer` (a role with CREATEDB), dropped by `drop`. `env` points a started api at it.
 */
export async function createBenchDatabase(kind, dir, postgresServer) {
  if (kind === 'sqlite')
    return {
      location: path.join(dir, 'bench.sqlite'),
      env: { DATABASE_PATH: path.join(dir, 'bench.sqlite') },
      drop: async () => undefined,
    };
  const { default: pg } = await import('pg');
  const name = `crm_sync_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  // FORCE ends the bench's own connections, not an autovacuum worker on the new database (the server's
  // role): that one finishes within seconds, so the drop is tried again; the figures are printed either way
  const drop = async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (error) {
        if (error.code !== '42501' || attempt === 20)
          return console.warn(
            `The bench database ${name} was left on the server: ${error.message}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  return { location: url.href, env: { DATABASE_URL: url.href }, drop };
}

const form = (values) => ({
  method: 'POST',
  body: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  redirect: 'manual',
});

/** The api's environment with no webhook or organization quota in the way (a bench measures speed, not quotas). */
export const NO_QUOTAS_ENV = Object.fromEntries(
  ['WEBHOOK', 'ORGANIZATION'].flatMap((scope) =>
    ['EVENTS_PER_HOUR', 'EVENTS_PER_DAY', 'MB_PER_HOUR', 'MB_PER_DAY'].map((name) => [
      `${scope}_${name}`,
      '100000000',
    ]),
  ),
);

/** A Smartlead webhook of `userId` on the CRM profile `profileId` (records owned by a sandbox HubSpot owner) at `code`. */
export async function insertBenchWebhook(db, { userId, profileId, code }) {
  const now = new Date().toISOString();
  await db
    .insertInto('webhook_codes')
    .values({ code, user_id: userId, created_at: now, used_at: now })
    .execute();
  await db
    .insertInto('webhooks')
    .values({
      user_profile_id: profileId,
      user_id: userId,
      code,
      email_service: 'smartlead',
      owner_id: '7010002',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return code;
}

/** A HubSpot connection with `scopes` through the sandbox's consent page and token endpoint, as the dashboard makes one. */
export async function connectSandboxHubSpot(sandboxUrl, scopes) {
  const client = {
    client_id: 'sandbox-hubspot-client-id',
    client_secret: 'sandbox-hubspot-client-secret',
    redirect_uri: 'http://localhost:8080/oauth',
  };
  const consent = await fetch(
    `${sandboxUrl}/hubspot/oauth/authorize`,
    form({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      scope: scopes,
      state: 's',
      decision: 'connect',
    }),
  );
  const code = new URL(consent.headers.get('location')).searchParams.get('code');
  const token = await (
    await fetch(
      `${sandboxUrl}/hubspot/oauth/v1/token`,
      form({ ...client, grant_type: 'authorization_code', code }),
    )
  ).json();
  const info = await (
    await fetch(`${sandboxUrl}/hubspot/oauth/v1/access-tokens/${token.access_token}`)
  ).json();
  return { token, info };
}

/** The sandbox's build, which startSandbox runs. */
export const sandboxMain = path.join(repoRoot, 'sandbox', 'dist', 'main.js');

/** The scopes the dashboard asks HubSpot for when it connects an account that webhooks write to. */
export const HUBSPOT_WRITER_SCOPES =
  'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.owners.read crm.lists.read crm.schemas.contacts.write timeline';

/** The REST calls a Developer Edition Salesforce org may make in 24 h: the limit the sandbox enforces. */
export const SALESFORCE_DAILY_API_REQUESTS = 15_000;

/** The sandbox as its own process on a free port, with the services' published rate limits enforced; `url` is where it answers. */
export async function startSandbox() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: String(port),
    SANDBOX_PUBLIC_URL: url,
    SANDBOX_ENFORCE_RATE_LIMITS: 'true',
    // what Sforce-Limit-Info reports to the api, the same allocation as the enforced limit
    SANDBOX_SALESFORCE_DAILY_API_REQUESTS: String(SALESFORCE_DAILY_API_REQUESTS),
    SANDBOX_REQUEST_LOG_LIMIT: '1000000',
    SANDBOX_LOG_LEVEL: 'warn',
  };
  return { ...(await startNode([sandboxMain], env, `${url}/`)), url };
}

/** A CONNECTED CRM profile of the user `userId` in the api's database `db`, its account's `columns` over made-up ones without tokens. Answers its id. */
async function insertCrmProfile(db, userId, columns) {
  const profile = await db
    .insertInto('user_profiles')
    .values({
      user_id: userId,
      account_id: 'bench-crm-user',
      email: 'bench@example.com',
      first_name: 'Bench',
      last_name: 'Mark',
      access_token_enc: null,
      refresh_token_enc: null,
      token_expires_at: null,
      instance_url: null,
      salesforce_setting_id: null,
      status: 'CONNECTED',
      created_at: new Date().toISOString(),
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return profile.id;
}

/**
 * A CONNECTED HubSpot profile of the user `userId` in the api's database `db`: `columns` are its account's
 * (by default a made-up one without tokens, which the first event's processing marks DISCONNECTED). Answers its id.
 */
export const insertHubSpotProfile = (db, userId, columns = {}) =>
  insertCrmProfile(db, userId, {
    crm: 'HUBSPOT',
    organization_id: '7999999',
    organization_domain: 'bench.hubspot.example',
    ...columns,
  });

/**
 * A HubSpot profile of `userId` on a sandbox account connected with `scopes` (connectSandboxHubSpot), its
 * tokens sealed with the api's `secretBox`. Answers the profile's id and the token.
 */
export async function insertSandboxHubSpotProfile(db, secretBox, { sandboxUrl, userId, scopes }) {
  const { token, info } = await connectSandboxHubSpot(sandboxUrl, scopes);
  const profileId = await insertHubSpotProfile(db, userId, {
    account_id: String(info.user_id),
    organization_id: String(info.hub_id),
    organization_domain: info.hub_domain,
    email: info.user,
    access_token_enc: secretBox.seal(token.access_token),
    refresh_token_enc: secretBox.seal(token.refresh_token),
    token_expires_at: new Date(Date.now() + token.expires_in * 1000).toISOString(),
  });
  return { profileId, token };
}

/** The sandbox's connected-app credentials, which the api's Salesforce settings hold. */
const SANDBOX_SALESFORCE_CLIENT = {
  client_id: 'sandbox-consumer-key',
  client_secret: 'sandbox-consumer-secret',
  redirect_uri: 'http://localhost:8080/oauth/salesforce',
};

/** A Salesforce connection through the sandbox's consent page and token endpoint, and its user's userinfo. */
export async function connectSandboxSalesforce(sandboxUrl) {
  const consent = await fetch(
    `${sandboxUrl}/salesforce/services/oauth2/authorize`,
    form({
      response_type: 'code',
      client_id: SANDBOX_SALESFORCE_CLIENT.client_id,
      redirect_uri: SANDBOX_SALESFORCE_CLIENT.redirect_uri,
      state: 's',
      decision: 'connect',
    }),
  );
  const code = new URL(consent.headers.get('location')).searchParams.get('code');
  const token = await (
    await fetch(
      `${sandboxUrl}/salesforce/services/oauth2/token`,
      form({ ...SANDBOX_SALESFORCE_CLIENT, grant_type: 'authorization_code', code }),
    )
  ).json();
  const info = await (
    await fetch(`${sandboxUrl}/salesforce/services/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    })
  ).json();
  return { token, info };
}

/**
 * A Salesforce profile of `userId` on the sandbox's org (connectSandboxSalesforce), with the Salesforce
 * settings its token refresh needs, secrets sealed with the api's `secretBox`. Answers the profile's id
 * and the connected Salesforce user (an owner records can be given).
 */
export async function insertSandboxSalesforceProfile(db, secretBox, { sandboxUrl, userId }) {
  const { token, info } = await connectSandboxSalesforce(sandboxUrl);
  const settings = await db
    .insertInto('salesforce_settings')
    .values({
      user_id: userId,
      domain: 'https://acme.my.salesforce.com',
      consumer_key: SANDBOX_SALESFORCE_CLIENT.client_id,
      consumer_secret_enc: secretBox.seal(SANDBOX_SALESFORCE_CLIENT.client_secret),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profileId = await insertCrmProfile(db, userId, {
    crm: 'SALESFORCE',
    account_id: info.user_id,
    organization_id: info.organization_id,
    organization_domain: 'acme.my.salesforce.com',
    email: info.email,
    first_name: info.given_name,
    last_name: info.family_name,
    access_token_enc: secretBox.seal(token.access_token),
    refresh_token_enc: secretBox.seal(token.refresh_token),
    instance_url: token.instance_url,
    salesforce_setting_id: settings.id,
  });
  return {
    profileId,
    user: {
      id: info.user_id,
      firstName: info.given_name,
      lastName: info.family_name,
      email: info.email,
    },
  };
}

export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUp(url, child, output) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer:\n${output()}`);
}

/** Starts `node <args>` from the repository root with only PATH and `env`, and waits for `healthUrl` to answer 2xx. */
export async function startNode(args, env, healthUrl) {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await waitUp(healthUrl, child, () => output.slice(-3000));
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** Prints rows as a Markdown table, the first row its header. */
export function printTable(table) {
  const widths = table[0].map((_, column) =>
    Math.max(...table.map((row) => String(row[column]).length)),
  );
  for (const [index, row] of table.entries()) {
    console.log(
      `| ${row.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`,
    );
    if (index === 0) console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  }
}

/**
 * CPU seconds a process has used so far (Linux /proc), with those of its children that ended when
 * `withEndedChildren`, or null where there is no /proc or the process has ended. `pid` may name one
 * thread of a process as `<pid>/task/<tid>`.
 */
export function cpuSeconds(pid, { withEndedChildren = false } = {}) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds each thread of a process has used so far, by thread id (the main thread's is the pid), or
 * null without /proc: whether the api's main thread or its intake thread is the busy one, or neither.
 */
export function threadCpuSeconds(pid) {
  try {
    const each = new Map();
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const seconds = cpuSeconds(`${pid}/task/${tid}`);
      if (seconds !== null) each.set(tid, seconds); // else ended since it was listed
    }
    return each;
  } catch {
    return null;
  }
}

/** The processes of a PostgreSQL server on this machine (its work for the api's workers counts as the api's). */
export function postgresPids() {
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
export function cpuOf(pids) {
  const each = new Map();
  for (const pid of pids) {
    const seconds = cpuSeconds(pid, { withEndedChildren: true });
    if (seconds !== null) each.set(pid, seconds); // else ended since it was listed
  }
  return each.size === 0 ? null : each;
}

/** The CPU seconds processes used between two cpuOf: of those still there, and less the last count of those that ended (now in their parent's). */
export function cpuBetween(before, after) {
  if (before === null || after === null) return null;
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  for (const [pid, then] of before) if (!after.has(pid)) seconds -= then;
  return seconds;
}
