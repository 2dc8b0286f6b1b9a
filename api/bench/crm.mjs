// `npm run bench:crm`: how fast events become HubSpot records under HubSpot's published limits. The
// built api (WORKERS=in-process, SQLite) and the sandbox run as their own processes, the sandbox with its
// rate limits enforced (110 requests per 10 s per account, 5 searches per second). 1,000 events (200 leads
// × sent, open, click, reply, category or label) are posted to two webhooks (smartlead, instantly) of one
// connected HubSpot account, wave after wave as a campaign makes them; the bench waits until every event
// is processed and reports the time, HubSpot requests per event, duplicate contacts, 429s that reached a
// log row, and the drain time against the least the limits allow.
// Settings: BENCH_CRM_LEADS (200), BENCH_CRM_TIMEOUT_SECONDS (900), BENCH_CRM_CONNECTIONS (20).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixtureById, payloadAt } from 'shared/events';
import {
  apiDir,
  freePort,
  HUBSPOT_WRITER_SCOPES,
  insertSandboxHubSpotProfile,
  printTable,
  repoRoot,
  requireBuilt,
  sandboxMain,
  startNode,
  startSandbox,
} from './processes.mjs';

const leads = Number(process.env.BENCH_CRM_LEADS ?? 200);
const timeoutSeconds = Number(process.env.BENCH_CRM_TIMEOUT_SECONDS ?? 900);
const connections = Number(process.env.BENCH_CRM_CONNECTIONS ?? 20);

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

/** The HubSpot calls the published 10-second limit counts (search has its own, per second). */
const tenSecondly = /^\/hubspot\/crm\/(?!v3\/objects\/[^/]+\/search)/;
const search = /^\/hubspot\/crm\/v3\/objects\/[^/]+\/search/;

const settings = (emailService) => ({
  emailService,
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
});

/** The api's tables, the demo organizations, a connected HubSpot profile of admin@example.com and its two webhooks. */
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
    const { profileId } = await insertSandboxHubSpotProfile(db, box, {
      sandboxUrl,
      userId: user.id,
      scopes: HUBSPOT_WRITER_SCOPES,
    });
    const now = new Date();
    const webhooks = {};
    for (const platform of ['smartlead', 'instantly']) {
      const code = newWebhookCode();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_codes')
          .values({
            code,
            user_id: user.id,
            created_at: now.toISOString(),
            used_at: now.toISOString(),
          })
          .execute();
        await insertWebhook(
          trx,
          {
            userProfileId: profileId,
            userId: user.id,
            code,
            settings: settings(platform),
            endpoints: [],
          },
          now,
        );
      });
      webhooks[platform] = code;
    }
    return webhooks;
  } finally {
    await db.destroy();
  }
}

/** The five events of a lead, in a campaign's order: the platform's template payloads with the lead's own address and ids. */
function eventsOf(lead) {
  const email = `lead-${lead}@bench-${lead % 37}.example`;
  const at = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();
  const fixture = (id, change) => ({ ...payloadAt(fixtureById(id), new Date()), ...change });
  if (lead % 2 === 0) {
    const smartlead = (id, step) => {
      const template = fixtureById(id).payload;
      // category updates name the lead in lead_data
      const leadData = template.lead_data
        ? {
            lead_data: {
              ...template.lead_data,
              email,
              first_name: 'Lead',
              last_name: String(lead),
            },
          }
        : {};
      return fixture(id, {
        to_email: email,
        sl_lead_email: email,
        to_name: `Lead ${lead}`,
        lead_id: 5_000_000 + lead,
        stats_id: `bench-${lead}-${step}`,
        event_timestamp: at(step),
        ...leadData,
      });
    };
    return {
      platform: 'smartlead',
      payloads: [
        smartlead('smartlead.email-sent', 0),
        smartlead('smartlead.email-open', 1),
        smartlead('smartlead.email-link-click', 2),
        smartlead('smartlead.email-reply', 3),
        smartlead('smartlead.lead-category-updated', 4),
      ],
    };
  }
  const instantly = (id, step) =>
    fixture(id, {
      lead_email: email,
      firstName: 'Lead',
      lastName: String(lead),
      email_id: `bench-${lead}-${step}`,
      timestamp: at(step),
    });
  return {
    platform: 'instantly',
    payloads: [
      instantly('instantly.email-sent', 0),
      instantly('instantly.email-opened', 1),
      instantly('instantly.link-clicked', 2),
      instantly('instantly.reply-received', 3),
      instantly('instantly.lead-interested', 4),
    ],
  };
}

/** Posts each wave (every lead's n-th event) with `connections` posts at a time; answers the non-2xx count. */
async function postWaves(apiUrl, webhooks) {
  const all = Array.from({ length: leads }, (_, lead) => eventsOf(lead));
  let refused = 0;
  for (let wave = 0; wave < 5; wave++) {
    const queue = all.map(({ platform, payloads }) => ({
      code: webhooks[platform],
      body: JSON.stringify(payloads[wave]),
    }));
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const response = await fetch(`${apiUrl}/webhooks/${next.code}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: next.body,
          });
          if (!response.ok) refused += 1;
          await response.arrayBuffer();
        }
      }),
    );
  }
  return refused;
}

async function waitProcessed(db, total, startedAt) {
  const deadline = startedAt + timeoutSeconds * 1000;
  for (;;) {
    const { done } = await db
      .selectFrom('webhook_logs')
      .select((eb) => eb.fn.countAll().as('done'))
      .where('processed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    if (Number(done) >= total) return Date.now();
    if (Date.now() > deadline)
      throw new Error(`Only ${done} of ${total} events were processed after ${timeoutSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-bench-crm-'));
const databasePath = path.join(dir, 'api.sqlite');
const servers = [];
try {
  const sandbox = await startSandbox();
  const sandboxUrl = sandbox.url;
  servers.push(sandbox);
  const webhooks = await prepare(databasePath, dir, sandboxUrl);
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const api = await startNode(
    [apiMain],
    {
      DATABASE_PATH: databasePath,
      DATA_DIR: dir,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      PUBLIC_URL: apiUrl,
      SHELL_DIST_DIR: fs.mkdtempSync(path.join(dir, 'no-shell-')),
      SANDBOX_URL: sandboxUrl,
      LOG_LEVEL: 'warn',
      WORKERS: 'in-process',
      DEMO_ACCOUNTS: 'false',
    },
    `${apiUrl}/health`,
  );
  servers.push(api);

  const total = leads * 5;
  console.log(
    `CRM bench: ${total} events for ${leads} leads across two webhooks (smartlead, instantly), one HubSpot account, sandbox limits enforced`,
  );
  const startedAt = Date.now();
  const refused = await postWaves(apiUrl, webhooks);
  const postedAt = Date.now();
  const reader = connectDatabase(databasePath);
  let finishedAt;
  let failedRows;
  let rateLimitedRows;
  try {
    finishedAt = await waitProcessed(reader, total, startedAt);
    const rows = await reader.selectFrom('webhook_logs').select(['state', 'results']).execute();
    failedRows = rows.filter((row) => row.state !== 'processed');
    rateLimitedRows = rows.filter((row) => /\b429\b|rate.?limit/i.test(row.results)).length;
  } finally {
    await reader.destroy();
  }

  const { requests } = await (
    await fetch(`${sandboxUrl}/_sandbox/requests?provider=hubspot&limit=1000000`)
  ).json();
  const crmCalls = requests.filter((request) => request.url.startsWith('/hubspot/crm/'));
  const limited = crmCalls.filter((request) => tenSecondly.test(request.url)).length;
  const searches = crmCalls.filter((request) => search.test(request.url)).length;
  const answered429 = crmCalls.filter((request) => request.status === 429).length;
  const state = await (await fetch(`${sandboxUrl}/_sandbox/state/hubspot`)).json();
  const byEmail = new Map();
  for (const contact of state.contacts) {
    const email = contact.properties.email?.toLowerCase();
    if (email?.startsWith('lead-')) byEmail.set(email, (byEmail.get(email) ?? 0) + 1);
  }
  const duplicates = [...byEmail.values()].reduce((sum, count) => sum + count - 1, 0);
  const drainSeconds = (finishedAt - startedAt) / 1000;
  const idealSeconds = Math.max(limited / 11, searches / 5);

  console.log('');
  printTable([
    ['measure', 'value'],
    ['events posted (non-2xx)', `${total} (${refused})`],
    ['posting took', `${((postedAt - startedAt) / 1000).toFixed(1)} s`],
    ['all written after', `${drainSeconds.toFixed(1)} s`],
    [
      'HubSpot requests (10-second limit / search)',
      `${crmCalls.length} (${limited} / ${searches})`,
    ],
    ['requests per event', (crmCalls.length / total).toFixed(2)],
    ['least time the limits allow', `${idealSeconds.toFixed(1)} s`],
    ['drain / least time', `${(drainSeconds / idealSeconds).toFixed(2)}×`],
    ['429 answers from the sandbox', String(answered429)],
    ['429s in a log row', String(rateLimitedRows)],
    ['events not processed cleanly', String(failedRows.length)],
    ['contacts', String(byEmail.size)],
    ['duplicate contacts', String(duplicates)],
  ]);
  const byKind = new Map();
  for (const call of crmCalls) {
    const kind = `${call.method} ${call.url
      .split('?')[0]
      .replace(/\/[^/]*(%40|@)[^/]*/g, '/{email}')
      .replace(/\/\d+/g, '/{id}')}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  if (process.env.BENCH_CRM_DUMP)
    for (const call of [...crmCalls].reverse()) console.log(call.method, call.url.slice(0, 110));
  console.log('\nHubSpot requests by kind:');
  printTable([['request', 'count'], ...[...byKind].sort((a, b) => b[1] - a[1])]);
  if (failedRows.length > 0)
    console.log(
      `\nFirst errors: ${failedRows
        .slice(0, 3)
        .map((row) => row.results)
        .join('\n')}`,
    );
  console.log(
    '\nGoal: ≤ 2 requests per event, drain within 10 % of the least time (≤ 1.10×), 0 duplicate contacts, 0 429s in a log row.',
  );
} finally {
  for (const server of servers.reverse()) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
