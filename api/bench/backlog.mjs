// `npm run bench:backlog` (issue 55): replies reach HubSpot in seconds while a campaign's burst waits for
// HubSpot's rate limit. The built api (WORKERS=in-process, SQLite) and the sandbox (its published limits
// enforced: 110 requests per 10 s per account, 5 searches per second) run as their own processes. One
// HubSpot account, two smartlead webhooks: a burst of 2 EMAIL_SENT and 4 EMAIL_OPEN per new lead to the
// first, then one reply every 2 s to the second, to leads inside and outside the burst. Reported: each
// reply's time from its post to its write (its email engagement created, the row processed: p50, p95,
// max), HubSpot requests per event, the burst's drain time against the least the limits allow for the
// requests it made, duplicate contacts and 429s that reached a log row.
// BENCH_BACKLOG_CRM=salesforce runs the same on one Salesforce org (the sandbox's daily allocation of
// 15,000 REST calls enforced): each reply's time from its post to its EmailMessage, API calls per event
// (composite as one) and the share of the daily allocation, duplicate Leads and limit errors on a log row.
// The issue's run (5,000 leads: 10,000 sends, 20,000 opens, replies for 2 minutes) drains for about an hour
// at HubSpot's pace; the default is scaled down to run in a few minutes.
// Settings: BENCH_BACKLOG_CRM (hubspot), BENCH_BACKLOG_LEADS (100), BENCH_BACKLOG_REPLY_SECONDS (60),
// BENCH_BACKLOG_TIMEOUT_SECONDS (1200); WORKER_CONCURRENCY is handed to the api (the api's default, 4, unless set).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureById, payloadAt } from 'shared/events';
import { backlogCrms } from './backlog-crms.mjs';
import {
  apiDir,
  freePort,
  printTable,
  repoRoot,
  requireBuilt,
  sandboxMain,
  startNode,
  startSandbox,
} from './processes.mjs';

const leads = Number(process.env.BENCH_BACKLOG_LEADS ?? 100);
const replySeconds = Number(process.env.BENCH_BACKLOG_REPLY_SECONDS ?? 60);
const timeoutSeconds = Number(process.env.BENCH_BACKLOG_TIMEOUT_SECONDS ?? 1200);
const connections = 20;
const crmName = process.env.BENCH_BACKLOG_CRM ?? 'hubspot';
const crm = backlogCrms[crmName];
if (!crm) {
  console.error(`BENCH_BACKLOG_CRM is ${Object.keys(backlogCrms).join(' or ')}, not "${crmName}".`);
  process.exit(1);
}
/** The events of the issue's run: 5,000 leads' burst and a reply every 2 s for 2 minutes. */
const issueEvents = 5_000 * 6 + 60;

const apiMain = path.join(apiDir, 'dist', 'main.js');
requireBuilt(
  [apiMain, sandboxMain, path.join(repoRoot, 'shared', 'dist')],
  'pnpm --filter shared build && pnpm --filter api build && pnpm --filter sandbox build',
);
const dist = (file) => import(path.join(apiDir, 'dist', file));
const { connectDatabase } = await dist('db/connect.js');
const { migrateToLatest } = await dist('db/migrate.js');
const { seedDatabase } = await dist('db/seed.js');
const { newWebhookCode } = await dist('repositories/webhook-codes.js');
const { insertWebhook } = await dist('repositories/webhooks.js');
const { loadSecrets } = await dist('secrets.js');
const { createSecretBox } = await dist('crypto/secret-box.js');

const settings = {
  emailService: 'smartlead',
  apiKeyId: null,
  smartleadBaseCategories: [],
  owner: {
    id: '7010002',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@crm-sync-sandbox.com',
  },
  createOrUpdateCompany: false,
  createOrUpdateTask: false,
  createContactCustomProperties: true,
  assignCompanyOwner: false,
  assignContactOwner: true,
  customTaskSubject: null,
  logType: 0,
  salesforceObjectType: 'LEAD',
  salesforceOnlyUpdate: false,
  salesforceCustomFieldObjects: [],
  objectLookupMethod: 'default',
  objectLookupIdField: null,
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
};

/** The api's tables, a connected CRM profile of admin@example.com and its two webhooks (burst, replies). */
async function prepare(databasePath, dataDir, sandboxUrl) {
  const db = connectDatabase(databasePath);
  try {
    await migrateToLatest(db);
    await seedDatabase(db, new Date());
    const box = createSecretBox(loadSecrets(dataDir).encryptionKey);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const { profileId, owner } = await crm.connect(db, box, {
      sandboxUrl,
      userId: user.id,
      owner: settings.owner,
    });
    const now = new Date().toISOString();
    const codes = [];
    for (let n = 0; n < 2; n++) {
      const code = newWebhookCode();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_codes')
          .values({ code, user_id: user.id, created_at: now, used_at: now })
          .execute();
        await insertWebhook(
          trx,
          {
            userProfileId: profileId,
            userId: user.id,
            code,
            settings: { ...settings, owner },
            endpoints: [],
          },
          new Date(now),
        );
      });
      codes.push(code);
    }
    return { burst: codes[0], replies: codes[1] };
  } finally {
    await db.destroy();
  }
}

const emailOf = (lead) => `lead-${lead}@backlog-${lead % 37}.example`;
const smartlead = (id, lead, step) => {
  const email = emailOf(lead);
  return JSON.stringify({
    ...payloadAt(fixtureById(id), new Date()),
    to_email: email,
    sl_lead_email: email,
    to_name: `Lead ${lead}`,
    lead_id: 6_000_000 + lead,
    stats_id: `backlog-${lead}-${step}`,
    event_timestamp: new Date(Date.now() + step * 1000).toISOString(),
  });
};

async function post(apiUrl, code, body) {
  const response = await fetch(`${apiUrl}/webhooks/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.ok;
}

/** The burst, in a campaign's order: every lead's sends, then their opens; answers the non-2xx count. */
async function postBurst(apiUrl, code) {
  const bodies = [];
  for (const [step, id] of ['smartlead.email-sent', 'smartlead.email-sent'].entries())
    for (let lead = 0; lead < leads; lead++) bodies.push(smartlead(id, lead, step));
  for (let step = 2; step < 6; step++)
    for (let lead = 0; lead < leads; lead++)
      bodies.push(smartlead('smartlead.email-open', lead, step));
  let refused = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let body = bodies.shift(); body !== undefined; body = bodies.shift())
        if (!(await post(apiUrl, code, body))) refused += 1;
    }),
  );
  return { total: leads * 6, refused };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-bench-backlog-'));
const databasePath = path.join(dir, 'api.sqlite');
const servers = [];
try {
  const sandbox = await startSandbox();
  servers.push(sandbox);
  const codes = await prepare(databasePath, dir, sandbox.url);
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  servers.push(
    await startNode(
      [apiMain],
      {
        DATABASE_PATH: databasePath,
        DATA_DIR: dir,
        API_HOST: '127.0.0.1',
        API_PORT: String(apiPort),
        PUBLIC_URL: apiUrl,
        SHELL_DIST_DIR: fs.mkdtempSync(path.join(dir, 'no-shell-')),
        SANDBOX_URL: sandbox.url,
        LOG_LEVEL: 'warn',
        WORKERS: 'in-process',
        // the events a process writes at once: the most one HubSpot batch call can carry under a backlog
        ...(process.env.WORKER_CONCURRENCY
          ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY }
          : {}),
        DEMO_ACCOUNTS: 'false',
      },
      `${apiUrl}/health`,
    ),
  );

  console.log(
    `Backlog bench: ${leads * 2} EMAIL_SENT and ${leads * 4} EMAIL_OPEN for ${leads} new leads, then a reply every 2 s for ${replySeconds} s; ${crm.account}, sandbox limits enforced`,
  );
  const startedAt = Date.now();
  const burst = await postBurst(apiUrl, codes.burst);
  // replies to leads inside the burst (even) and outside it (new leads), while it drains
  const replyPosts = [];
  for (let at = 0; at < replySeconds; at += 2) {
    const replies = replyPosts.length;
    const lead = replies % 2 === 0 ? (replies * 7) % leads : leads + replies;
    replyPosts.push({ email: emailOf(lead), postedAt: Date.now() });
    await post(apiUrl, codes.replies, smartlead('smartlead.email-reply', lead, 100 + replies));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const total = burst.total + replyPosts.length;
  const reader = connectDatabase(databasePath);
  let rows;
  try {
    for (;;) {
      rows = await reader
        .selectFrom('webhook_logs')
        .select(['event_type', 'state', 'results', 'created_at', 'processed_at'])
        .execute();
      if (rows.filter((row) => row.processed_at !== null).length >= total) break;
      if (Date.now() > startedAt + timeoutSeconds * 1000)
        throw new Error(`Not every event was processed after ${timeoutSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await reader.destroy();
  }
  const burstRows = rows.filter((row) => row.event_type !== 'EMAIL_REPLY');
  const drainedAt = Math.max(...burstRows.map((row) => Date.parse(row.processed_at)));
  const drainSeconds = (drainedAt - startedAt) / 1000;
  const errorRows = rows.filter((row) => row.state !== 'processed');
  const report = await crm.report({
    sandboxUrl: sandbox.url,
    rows,
    total,
    drainSeconds,
    replyPosts,
    issueEvents,
  });

  printTable([
    ['measure', 'value'],
    ['events posted (non-2xx)', `${total} (${burst.refused})`],
    ...report.measures,
    ['events not processed cleanly', String(errorRows.length)],
  ]);
  // where the requests went: method and path, ids and keys as ':id'
  console.log(`\n${report.byPath.title}:`);
  printTable([['request', 'count'], ...report.byPath.rows]);
  console.log(`\nGoals: ${report.goals}`);
} finally {
  for (const server of servers.reverse()) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
