// `npm run bench:blocklists`: how fast the block-list sync moves a 10,000-member HubSpot list into each
// platform under the published rate limits. The sandbox runs as its own process with its limits enforced
// (HubSpot 110 requests per 10 s; Smartlead 10 a second, 60 a minute, 1,000 an hour; Instantly 100 a
// second; HeyReach 300 a minute; EmailBison none published); the sync engine runs here on a SQLite file,
// as one queue job would run it. Per platform: the first sync (wall time, HubSpot and platform calls,
// the least time the limits allow for those calls), then after 100 new members the re-sync (calls, time,
// entries pushed). The list is the sandbox's scale list 104 (10,000 contacts); heyreach needs LinkedIn
// URLs, so the bench first adds 10,000 contacts with one, and heyreach syncs the dynamic list 102 they join.
// Settings: BENCH_BLOCKLISTS_PLATFORMS (smartlead,instantly,bison,heyreach).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  apiDir,
  insertSandboxHubSpotProfile,
  printTable,
  repoRoot,
  requireBuilt,
  sandboxMain,
  startSandbox,
} from './processes.mjs';

const platforms = (process.env.BENCH_BLOCKLISTS_PLATFORMS ?? 'smartlead,instantly,bison,heyreach')
  .split(',')
  .map((name) => name.trim());

requireBuilt(
  [path.join(apiDir, 'dist', 'main.js'), sandboxMain, path.join(repoRoot, 'shared', 'dist')],
  'pnpm --filter shared build && pnpm --filter api build && pnpm --filter sandbox build',
);
const dist = (file) => import(path.join(apiDir, 'dist', file));
const { connectDatabase } = await dist('db/connect.js');
const { migrateToLatest } = await dist('db/migrate.js');
const { seedDatabase } = await dist('db/seed.js');
const { loadSecrets } = await dist('secrets.js');
const { createSecretBox } = await dist('crypto/secret-box.js');
const { loadConfig } = await dist('config.js');
const { createDeps } = await dist('deps.js');
const { systemClock } = await dist('clock.js');
const { createBlockList } = await dist('repositories/block-lists.js');
const { syncBlockList, SYNC_PACING, PLATFORM_PUSH_LIMITS } = await dist('block-list-sync/index.js');

const HUBSPOT_SCOPES =
  'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.owners.read crm.lists.read crm.lists.write timeline';
const HUBSPOT_RATE = { limit: 110, windowMs: 10_000 };
const keys = {
  smartlead: 'sl-valid-key',
  instantly: 'in-valid-key',
  bison: 'eb-valid-key',
  heyreach: 'hr-valid-key',
};
const sandboxProvider = {
  smartlead: 'smartlead',
  instantly: 'instantly',
  bison: 'emailbison',
  heyreach: 'heyreach',
};

/** HubSpot calls of the bench itself (adding members), paced under the same limit as the engine's. */
async function hubspot(sandboxUrl, token, method, apiPath, body) {
  for (;;) {
    const response = await fetch(`${sandboxUrl}/hubspot${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (response.status >= 300)
      throw new Error(`HubSpot ${apiPath}: ${response.status} ${await response.text()}`);
    return response.json();
  }
}

/** Upserts contacts 100 a call; answers their ids. */
async function addContacts(sandboxUrl, token, prefix, count, linkedIn) {
  const ids = [];
  for (let start = 0; start < count; start += 100) {
    const inputs = Array.from({ length: Math.min(100, count - start) }, (_, index) => {
      const n = start + index + 1;
      const email = `${prefix}.${n}@bench-new.example`;
      return {
        idProperty: 'email',
        id: email,
        properties: {
          email,
          firstname: 'New',
          lastname: `Member ${n}`,
          ...(linkedIn ? { hs_linkedin_url: `https://www.linkedin.com/in/${prefix}-${n}` } : {}),
        },
      };
    });
    const answer = await hubspot(
      sandboxUrl,
      token,
      'POST',
      '/crm/v3/objects/contacts/batch/upsert',
      { inputs },
    );
    ids.push(...answer.results.map((result) => result.id));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ids;
}

async function requestCount(sandboxUrl, provider) {
  const answer = await (
    await fetch(`${sandboxUrl}/_sandbox/requests?provider=${provider}&limit=10000000`)
  ).json();
  return answer.requests.length;
}

async function rateLimited(sandboxUrl, provider) {
  const answer = await (
    await fetch(`${sandboxUrl}/_sandbox/requests?provider=${provider}&limit=10000000`)
  ).json();
  return answer.requests.filter((request) => request.status === 429).length;
}

/** The least time `calls` calls take at `rule`'s rate (one every windowMs/limit). */
const boundMs = (calls, rule) => (rule ? (calls * rule.windowMs) / rule.limit : 0);
const seconds = (ms) => (ms / 1000).toFixed(1);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-bench-blocklists-'));
const servers = [];
try {
  const sandbox = await startSandbox();
  const sandboxUrl = sandbox.url;
  servers.push(sandbox);

  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_PATH: path.join(dir, 'api.sqlite'),
    SANDBOX_URL: sandboxUrl,
    LOG_LEVEL: 'silent',
    SHELL_DIST_DIR: dir,
  });
  const db = connectDatabase(config.databasePath);
  await migrateToLatest(db);
  await seedDatabase(db, new Date());
  const secretBox = createSecretBox(loadSecrets(dir).encryptionKey);
  const deps = createDeps({
    db,
    secretBox,
    config,
    log: pino({ level: 'silent' }),
    clock: systemClock,
  });
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ can_block_list: 1 }).where('id', '=', user.id).execute();
  const { profileId, token } = await insertSandboxHubSpotProfile(db, secretBox, {
    sandboxUrl,
    userId: user.id,
    scopes: HUBSPOT_SCOPES,
  });
  const now = new Date().toISOString();

  if (platforms.includes('heyreach')) {
    console.log(
      'Adding 10,000 contacts with a LinkedIn URL for heyreach (they join the dynamic list 102)...',
    );
    await addContacts(sandboxUrl, token.access_token, 'linked', 10_000, true);
  }
  // the bench's own HubSpot calls above used the account's window: start the engine on a quiet one
  await new Promise((resolve) => setTimeout(resolve, 10_000));

  const lists = {};
  for (const platform of platforms) {
    const key = await db
      .insertInto('api_keys')
      .values({
        user_profile_id: profileId,
        user_id: user.id,
        platform,
        api_key_enc: secretBox.seal(keys[platform]),
        description: `${platform} bench`,
        base_url: platform === 'bison' ? 'https://bench.emailbison.com' : null,
        is_valid: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const heyreach = platform === 'heyreach';
    lists[platform] = await createBlockList(
      db,
      {
        userProfileId: profileId,
        userId: user.id,
        apiKeyId: key.id,
        crm: 'HUBSPOT',
        listId: heyreach ? '102' : '104',
        listName: heyreach ? 'Contacts with a LinkedIn profile' : 'Scale test: 10,000 contacts',
        listType: 'CONTACT_LIST',
        blockType: 'ADDRESS',
        clientId: platform === 'smartlead' ? '301' : null,
        clientEmail: null,
        useDomainForNonLatin: false,
        profileUrlFieldNames: heyreach ? ['hs_linkedin_url'] : [],
        heyReachListId: heyreach ? '51001' : null,
        fields: [],
      },
      new Date(),
    );
  }

  async function measure(platform) {
    const hubspotBefore = await requestCount(sandboxUrl, 'hubspot');
    const platformBefore = await requestCount(sandboxUrl, sandboxProvider[platform]);
    const started = Date.now();
    const outcome = await syncBlockList(deps, lists[platform], 'schedule', SYNC_PACING);
    const wallMs = Date.now() - started;
    if (outcome.kind !== 'synced') throw new Error(`${platform}: ${JSON.stringify(outcome)}`);
    const hubspotCalls = (await requestCount(sandboxUrl, 'hubspot')) - hubspotBefore;
    const platformCalls =
      (await requestCount(sandboxUrl, sandboxProvider[platform])) - platformBefore;
    const bound =
      boundMs(hubspotCalls, HUBSPOT_RATE) +
      boundMs(platformCalls, PLATFORM_PUSH_LIMITS[platform].rate);
    return { wallMs, hubspotCalls, platformCalls, bound, pushed: outcome.pushed };
  }

  const first = {};
  for (const platform of platforms) {
    console.log(`First sync: ${platform}...`);
    first[platform] = await measure(platform);
  }

  console.log('Adding 100 members to each list...');
  const newIds = await addContacts(sandboxUrl, token.access_token, 'added', 100, false);
  await hubspot(sandboxUrl, token.access_token, 'PUT', '/crm/v3/lists/104/memberships/add', newIds);
  if (platforms.includes('heyreach'))
    await addContacts(sandboxUrl, token.access_token, 'linked-added', 100, true);
  await new Promise((resolve) => setTimeout(resolve, 10_000));

  const again = {};
  for (const platform of platforms) {
    console.log(`Re-sync: ${platform}...`);
    again[platform] = await measure(platform);
  }

  const ratio = (wall, bound) => `${((wall / bound - 1) * 100).toFixed(1)} %`;
  console.log(
    '\nFirst sync of 10,000 members (bound: HubSpot calls at 110 per 10 s + platform calls at its published rate)',
  );
  printTable([
    [
      'platform',
      'entries pushed',
      'HubSpot calls',
      'platform calls',
      'wall time (s)',
      'limits allow (s)',
      'over the bound',
    ],
    ...platforms.map((platform) => {
      const row = first[platform];
      const over = PLATFORM_PUSH_LIMITS[platform].rate
        ? ratio(row.wallMs, row.bound)
        : 'n/a: no published limit (HubSpot leg only)';
      return [
        platform,
        row.pushed,
        row.hubspotCalls,
        row.platformCalls,
        seconds(row.wallMs),
        seconds(row.bound),
        over,
      ];
    }),
  ]);
  console.log('\nRe-sync after 100 new members');
  printTable([
    [
      'platform',
      'entries pushed',
      'HubSpot calls',
      'platform calls',
      'wall time (s)',
      'limits allow (s)',
    ],
    ...platforms.map((platform) => {
      const row = again[platform];
      return [
        platform,
        row.pushed,
        row.hubspotCalls,
        row.platformCalls,
        seconds(row.wallMs),
        seconds(row.bound),
      ];
    }),
  ]);
  const limited = {};
  for (const provider of ['hubspot', ...platforms.map((platform) => sandboxProvider[platform])])
    limited[provider] = await rateLimited(sandboxUrl, provider);
  console.log(`\n429s the sandbox answered: ${JSON.stringify(limited)}`);
  await db.destroy();
} finally {
  for (const server of servers.reverse()) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
