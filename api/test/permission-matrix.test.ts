import { buildPath, operations, type OperationName, type OperationSpec } from 'shared/contract';
import { fixtureById, payloadAt } from 'shared/events';
import { toRoutePath } from '../src/http/contract-route.js';
import {
  connectHubSpot,
  connectSalesforce,
  seedAccountFixtures,
  type AccountFixtures,
} from './helpers/fixtures.js';
import { insertApiKey, insertOutsider, setFlags } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { ORIGIN, createTestApp, signIn, type TestApp } from './helpers/test-app.js';

/**
 * spec §6 (and issues 4 and 10) as a table: every operation of the contract × four accounts in two
 * organizations × their own resource / someone else's resource, and without a session. Each operation
 * has a small declaration — who may call it, which permission flag it needs, whether it acts on a
 * resource with an owner and who besides the owner may use that resource — and the expected status of
 * each cell follows from it; an operation without a route fails its cells. Managers and admins act
 * within their own organization only: another organization's resources are not found (404) for anyone.
 * Accounts: organization A has admin (ADMIN, every flag) and manager (MANAGER, canWebhook and
 * canBlockList); organization B has user (no role, canWebhook only) and outsider (ADMIN, every flag;
 * added by this test). This table is the test's own: production's is api/src/authz/policy.ts.
 */

// Own time limits: under the root jest config (npm test) a project's testTimeout does not apply and the default is 5 s.
const HOOK_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 30_000;

type Account = 'admin' | 'manager' | 'user' | 'outsider';
const accounts: readonly Account[] = ['admin', 'manager', 'user', 'outsider'];
/** "Someone else's" resource: each of the three other accounts' (one in the caller's organization, two in the other one). */
const othersOf = (caller: Account): Account[] => accounts.filter((account) => account !== caller);
const roleOf: Record<Account, 'ADMIN' | 'MANAGER' | null> = {
  admin: 'ADMIN',
  manager: 'MANAGER',
  user: null,
  outsider: 'ADMIN',
};
const organizationOf: Record<Account, 'A' | 'B'> = {
  admin: 'A',
  manager: 'A',
  user: 'B',
  outsider: 'B',
};
const sameOrganization = (a: Account, b: Account): boolean =>
  organizationOf[a] === organizationOf[b];
type Flag = 'canWebhook' | 'canUserAccount' | 'canBlockList';
const seededFlags: Record<Account, Record<Flag, boolean>> = {
  admin: { canWebhook: true, canUserAccount: true, canBlockList: true },
  manager: { canWebhook: true, canUserAccount: false, canBlockList: true },
  user: { canWebhook: true, canUserAccount: false, canBlockList: false },
  outsider: { canWebhook: true, canUserAccount: true, canBlockList: true },
};

/** Who may call an operation at all. */
type Who = 'anyone' | 'managerOrAdmin' | 'admin';
/** Besides the owner, who may use someone else's resource. */
type Others = 'managerOrAdmin' | 'admin' | 'nobody';

interface RequestParts {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

interface Context {
  t: TestApp;
  sandbox: RunningSandbox;
  fx: Record<Account, AccountFixtures>;
  /** Calls an operation as an account (its session cookie), for preparing resources. */
  call(
    account: Account,
    name: OperationName,
    parts?: RequestParts,
  ): Promise<{ statusCode: number; body: string }>;
  /** Runs `run` with the account's permission flags switched on, then puts them back. */
  withFlags<T>(account: Account, flags: Flag[], run: () => Promise<T>): Promise<T>;
  /** One resource of each kind per owner, made once through the api and reused by the calls that do not consume it. */
  shared: SharedResources;
}

interface Entry {
  who: Who;
  /** The caller's permission flag the operation needs (403 without it). */
  flag?: Flag;
  /** Present when the operation acts on a resource with an owner: it is then called on the caller's own and on someone else's. */
  others?: Others;
  /** The request, for a resource owned by `owner` (called by `caller`); may make a fresh resource when the call consumes it. */
  request: (ctx: Context, owner: Account, caller: Account) => RequestParts | Promise<RequestParts>;
  /** Flags the resource's owner holds during the call (a state rule, not the caller's permission, needs them). */
  ownerFlags?: Flag[];
}

const none = (): RequestParts => ({});
const smartleadReply = fixtureById('smartlead.email-reply')!;
const profile =
  (kind: 'hubspot' | 'salesforce') =>
  (ctx: Context, owner: Account): RequestParts => ({
    params: {
      id: kind === 'hubspot' ? ctx.fx[owner].hubspotProfileId : ctx.fx[owner].salesforceProfileId,
    },
  });
const key =
  (platform: 'smartlead' | 'heyreach' | 'instantly') =>
  (ctx: Context, owner: Account): RequestParts => ({
    params: { id: ctx.fx[owner].apiKeyIds[platform] },
  });

class SharedResources {
  private readonly cache = new Map<string, Promise<number>>();
  constructor(
    private readonly make: (
      kind: 'userAccount' | 'webhook' | 'blockList',
      owner: Account,
    ) => Promise<number>,
  ) {}
  get(kind: 'userAccount' | 'webhook' | 'blockList', owner: Account): Promise<number> {
    const cacheKey = `${kind}:${owner}`;
    let id = this.cache.get(cacheKey);
    if (!id) {
      id = this.make(kind, owner);
      this.cache.set(cacheKey, id);
    }
    return id;
  }
}

/** The declarations: one per operation of the contract. */
const matrix: Record<OperationName, Entry> = {
  getMe: { who: 'anyone', request: none },
  listUsers: { who: 'managerOrAdmin', request: none },
  listEmbedKeys: { who: 'admin', request: none },
  createEmbedKey: { who: 'admin', request: () => ({ body: { name: 'matrix embed key' } }) },
  // a key of the caller's organization, made by its admin, for each call (a revoke consumes it)
  revokeEmbedKey: {
    who: 'admin',
    request: async (ctx, owner) => {
      const admin = owner === 'outsider' || owner === 'user' ? 'outsider' : 'admin';
      const made = await ctx.call(admin, 'createEmbedKey', { body: { name: 'to revoke' } });
      return {
        params: { id: (JSON.parse(made.body) as { embedKey: { id: number } }).embedKey.id },
      };
    },
  },
  // Only admins change flags; the body sets the target's seeded flags again, so the other cells keep them.
  updateUser: {
    who: 'admin',
    others: 'admin',
    request: (ctx, owner) => ({ params: { id: ctx.fx[owner].userId }, body: seededFlags[owner] }),
  },

  listUserAccounts: { who: 'anyone', request: none },
  createUserAccount: {
    who: 'anyone',
    flag: 'canUserAccount',
    others: 'nobody',
    request: (ctx, owner) => ({
      body: {
        url: 'https://hooks.example.com/matrix',
        description: 'matrix endpoint',
        userProfileId: ctx.fx[owner].hubspotProfileId,
      },
    }),
  },
  deleteUserAccount: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await makeUserAccount(ctx, owner) } }),
  },
  revealWebhookEndpointSecret: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await ctx.shared.get('userAccount', owner) } }),
  },

  listWebhooks: { who: 'anyone', request: none },
  listWebhookPage: { who: 'anyone', request: () => ({ query: { section: 'own' } }) },
  getCrmBacklog: { who: 'anyone', request: none },
  generateWebhookCode: { who: 'anyone', flag: 'canWebhook', request: none },
  createWebhook: {
    who: 'anyone',
    flag: 'canWebhook',
    others: 'nobody',
    request: async (ctx, owner, caller) => ({
      body: await webhookBody(ctx, owner, await generateCode(ctx, caller)),
    }),
  },
  updateWebhook: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: await ctx.shared.get('webhook', owner) },
      body: await webhookSettings(ctx, owner),
    }),
  },
  deleteWebhook: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await makeWebhook(ctx, owner) } }),
  },
  // The test URL: a Smartlead event posted to the owner's webhook, run through the pipeline at once.
  sendTestWebhookEvent: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: async (ctx, owner) => ({
      params: { code: await webhookCode(ctx, await ctx.shared.get('webhook', owner)) },
      body: payloadAt(smartleadReply, new Date()),
    }),
  },
  replayDeadDeliveries: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await ctx.shared.get('webhook', owner) } }),
  },
  // Registers the owner's smartlead webhook on the sandbox's Smartlead with the owner's key.
  // again: each cell registers the same webhook, and a webhook registered already needs it
  registerWebhookOnPlatform: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: await ctx.shared.get('webhook', owner) },
      body: { again: true },
    }),
  },
  getHubspotOwnersAndUserAccounts: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({ params: { userId: ctx.fx[owner].hubspotProfileId } }),
  },
  getSalesforceUserAccounts: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({ params: { userId: ctx.fx[owner].salesforceProfileId } }),
  },

  createHubspotBlockList: {
    who: 'anyone',
    flag: 'canBlockList',
    others: 'nobody',
    request: (ctx, owner) => ({ body: hubspotBlockListBody(ctx, owner) }),
  },
  createSalesforceBlockList: {
    who: 'anyone',
    flag: 'canBlockList',
    others: 'nobody',
    request: async (ctx, owner) => ({ body: await salesforceBlockListBody(ctx, owner) }),
  },
  listBlockLists: { who: 'anyone', request: none },
  updateBlockList: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: await ctx.shared.get('blockList', owner) },
      body: { isEnabled: true },
    }),
  },
  deleteBlockList: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await makeBlockList(ctx, owner) } }),
  },
  // a list whose owner may not block lists is PAUSED_PENDING_UPGRADE and answers 409 (block-list-sync.test.ts)
  syncBlockList: {
    who: 'anyone',
    others: 'admin',
    ownerFlags: ['canBlockList'],
    request: async (ctx, owner) => ({ params: { id: await ctx.shared.get('blockList', owner) } }),
  },
  listBlockListHistory: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: async (ctx, owner) => ({
      query: { page: 1, 'block-list-id': await ctx.shared.get('blockList', owner) },
    }),
  },

  listWebhookLogs: { who: 'anyone', request: () => ({ query: { page: 1 } }) },
  countWebhookLogs: { who: 'anyone', request: none },
  listWebhookLogTypes: { who: 'anyone', request: none },
  // An event posted to the owner's webhook: its log row is the owner's.
  getWebhookLog: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: async (ctx, owner) => ({ params: { id: await makeEventLog(ctx, owner) } }),
  },
  replayWebhookEvent: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({ params: { id: await makeEventLog(ctx, owner) } }),
  },
  listCategoryBaseFilterLogs: { who: 'anyone', request: () => ({ query: { page: 1 } }) },
  listCategoryBaseFilterTypes: { who: 'anyone', request: none },

  listApiKeys: { who: 'anyone', request: none },
  createApiKey: {
    who: 'anyone',
    others: 'admin',
    request: (ctx, owner) => ({
      body: {
        platform: 'smartlead',
        apiKey: 'sl-valid-key',
        description: 'matrix key',
        userProfileId: ctx.fx[owner].hubspotProfileId,
      },
    }),
  },
  checkApiKey: {
    who: 'anyone',
    request: () => ({ body: { platform: 'instantly', apiKey: 'in-valid-key' } }),
  },
  updateApiKey: {
    who: 'anyone',
    others: 'admin',
    request: (ctx, owner) => ({
      params: { id: ctx.fx[owner].apiKeyIds.instantly },
      body: { platform: 'instantly', apiKey: 'in-valid-key', description: 'instantly fixture' },
    }),
  },
  validateApiKey: { who: 'anyone', others: 'admin', request: key('smartlead') },
  revealApiKey: { who: 'anyone', others: 'admin', request: key('smartlead') },
  deleteApiKey: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: await insertApiKey(ctx.t.app, ctx.fx[owner].hubspotProfileId, 'smartlead') },
    }),
  },
  listLeadCategories: { who: 'anyone', others: 'managerOrAdmin', request: key('smartlead') },
  addLeadCategories: {
    who: 'anyone',
    others: 'admin',
    request: (ctx, owner) => ({
      params: { id: ctx.fx[owner].apiKeyIds.heyreach },
      body: { categories: [{ categoryName: 'Matrix Hot' }] },
    }),
  },
  listUserApiKeys: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({
      params: { userId: ctx.fx[owner].userId },
      query: { platform: 'smartlead' },
    }),
  },
  listSmartleadClients: { who: 'anyone', others: 'managerOrAdmin', request: key('smartlead') },
  listHeyReachLists: { who: 'anyone', others: 'managerOrAdmin', request: key('heyreach') },
  createHeyReachList: {
    who: 'anyone',
    others: 'admin',
    request: (ctx, owner) => ({
      params: { id: ctx.fx[owner].apiKeyIds.heyreach },
      body: { listName: 'Matrix list' },
    }),
  },

  getHubspotAuthorizeUrl: { who: 'anyone', request: none },
  listHubspotProfiles: { who: 'anyone', request: none },
  checkHubspotConnectedAccount: { who: 'anyone', request: none },
  deleteHubspotProfile: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: await connectHubSpot(ctx.t.app, ctx.sandbox.url, owner) },
    }),
  },
  checkSalesforceConnectedAccount: { who: 'anyone', request: none },
  listSalesforceSettings: { who: 'anyone', request: none },
  createSalesforceSettings: {
    who: 'anyone',
    request: () => ({
      body: {
        domain: 'matrix.my.salesforce.com',
        consumer_key: 'sandbox-consumer-key',
        consumer_secret: 'sandbox-consumer-secret',
      },
    }),
  },
  deleteSalesforceSettings: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      params: { id: (await connectSalesforce(ctx.t.app, ctx.sandbox.url, owner)).settingsId },
    }),
  },
  // Connect with saved settings: only their owner signs in with them.
  getSalesforceSettings: {
    who: 'anyone',
    others: 'nobody',
    request: (ctx, owner) => ({ params: { id: ctx.fx[owner].salesforceSettingsId } }),
  },
  listUserIntegrations: { who: 'anyone', request: none },
  listOrganizationIntegrations: { who: 'anyone', request: none },

  listHubspotLists: { who: 'anyone', others: 'managerOrAdmin', request: profile('hubspot') },
  listCrmProperties: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({ ...profile('salesforce')(ctx, owner), query: { type: 'Lead' } }),
  },
  listHubspotContactProperties: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({ params: { userId: ctx.fx[owner].hubspotProfileId } }),
  },
  listSalesforceLists: { who: 'anyone', others: 'managerOrAdmin', request: profile('salesforce') },
  listSalesforceReportFields: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: async (ctx, owner) => ({
      params: {
        id: ctx.fx[owner].salesforceProfileId,
        reportId: await salesforceListId(ctx, owner),
      },
    }),
  },
  listSalesforcePermissions: {
    who: 'anyone',
    others: 'managerOrAdmin',
    request: (ctx, owner) => ({ params: { userProfileId: ctx.fx[owner].salesforceProfileId } }),
  },
  createSalesforceProperties: {
    who: 'anyone',
    others: 'admin',
    request: async (ctx, owner) => ({
      body: {
        userProfileId: ctx.fx[owner].salesforceProfileId,
        permissionId: await salesforcePermissionId(ctx, owner),
        customFields: ['Lead'],
      },
    }),
  },

  // The release registry: admins only (any organization's: the registry is the deployment's).
  listReleases: { who: 'admin', request: none },
  publishRelease: {
    who: 'admin',
    request: () => ({ params: { area: 'mfe_logs' }, body: releaseBody(nextVersion()) }),
  },
  activateRelease: {
    who: 'admin',
    request: async (ctx) => ({
      params: { area: 'mfe_logs' },
      body: { version: await publishVersion(ctx, false) },
    }),
  },
  rollbackRelease: {
    who: 'admin',
    request: async (ctx) => {
      await publishVersion(ctx, true);
      await publishVersion(ctx, true);
      return { params: { area: 'mfe_logs' } };
    },
  },
  setReleaseCanary: {
    who: 'admin',
    request: async (ctx) => {
      await publishVersion(ctx, true);
      return {
        params: { area: 'mfe_logs' },
        body: { version: await publishVersion(ctx, false), percent: 10 },
      };
    },
  },
  promoteReleaseCanary: { who: 'admin', request: (ctx) => withCanary(ctx) },
  dropReleaseCanary: { who: 'admin', request: (ctx) => withCanary(ctx) },
  // any signed-in page reports that it fell back from an area's version
  reportReleaseFallback: {
    who: 'anyone',
    request: async (ctx) => ({
      params: { area: 'mfe_logs' },
      body: { version: await publishVersion(ctx, true) },
    }),
  },
};

/* ---- Releases the registry's cells need, published as the admin. ---- */

let releasedVersions = 0;
const nextVersion = (): string => `9.0.${(releasedVersions += 1)}`;
const releaseBody = (version: string, activate = true): Record<string, unknown> => ({
  version,
  manifestUrl: `http://localhost:8084/v/${version}/mf-manifest.json`,
  shared: [],
  operations: ['listWebhookLogs'],
  activate,
});

async function publishVersion(ctx: Context, activate: boolean): Promise<string> {
  const version = nextVersion();
  await ok(
    await ctx.call('admin', 'publishRelease', {
      params: { area: 'mfe_logs' },
      body: releaseBody(version, activate),
    }),
    'a release',
  );
  return version;
}

async function withCanary(ctx: Context): Promise<RequestParts> {
  await publishVersion(ctx, true);
  const version = await publishVersion(ctx, false);
  await ok(
    await ctx.call('admin', 'setReleaseCanary', {
      params: { area: 'mfe_logs' },
      body: { version, percent: 10 },
    }),
    'a canary',
  );
  return { params: { area: 'mfe_logs' } };
}

/* ---- Resources the cells need, made through the api as their owner. ---- */

async function ok(response: { statusCode: number; body: string }, what: string): Promise<string> {
  if (response.statusCode >= 300)
    throw new Error(`Preparing ${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.body;
}

async function makeUserAccount(ctx: Context, owner: Account): Promise<number> {
  const body = await ctx.withFlags(owner, ['canUserAccount'], async () =>
    ok(
      await ctx.call(
        owner,
        'createUserAccount',
        matrix.createUserAccount.request(ctx, owner, owner) as RequestParts,
      ),
      'a webhook endpoint',
    ),
  );
  return (JSON.parse(body) as { id: number }).id;
}

async function generateCode(ctx: Context, caller: Account): Promise<string> {
  return ok(await ctx.call(caller, 'generateWebhookCode'), 'a webhook code');
}

async function webhookSettings(ctx: Context, owner: Account): Promise<Record<string, unknown>> {
  const owners = JSON.parse(
    await ok(
      await ctx.call(owner, 'getHubspotOwnersAndUserAccounts', {
        params: { userId: ctx.fx[owner].hubspotProfileId },
      }),
      'HubSpot owners',
    ),
  ) as {
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  };
  const crmOwner = owners.owners[0];
  if (!crmOwner) throw new Error('The sandbox HubSpot has no owners');
  return {
    selectedOwner: {
      id: String(crmOwner.id),
      firstName: crmOwner.firstName ?? '',
      lastName: crmOwner.lastName ?? '',
      email: crmOwner.email ?? '',
    },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
  };
}

async function webhookBody(
  ctx: Context,
  owner: Account,
  code: string,
): Promise<Record<string, unknown>> {
  return {
    ...(await webhookSettings(ctx, owner)),
    userProfileId: ctx.fx[owner].hubspotProfileId,
    code,
  };
}

async function webhookCode(ctx: Context, id: number): Promise<string> {
  return (
    await ctx.t.app.db
      .selectFrom('webhooks')
      .select('code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).code;
}

let postedEvents = 0;

/** Posts a new Smartlead event to the owner's webhook (as the platform would) and answers its log row's id. */
async function makeEventLog(ctx: Context, owner: Account): Promise<number> {
  postedEvents += 1;
  const code = await webhookCode(ctx, await ctx.shared.get('webhook', owner));
  const response = await ctx.t.app.inject({
    method: 'POST',
    url: `/webhooks/${code}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...payloadAt(smartleadReply, new Date()),
      stats_id: `matrix-${postedEvents}`,
    }),
  });
  await ok(response, 'a webhook event');
  const row = await ctx.t.app.db
    .selectFrom('webhook_logs')
    .select('id')
    .where('webhook_url', '=', `${ctx.t.config.publicUrl}/webhooks/${code}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function makeWebhook(ctx: Context, owner: Account): Promise<number> {
  const body = await ctx.withFlags(owner, ['canWebhook'], async () =>
    ok(
      await ctx.call(owner, 'createWebhook', {
        body: await webhookBody(ctx, owner, await generateCode(ctx, owner)),
      }),
      'a webhook',
    ),
  );
  return (JSON.parse(body) as { id: number }).id;
}

function hubspotBlockListBody(ctx: Context, owner: Account): Record<string, unknown> {
  return {
    crm: 'HUBSPOT',
    userProfileId: ctx.fx[owner].hubspotProfileId,
    listId: '101',
    listName: 'Newsletter opt-outs',
    listType: 'CONTACT_LIST',
    apiKeyId: ctx.fx[owner].apiKeyIds.smartlead,
    blockType: 'ADDRESS',
    client: { id: 301, email: 'ops@acme-agency.example' },
  };
}

async function salesforceListId(ctx: Context, owner: Account): Promise<string> {
  const lists = JSON.parse(
    await ok(
      await ctx.call(owner, 'listSalesforceLists', {
        params: { id: ctx.fx[owner].salesforceProfileId },
      }),
      'Salesforce lists',
    ),
  ) as { Id: string }[];
  const first = lists[0];
  if (!first) throw new Error('The sandbox Salesforce has no lists');
  return first.Id;
}

async function salesforcePermissionId(ctx: Context, owner: Account): Promise<string> {
  const sets = JSON.parse(
    await ok(
      await ctx.call(owner, 'listSalesforcePermissions', {
        params: { userProfileId: ctx.fx[owner].salesforceProfileId },
      }),
      'Salesforce permissions',
    ),
  ) as {
    Id: string;
    Name: string;
  }[];
  const chosen = sets.find((set) => set.Name === 'System Administrator') ?? sets[0];
  if (!chosen) throw new Error('The sandbox Salesforce has no permission sets');
  return chosen.Id;
}

async function salesforceBlockListBody(
  ctx: Context,
  owner: Account,
): Promise<Record<string, unknown>> {
  return {
    crm: 'SALESFORCE',
    userProfileId: ctx.fx[owner].salesforceProfileId,
    listIdentifier: await salesforceListId(ctx, owner),
    listName: 'Matrix Salesforce list',
    apiKeyId: ctx.fx[owner].apiKeyIds.instantly,
    blockType: 'ADDRESS',
    fields: ['Email'],
  };
}

async function makeBlockList(ctx: Context, owner: Account): Promise<number> {
  const body = await ctx.withFlags(owner, ['canBlockList'], async () =>
    ok(
      await ctx.call(owner, 'createHubspotBlockList', { body: hubspotBlockListBody(ctx, owner) }),
      'a block list',
    ),
  );
  return (JSON.parse(body) as { id: number }).id;
}

/* ---- The expected answer of each cell. ---- */

type Target = 'own' | 'other' | 'no session';
type Expected = 'ok' | 401 | 403 | 404;

const isManagerOrAdmin = (account: Account): boolean => roleOf[account] !== null;
const mayCall = (who: Who, account: Account): boolean =>
  who === 'anyone' || (who === 'admin' ? roleOf[account] === 'ADMIN' : isManagerOrAdmin(account));
const mayUseOthers = (others: Others, account: Account): boolean =>
  others === 'nobody' ? false : mayCall(others, account);

function expectedOf(entry: Entry, caller: Account, target: Target, owner: Account): Expected {
  if (target === 'no session') return 401;
  if (!mayCall(entry.who, caller)) return 403;
  if (entry.flag && !seededFlags[caller][entry.flag]) return 403;
  if (target === 'other' && entry.others && !sameOrganization(caller, owner)) return 404;
  if (target === 'other' && entry.others && !mayUseOthers(entry.others, caller)) return 403;
  return 'ok';
}

interface Cell {
  name: OperationName;
  caller: Account;
  target: Target;
  owner: Account;
  expected: Expected;
}

const allOperations = Object.entries(operations as Record<string, OperationSpec>) as [
  OperationName,
  OperationSpec,
][];
const declared = allOperations.filter(
  ([name]) => (matrix as Partial<Record<string, Entry>>)[name] !== undefined,
);

const cells: Cell[] = declared.flatMap(([name]) => {
  const entry = matrix[name];
  return [
    ...accounts.flatMap((caller) => [
      {
        name,
        caller,
        target: 'own' as Target,
        owner: caller,
        expected: expectedOf(entry, caller, 'own', caller),
      },
      ...(entry.others
        ? othersOf(caller).map((owner) => ({
            name,
            caller,
            target: 'other' as Target,
            owner,
            expected: expectedOf(entry, caller, 'other', owner),
          }))
        : []),
    ]),
    {
      name,
      caller: 'admin' as Account,
      target: 'no session' as Target,
      owner: 'admin' as Account,
      expected: 401 as Expected,
    },
  ];
});

describe('permission matrix: every operation × admin, manager (organization A), user, outsider (organization B) × own / someone else’s resource / no session', () => {
  let ctx: Context;
  let inject: (
    cookie: string | undefined,
    name: OperationName,
    parts?: RequestParts,
  ) => Promise<{ statusCode: number; body: string }>;
  const cookies = {} as Record<Account, string>;

  beforeAll(async () => {
    const sandbox = await startSandbox();
    const t = await createTestApp({ SANDBOX_URL: sandbox.url });
    await insertOutsider(t.app);
    for (const account of accounts) cookies[account] = await signIn(t.app, account);
    inject = async (cookie, name, parts = {}) => {
      const operation = operations[name] as OperationSpec;
      const query = parts.query
        ? `?${new URLSearchParams(Object.fromEntries(Object.entries(parts.query).map(([name, value]) => [name, String(value)]))).toString()}`
        : '';
      const headers: Record<string, string> = { origin: ORIGIN };
      if (cookie) headers.cookie = cookie;
      return t.app.inject({
        method: operation.method,
        url: `${buildPath(operation.path, parts.params)}${query}`,
        headers,
        ...(parts.body === undefined ? {} : { payload: parts.body as Record<string, unknown> }),
      });
    };
    ctx = {
      t,
      sandbox,
      fx: await seedAccountFixtures(t.app, sandbox.url, accounts),
      call: (account, name, parts) => inject(cookies[account], name, parts),
      async withFlags(account, flags, run) {
        await setFlags(t.app, account, Object.fromEntries(flags.map((flag) => [flag, true])));
        try {
          return await run();
        } finally {
          await setFlags(t.app, account, seededFlags[account]);
        }
      },
      shared: new SharedResources((kind, owner) =>
        kind === 'userAccount'
          ? makeUserAccount(ctx, owner)
          : kind === 'webhook'
            ? makeWebhook(ctx, owner)
            : makeBlockList(ctx, owner),
      ),
    };
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await ctx?.t.close();
    await ctx?.sandbox.close();
  }, HOOK_TIMEOUT_MS);

  it('declares every operation of the contract', () => {
    const missing = allOperations.map(([name]) => name).filter((name) => !(name in matrix));
    expect(missing).toEqual([]);
    process.stdout.write(
      `permission matrix: ${cells.length} cells over ${declared.length} operations\n`,
    );
  });

  it.each(
    cells.map(
      (cell) =>
        [
          `${cell.name} as ${cell.target === 'no session' ? 'no session' : `${cell.caller} on ${cell.target === 'own' ? 'own' : `${cell.owner}'s`}`} → ${cell.expected}`,
          cell,
        ] as const,
    ),
  )(
    '%s',
    async (_label, cell) => {
      const operation = operations[cell.name] as OperationSpec;
      expect(
        ctx.t.app.hasRoute({ method: operation.method, url: toRoutePath(operation.path) }),
      ).toBe(true);
      const parts = await matrix[cell.name].request(ctx, cell.owner, cell.caller);
      const send = () =>
        inject(cell.target === 'no session' ? undefined : cookies[cell.caller], cell.name, parts);
      const { ownerFlags } = matrix[cell.name];
      const response = ownerFlags
        ? await ctx.withFlags(cell.owner, ownerFlags, send)
        : await send();
      const got =
        response.statusCode >= 200 && response.statusCode < 300 ? 'ok' : response.statusCode;
      expect({
        status: got,
        body: got === cell.expected ? '' : response.body.slice(0, 300),
      }).toEqual({ status: cell.expected, body: '' });
      if (response.statusCode >= 400)
        expect(typeof (JSON.parse(response.body) as { message?: unknown }).message).toBe('string');
    },
    TEST_TIMEOUT_MS,
  );

  /**
   * What the lists show (spec §6, issue 10): a regular user only their own things; managers and admins
   * also their organization's ("All API Keys", "All webhooks", every block list and endpoint), never
   * another organization's. Organization integrations are the organization's for everyone.
   * `ownersIn` reads the dashboard users whose things a list answer holds.
   */
  const profileOwners = async (profileIds: number[]): Promise<number[]> =>
    profileIds.length === 0
      ? []
      : (
          await ctx.t.app.db
            .selectFrom('user_profiles')
            .select('user_id')
            .where('id', 'in', profileIds)
            .execute()
        ).map((row) => row.user_id);
  type Scope = 'own' | 'organization for managers and admins' | 'organization';
  const seesOrganization = (scope: Scope, caller: Account): boolean =>
    scope === 'organization' ||
    (scope === 'organization for managers and admins' && roleOf[caller] !== null);
  const visibility: {
    list: string;
    name: OperationName;
    part?: (body: never) => never[];
    ownersIn: (items: never[]) => Promise<number[]>;
    scope: Scope;
  }[] = [
    {
      list: 'apiKeys',
      name: 'listApiKeys',
      part: (body: { apiKeys: never[] }) => body.apiKeys,
      ownersIn: (items: { userProfileId: number }[]) =>
        profileOwners(items.map((item) => item.userProfileId)),
      scope: 'own',
    },
    {
      list: 'allApiKeys',
      name: 'listApiKeys',
      part: (body: { allApiKeys: never[] }) => body.allApiKeys,
      ownersIn: (items: { userProfileId: number }[]) =>
        profileOwners(items.map((item) => item.userProfileId)),
      scope: 'organization for managers and admins',
    },
    {
      list: 'webhooks',
      name: 'listWebhooks',
      part: (body: { webhooks: never[] }) => body.webhooks,
      ownersIn: async (items: { addedBy: { id: number } }[]) =>
        items.map((item) => item.addedBy.id),
      scope: 'own',
    },
    {
      list: 'allWebhooks',
      name: 'listWebhooks',
      part: (body: { allWebhooks: never[] }) => body.allWebhooks,
      ownersIn: async (items: { addedBy: { id: number } }[]) =>
        items.map((item) => item.addedBy.id),
      scope: 'organization for managers and admins',
    },
    {
      list: 'block lists',
      name: 'listBlockLists',
      ownersIn: (items: { userId: number }[]) => profileOwners(items.map((item) => item.userId)),
      scope: 'organization for managers and admins',
    },
    {
      list: 'webhook endpoints',
      name: 'listUserAccounts',
      ownersIn: (items: { userProfileId: number }[]) =>
        profileOwners(items.map((item) => item.userProfileId)),
      scope: 'organization for managers and admins',
    },
    {
      list: 'integrations',
      name: 'listUserIntegrations',
      ownersIn: async (items: { user: { ownerUserId: number } }[]) =>
        items.map((item) => item.user.ownerUserId),
      scope: 'own',
    },
    {
      list: 'organization integrations',
      name: 'listOrganizationIntegrations',
      ownersIn: async (items: { user: { ownerUserId: number } }[]) =>
        items.map((item) => item.user.ownerUserId),
      scope: 'organization',
    },
  ];

  it.each(
    visibility.flatMap((entry) =>
      accounts.map(
        (caller) =>
          [
            `${entry.list} (${entry.name}) as ${caller}: ${seesOrganization(entry.scope, caller) ? 'their organization’s' : 'only their own'}`,
            entry,
            caller,
          ] as const,
      ),
    ),
  )(
    '%s',
    async (_label, entry, caller) => {
      for (const owner of accounts) {
        await ctx.shared.get('webhook', owner);
        await ctx.shared.get('blockList', owner);
        await ctx.shared.get('userAccount', owner);
      }
      const response = await ctx.call(caller, entry.name);
      expect(response.statusCode).toBe(200);
      const body = JSON.parse(response.body) as never;
      const items = (entry.part ? entry.part(body) : body) as never[];
      const owners = new Set(await entry.ownersIn(items));
      const organization = accounts
        .filter((account) => sameOrganization(account, caller))
        .map((account) => ctx.fx[account].userId);
      if (seesOrganization(entry.scope, caller))
        expect([...owners].sort()).toEqual([...organization].sort());
      // a regular user's "All …" lists are empty
      else if (entry.list.startsWith('all')) expect(items).toEqual([]);
      else expect([...owners]).toEqual([ctx.fx[caller].userId]);
    },
    TEST_TIMEOUT_MS,
  );

  /**
   * The rows' own permission flags are the matrix's answer for that row: a HubSpot profile's canDelete
   * is whether deleteHubspotProfile goes through for the caller, an API key's canManage whether
   * updateApiKey, validateApiKey, revealApiKey, deleteApiKey and addLeadCategories do (the owner, plus `others`).
   */
  const mayUseAsDeclared = (name: OperationName, caller: Account, ownerUserId: number): boolean => {
    const others = matrix[name].others;
    if (!others) throw new Error(`${name} declares no owner rule`);
    const owner = accounts.find((account) => ctx.fx[account].userId === ownerUserId);
    if (!owner) throw new Error(`User ${ownerUserId} is none of the matrix's accounts`);
    return owner === caller || (sameOrganization(owner, caller) && mayUseOthers(others, caller));
  };

  it.each(accounts)(
    'listHubspotProfiles as %s: canDelete on each row is the deleteHubspotProfile cell of its owner',
    async (caller) => {
      const response = await ctx.call(caller, 'listHubspotProfiles');
      expect(response.statusCode).toBe(200);
      const body = JSON.parse(response.body) as {
        auth0Profiles: { userId: number; canDelete: boolean }[];
        organizationProfiles: { userId: number; canDelete: boolean }[];
      };
      const rows = [...body.auth0Profiles, ...body.organizationProfiles];
      expect(body.auth0Profiles.length).toBeGreaterThan(0);
      expect(body.organizationProfiles.length).toBeGreaterThan(0);
      expect(rows.map((row) => ({ owner: row.userId, canDelete: row.canDelete }))).toEqual(
        rows.map((row) => ({
          owner: row.userId,
          canDelete: mayUseAsDeclared('deleteHubspotProfile', caller, row.userId),
        })),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it.each(accounts)(
    'listUserAccounts as %s: canDelete and canRevealSecret on each row are the deleteUserAccount and revealWebhookEndpointSecret cells of its owner',
    async (caller) => {
      for (const owner of accounts) await ctx.shared.get('userAccount', owner);
      const response = await ctx.call(caller, 'listUserAccounts');
      expect(response.statusCode).toBe(200);
      const rows = JSON.parse(response.body) as {
        userProfileId: number;
        canDelete: boolean;
        canRevealSecret: boolean;
      }[];
      expect(rows.length).toBeGreaterThan(0);
      const owners = await Promise.all(
        rows.map(async (row) => (await profileOwners([row.userProfileId]))[0]!),
      );
      expect(
        rows.map((row, i) => ({
          owner: owners[i],
          canDelete: row.canDelete,
          canRevealSecret: row.canRevealSecret,
        })),
      ).toEqual(
        rows.map((_row, i) => ({
          owner: owners[i],
          canDelete: mayUseAsDeclared('deleteUserAccount', caller, owners[i]!),
          canRevealSecret: mayUseAsDeclared('revealWebhookEndpointSecret', caller, owners[i]!),
        })),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it.each(accounts)(
    'listApiKeys as %s: canManage on each row is the update, validate, delete and add-lead-categories cell of its owner',
    async (caller) => {
      const response = await ctx.call(caller, 'listApiKeys');
      expect(response.statusCode).toBe(200);
      const body = JSON.parse(response.body) as {
        apiKeys: { userProfileId: number; canManage: boolean }[];
        allApiKeys: { userProfileId: number; canManage: boolean }[];
      };
      const rows = [...body.apiKeys, ...body.allApiKeys];
      expect(body.apiKeys.length).toBeGreaterThan(0);
      if (roleOf[caller] !== null)
        expect(body.allApiKeys.length).toBeGreaterThan(body.apiKeys.length);
      const owners = await Promise.all(
        rows.map(async (row) => (await profileOwners([row.userProfileId]))[0]!),
      );
      for (const name of [
        'updateApiKey',
        'validateApiKey',
        'revealApiKey',
        'deleteApiKey',
        'addLeadCategories',
      ] as const) {
        expect(rows.map((row, i) => ({ owner: owners[i], canManage: row.canManage }))).toEqual(
          rows.map((_row, i) => ({
            owner: owners[i],
            canManage: mayUseAsDeclared(name, caller, owners[i]!),
          })),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );
});
