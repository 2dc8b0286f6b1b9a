import { blockList, blockListHistoryPage, type BlockList } from 'shared/contract';
import {
  blockListSyncHandler,
  requestBlockListSync,
  scheduleDueBlockLists,
} from '../src/block-list-sync/index.js';
import { BLOCK_LIST_SYNC, type BlockListSyncJob } from '../src/jobs/job-names.js';
import type { JobHandler, JobQueue } from '../src/jobs/job-queue.js';
import type { Platform } from '../src/db/schema.js';
import { setApiKeyValidity } from '../src/repositories/api-keys.js';
import { startBlockListSyncApp, type BlockListSyncApp } from './helpers/block-list-sync-app.js';
import type { FakeClock } from './helpers/fake-clock.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { insertApiKey, setFlags } from './helpers/rows.js';
import type { RunningSandbox } from './helpers/sandbox.js';
import {
  injectFault,
  resetSandbox,
  sandboxRequests,
  sandboxState,
} from './helpers/sandbox-control.js';
import { call, json, type TestApp } from './helpers/test-app.js';

/** The engine against the sandbox: the seeded user's HubSpot lists (101: 13 contacts, 102: contacts with a LinkedIn URL, 103: 3 companies, 104: 10,000 contacts). */
describe('block-list sync engine', () => {
  let app: BlockListSyncApp;
  let sandbox: RunningSandbox;
  let t: TestApp;
  let clock: FakeClock;
  let cookie: string;
  let profileId: number;
  let handler: JobHandler<BlockListSyncJob>;
  const keys = {} as Record<Platform, number>;

  const LIST_URL = '/api/admin/dashboard/smartlead/blocked-lists';

  beforeAll(async () => {
    app = await startBlockListSyncApp();
    ({ sandbox, t, clock, cookie, handler } = app);
    profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    for (const platform of ['smartlead', 'instantly', 'bison', 'heyreach'] as const)
      keys[platform] = await insertApiKey(t.app, profileId, platform);
  }, 60_000);

  afterAll(() => app?.close());

  beforeEach(async () => {
    for (const provider of ['smartlead', 'instantly', 'emailbison', 'heyreach'] as const)
      await resetSandbox(sandbox, provider);
    // each test on its own lists: the ones before are deleted (with their entries) and their queued syncs run out
    await t.app.db.deleteFrom('block_lists').execute();
    await drain();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject(call(method, url, cookie, body));

  async function create(change: Record<string, unknown>): Promise<BlockList> {
    const response = await inject('POST', '/api/admin/hubspot/blocked-lists', {
      crm: 'HUBSPOT',
      userProfileId: profileId,
      listId: '101',
      listName: 'Newsletter opt-outs',
      listType: 'CONTACT_LIST',
      apiKeyId: keys.smartlead,
      blockType: 'ADDRESS',
      client: null,
      useDomainForNonLatin: false,
      profileUrlFieldNames: [],
      heyReachListId: null,
      ...change,
    });
    expect(response.statusCode).toBe(200);
    return blockList.parse(json(response));
  }

  const drain = () => app.drain();

  async function shown(id: number): Promise<BlockList> {
    const lists = blockList.array().parse(json(await inject('GET', LIST_URL)));
    return lists.find((list) => list.id === id)!;
  }

  async function history(id: number) {
    const response = await inject('GET', `${LIST_URL}/history?page=1&block-list-id=${id}`);
    expect(response.statusCode).toBe(200);
    return blockListHistoryPage.parse(json(response));
  }

  /** What the sync put in Smartlead's block list (the sandbox seeds three entries of its own). */
  const smartleadEntries = async () =>
    (
      await sandboxState<{
        blockList: { email_or_domain: string; client_id: number | null; source: string }[];
      }>(sandbox, 'smartlead')
    ).blockList.filter((entry) => entry.source === 'API');

  const calls = async (
    provider: 'smartlead' | 'instantly' | 'emailbison' | 'heyreach',
    path: string,
  ) =>
    (await sandboxRequests(sandbox, provider))
      .filter((request) => request.url.includes(path))
      .reverse();

  async function hubspotToken(): Promise<string> {
    const row = await t.app.db
      .selectFrom('user_profiles')
      .select('access_token_enc')
      .where('id', '=', profileId)
      .executeTakeFirstOrThrow();
    return t.app.secretBox.open(row.access_token_enc!);
  }

  /** The contact with this email (batch read by email: no search delay). */
  async function hubspotContact(email: string): Promise<{ results: { id: string }[] }> {
    const response = await fetch(`${sandbox.url}/hubspot/crm/v3/objects/contacts/batch/read`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await hubspotToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ idProperty: 'email', properties: ['email'], inputs: [{ id: email }] }),
    });
    return (await response.json()) as { results: { id: string }[] };
  }

  /** New contacts with a LinkedIn URL: they join the dynamic list 102. */
  async function addLinkedInContacts(prefix: string, count: number): Promise<void> {
    const token = await hubspotToken();
    for (let start = 0; start < count; start += 100) {
      const inputs = Array.from({ length: Math.min(100, count - start) }, (_, index) => {
        const n = start + index + 1;
        return {
          idProperty: 'email',
          id: `${prefix}.${n}@linked.example`,
          properties: {
            email: `${prefix}.${n}@linked.example`,
            firstname: 'Lin',
            lastname: `Ked ${n}`,
            hs_linkedin_url: `https://www.linkedin.com/in/${prefix}-${n}`,
          },
        };
      });
      const response = await fetch(`${sandbox.url}/hubspot/crm/v3/objects/contacts/batch/upsert`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ inputs }),
      });
      expect(response.status).toBeLessThan(300);
    }
  }

  it('first sync: a new list syncs at once; SYNCED with true counts and dates, the emails in Smartlead, a log row per entry', async () => {
    const created = await create({});
    expect(created.status).toBe('PENDING');
    expect(await drain()).toBe(1);
    const list = await shown(created.id);
    expect(list).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 13,
      countItemsNotSynced: 0,
      lastError: null,
    });
    expect(list.lastFetchedAt).not.toBeNull();
    expect(list.lastAttemptedAt).not.toBeNull();
    const entries = await smartleadEntries();
    expect(entries).toHaveLength(13);
    expect(
      entries.every((entry) => entry.email_or_domain.includes('@') && entry.client_id === null),
    ).toBe(true);
    const page = await history(created.id);
    expect(page.totalItems).toBe(14);
    expect(
      page.data
        .filter((row) => row.entityDetails.action === 'pushed')
        .every((row) => row.syncedAt !== null && row.lastError === null),
    ).toBe(true);
    expect(
      page.data.find((row) => row.entityDetails.action === 'run')!.entityDetails,
    ).toMatchObject({ reason: 'created', members: 13, pushed: 13, platformCalls: 1 });
  }, 60_000);

  it('incremental: a second run pushes nothing; members added to the CRM list are the only ones pushed; one that leaves is logged, not removed', async () => {
    const created = await create({ listId: '102', listName: 'Contacts with a LinkedIn profile' });
    await drain();
    const first = await shown(created.id);
    expect(first.status).toBe('SYNCED');
    const before = (await calls('smartlead', 'add-domain-block-list')).length;
    await requestBlockListSync(t.app.queue, created.id, 'sync-now');
    await drain();
    expect((await calls('smartlead', 'add-domain-block-list')).length).toBe(before);
    await addLinkedInContacts('incremental', 3);
    const response = await inject('POST', `${LIST_URL}/${created.id}/sync`);
    expect(response.statusCode).toBe(200);
    await drain();
    const pushes = await calls('smartlead', 'add-domain-block-list');
    expect(pushes).toHaveLength(before + 1);
    expect(
      (pushes.at(-1)!.body as { domain_block_list: string[] }).domain_block_list.sort(),
    ).toEqual([
      'incremental.1@linked.example',
      'incremental.2@linked.example',
      'incremental.3@linked.example',
    ]);
    expect((await shown(created.id)).countItemsSynced).toBe(first.countItemsSynced + 3);

    // a member leaves the CRM list: reported in the log, kept in the platform (nothing deleted there)
    const [leaving] = (await hubspotContact('incremental.1@linked.example')).results;
    const token = await hubspotToken();
    await fetch(`${sandbox.url}/hubspot/crm/v3/objects/contacts/${leaving!.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { hs_linkedin_url: '' } }),
    });
    await requestBlockListSync(t.app.queue, created.id, 'sync-now');
    await drain();
    expect((await shown(created.id)).countItemsSynced).toBe(first.countItemsSynced + 2);
    const removed = (await history(created.id)).data.filter(
      (row) => row.entityDetails.action === 'removed-from-crm-list',
    );
    expect(removed.map((row) => row.entity)).toEqual(['incremental.1@linked.example']);
    expect(
      (await sandboxRequests(sandbox, 'smartlead')).filter(
        (request) => request.method === 'DELETE',
      ),
    ).toEqual([]);
  }, 60_000);

  it('BLOCK_LIST_REMOVE_LEFT_MEMBERS: a leaver is removed from Instantly and EmailBison and forgotten, stays in Smartlead with a note; entries blocked by hand stay', async () => {
    const settings = t.app.deps.config.blockListSync;
    const removing = blockListSyncHandler(
      {
        ...t.app.deps,
        config: { ...t.app.deps.config, blockListSync: { ...settings, removeLeftMembers: true } },
      },
      { maxWaitMs: 60_000, sleep: async (ms) => clock.advance(ms) },
    );
    const drainRemoving = async () => {
      while (await t.app.queue.runNext(BLOCK_LIST_SYNC, removing));
    };
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/instantly/api/v2/block-lists-entries', 'in-valid-key', {
      bl_value: 'by.hand@manual.example',
    });
    await post('/emailbison/api/blacklisted-emails', 'eb-valid-key', {
      email: 'by.hand@manual.example',
    });
    // a member someone had blocked by hand before the lists pushed it: theirs, never removed
    const blockedBefore = 'leaver.3@linked.example';
    await post('/instantly/api/v2/block-lists-entries', 'in-valid-key', {
      bl_value: blockedBefore,
    });
    await post('/emailbison/api/blacklisted-emails', 'eb-valid-key', { email: blockedBefore });
    await addLinkedInContacts('leaver', 3);
    const lists = {
      instantly: await create({
        listId: '102',
        listName: 'LinkedIn to Instantly',
        apiKeyId: keys.instantly,
      }),
      bison: await create({
        listId: '102',
        listName: 'LinkedIn to EmailBison',
        apiKeyId: keys.bison,
      }),
      smartlead: await create({
        listId: '102',
        listName: 'LinkedIn to Smartlead',
        apiKeyId: keys.smartlead,
      }),
    };
    await drainRemoving();
    const leaver = 'leaver.1@linked.example';
    const instantlyValues = async () =>
      (
        await sandboxState<{ blockList: { bl_value: string }[] }>(sandbox, 'instantly')
      ).blockList.map((entry) => entry.bl_value);
    const bisonEmails = async () =>
      (
        await sandboxState<{ blacklistedEmails: { email: string }[] }>(sandbox, 'emailbison')
      ).blacklistedEmails.map((entry) => entry.email);
    const entriesOf = async (id: number) =>
      (
        await t.app.db
          .selectFrom('block_list_entries')
          .select('entry')
          .where('block_list_id', '=', id)
          .execute()
      ).map((row) => row.entry);
    expect(await instantlyValues()).toContain(leaver);
    expect(await bisonEmails()).toContain(leaver);
    expect((await smartleadEntries()).map((entry) => entry.email_or_domain)).toContain(leaver);

    for (const email of [leaver, blockedBefore]) {
      const [leaving] = (await hubspotContact(email)).results;
      await fetch(`${sandbox.url}/hubspot/crm/v3/objects/contacts/${leaving!.id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${await hubspotToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ properties: { hs_linkedin_url: '' } }),
      });
    }
    // EmailBison refuses the first removal: the entry stays (in the platform and in the entries), the log has its words
    await injectFault(sandbox, 'emailbison', '410', {
      route: 'DELETE /api/blacklisted-emails/*',
      count: 1,
    });
    for (const list of Object.values(lists))
      await requestBlockListSync(t.app.queue, list.id, 'sync-now');
    await drainRemoving();
    expect(await bisonEmails()).toContain(leaver);
    expect(await entriesOf(lists.bison.id)).toContain(leaver);
    const refusedRow = (await history(lists.bison.id)).data.find(
      (row) => row.entity === leaver && row.entityDetails.action === 'removed-from-platform',
    );
    expect(refusedRow).toMatchObject({
      syncedAt: null,
      lastError: expect.stringMatching(/^EmailBison refused the removal/),
    });
    // the next run tries again
    await requestBlockListSync(t.app.queue, lists.bison.id, 'sync-now');
    await drainRemoving();

    // Instantly and EmailBison: gone from the platform and from the entries (pushed again if it comes back), logged
    expect(await instantlyValues()).not.toContain(leaver);
    expect(await instantlyValues()).toContain('leaver.2@linked.example');
    expect(await bisonEmails()).not.toContain(leaver);
    expect(await bisonEmails()).toContain('leaver.2@linked.example');
    for (const list of [lists.instantly, lists.bison]) {
      expect(await shown(list.id)).toMatchObject({ status: 'SYNCED', lastError: null });
      expect(await entriesOf(list.id)).not.toContain(leaver);
      const rows = (await history(list.id)).data.filter((row) => row.entity === leaver);
      expect(
        rows.find(
          (row) => row.entityDetails.action === 'removed-from-platform' && row.lastError === null,
        ),
      ).toBeDefined();
      expect(
        rows.find((row) => row.entityDetails.action === 'removed-from-crm-list'),
      ).toBeDefined();
    }
    // entries blocked by hand are never touched, even when their member was in the list and left it
    expect(await instantlyValues()).toContain('by.hand@manual.example');
    expect(await bisonEmails()).toContain('by.hand@manual.example');
    expect(await instantlyValues()).toContain(blockedBefore);
    expect(await bisonEmails()).toContain(blockedBefore);
    for (const list of [lists.instantly, lists.bison]) {
      const rows = (await history(list.id)).data.filter((row) => row.entity === blockedBefore);
      expect(rows.map((row) => row.entityDetails.action)).not.toContain('removed-from-platform');
      expect(
        rows.find((row) => row.entityDetails.action === 'removed-from-crm-list')!.entityDetails
          .note,
      ).toMatch(/kept in the platform: it was there before this list pushed it/);
    }

    // Smartlead has no removal API: the entry stays, and the log says why
    expect((await smartleadEntries()).map((entry) => entry.email_or_domain)).toContain(leaver);
    const smartleadRows = (await history(lists.smartlead.id)).data.filter(
      (row) => row.entity === leaver,
    );
    expect(smartleadRows.map((row) => row.entityDetails.action)).not.toContain(
      'removed-from-platform',
    );
    expect(
      smartleadRows.find((row) => row.entityDetails.action === 'removed-from-crm-list')!
        .entityDetails.note,
    ).toMatch(/kept in Smartlead: the platform offers no way to remove it/);
    expect(
      (await sandboxRequests(sandbox, 'smartlead')).filter(
        (request) => request.method === 'DELETE',
      ),
    ).toEqual([]);
  }, 120_000);

  it('Smartlead client scoping: entries go to the chosen client’s block list only', async () => {
    const created = await create({
      listId: '103',
      listName: 'Competitor and partner companies',
      listType: 'COMPANY_LIST',
      blockType: 'DOMAIN',
      client: { id: 302, email: 'team@globex-outreach.example' },
    });
    await drain();
    expect((await shown(created.id)).status).toBe('SYNCED');
    const entries = await smartleadEntries();
    expect(entries.length).toBe(3);
    expect(
      entries.every((entry) => entry.client_id === 302 && !entry.email_or_domain.includes('@')),
    ).toBe(true);
    const [push] = await calls('smartlead', 'add-domain-block-list');
    expect(push!.body).toMatchObject({ client_id: 302 });
  }, 60_000);

  it('Instantly: the 10,000-member list goes in 10 bulk-creates of 1,000', async () => {
    const created = await create({
      listId: '104',
      listName: 'Scale test',
      apiKeyId: keys.instantly,
    });
    await drain();
    expect(await shown(created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 10_000,
      countItemsNotSynced: 0,
    });
    const pushes = await calls('instantly', 'bulk-create');
    expect(pushes.map((push) => (push.body as { bl_values: string[] }).bl_values.length)).toEqual(
      Array.from({ length: 10 }, () => 1000),
    );
  }, 180_000);

  it('EmailBison: one call per entry; a 422 "already been taken" counts as done', async () => {
    const token = 'eb-valid-key';
    await fetch(`${sandbox.url}/emailbison/api/blacklisted-emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'olivia.smith@northwind.example' }),
    });
    const created = await create({ apiKeyId: keys.bison });
    await drain();
    expect(await shown(created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 13,
      countItemsNotSynced: 0,
    });
    const posts = (await calls('emailbison', 'blacklisted-emails')).filter(
      (request) => request.method === 'POST',
    );
    expect(posts).toHaveLength(1 + 13);
    expect(posts.filter((request) => request.status === 422)).toHaveLength(1);
  }, 60_000);

  it('HeyReach: profile URLs added to the chosen list, 100 leads a call', async () => {
    await addLinkedInContacts('heyreach', 150);
    const created = await create({
      listId: '102',
      listName: 'LinkedIn',
      apiKeyId: keys.heyreach,
      profileUrlFieldNames: ['hs_linkedin_url'],
      heyReachListId: '51001',
    });
    await drain();
    const list = await shown(created.id);
    expect(list.status).toBe('SYNCED');
    const pushes = await calls('heyreach', 'AddLeadsToListV2');
    const sizes = pushes.map((push) => (push.body as { leads: unknown[] }).leads.length);
    expect(sizes.every((size) => size <= 100)).toBe(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(list.countItemsSynced);
    expect(list.countItemsSynced).toBeGreaterThan(150);
    expect((pushes[0]!.body as { listId: number; leads: { profileUrl: string }[] }).listId).toBe(
      51001,
    );
  }, 60_000);

  it('429: the run waits for Retry-After without using an attempt, then finishes', async () => {
    const created = await create({});
    await injectFault(sandbox, 'smartlead', '429', {
      route: '/api/v1/leads/add-domain-block-list',
      retryAfterSeconds: 120,
    });
    expect(await drain()).toBe(1);
    const waiting = await shown(created.id);
    expect(waiting.status).toBe('SYNCING');
    expect(waiting.lastError).toMatch(/429/);
    // on either queue (SQLite's table, pg-boss): back to retry, not before Retry-After, no attempt used
    const job = await t.app.queue.getJob(BLOCK_LIST_SYNC, app.lastJobId()!);
    expect(job).toMatchObject({ state: 'retry', attempts: 0 });
    expect(job!.runAfter.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 100_000);
    expect(await drain()).toBe(0);
    clock.advance(121_000);
    expect(await drain()).toBe(1);
    expect(await shown(created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: 13,
      lastError: null,
    });
  }, 60_000);

  it('a refused key: FAILED with the platform’s words, and the schedule skips the list until the key is fixed', async () => {
    const wrongKey = await insertApiKey(t.app, profileId, 'smartlead', 'sl-wrong-key');
    const created = await create({ apiKeyId: wrongKey });
    await drain();
    const failed = await shown(created.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.lastError).toMatch(/^Smartlead did not accept the API key/);
    expect(
      (
        await t.app.db
          .selectFrom('api_keys')
          .select('is_valid')
          .where('id', '=', wrongKey)
          .executeTakeFirstOrThrow()
      ).is_valid,
    ).toBe(0);
    clock.advance(16 * 60_000);
    // the schedule's sends, seen through a queue that records them
    const due = async (): Promise<boolean> => {
      const sent: BlockListSyncJob[] = [];
      const recorder = {
        send: async (_name: string, data: BlockListSyncJob) => (sent.push(data), '1'),
        wake: () => undefined,
      } as unknown as JobQueue;
      await scheduleDueBlockLists(t.app.deps, recorder);
      return sent.some((job) => job.blockListId === created.id);
    };
    expect(await due()).toBe(false);
    // updating or re-checking the key marks it valid again (services/api-keys.ts): the schedule takes the list back
    await setApiKeyValidity(t.app.db, wrongKey, true);
    expect(await due()).toBe(true);
  }, 60_000);

  it('pause stops the schedule and answers "Sync now" with 409; resume syncs at once', async () => {
    const created = await create({});
    await drain();
    const paused = json<BlockList>(
      await inject('PUT', `${LIST_URL}/${created.id}`, { isEnabled: false }),
    );
    expect(paused.status).toBe('PAUSED');
    const refused = await inject('POST', `${LIST_URL}/${created.id}/sync`);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toBe(
      'This block list is paused: resume it to sync it',
    );
    clock.advance(16 * 60_000);
    await scheduleDueBlockLists(t.app.deps, t.app.queue);
    const before = (await calls('smartlead', 'add-domain-block-list')).length;
    await drain();
    expect((await calls('smartlead', 'add-domain-block-list')).length).toBe(before);
    await resetSandbox(sandbox, 'smartlead');
    await t.app.db
      .deleteFrom('block_list_entries')
      .where('block_list_id', '=', created.id)
      .execute();
    expect(
      json<BlockList>(await inject('PUT', `${LIST_URL}/${created.id}`, { isEnabled: true })).status,
    ).not.toBe('PAUSED');
    expect(await drain()).toBe(1);
    expect(await smartleadEntries()).toHaveLength(13);
    // without canBlockList the owner's list shows PAUSED_PENDING_UPGRADE and does not sync
    await setFlags(t.app, 'user', { canBlockList: false });
    try {
      expect((await shown(created.id)).status).toBe('PAUSED_PENDING_UPGRADE');
      expect((await inject('POST', `${LIST_URL}/${created.id}/sync`)).statusCode).toBe(409);
    } finally {
      await setFlags(t.app, 'user', { canBlockList: true });
    }
    expect((await inject('DELETE', `${LIST_URL}/${created.id}`)).statusCode).toBe(200);
    expect(
      await t.app.db
        .selectFrom('block_list_entries')
        .select('id')
        .where('block_list_id', '=', created.id)
        .execute(),
    ).toEqual([]);
  }, 60_000);

  it('two workers never sync one list at once: its second sync waits until the first is done; another list runs beside it', async () => {
    const one = await create({});
    const two = await create({
      listId: '103',
      listName: 'Companies',
      listType: 'COMPANY_LIST',
      blockType: 'DOMAIN',
    });
    await requestBlockListSync(t.app.queue, one.id, 'sync-now');
    const running: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding: JobHandler<BlockListSyncJob> = async (job) => {
      running.push(job.data.blockListId);
      if (job.data.blockListId === one.id) await gate;
      await handler(job);
    };
    // worker A takes list one's first sync and holds it
    const first = t.app.queue.runNext(BLOCK_LIST_SYNC, holding);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // worker B: list one's second sync is held back by its key; list two's runs
    expect(await t.app.queue.runNext(BLOCK_LIST_SYNC, holding)).toBe(true);
    expect(await t.app.queue.runNext(BLOCK_LIST_SYNC, holding)).toBe(false);
    expect(running).toEqual([one.id, two.id]);
    release();
    expect(await first).toBe(true);
    expect(await t.app.queue.runNext(BLOCK_LIST_SYNC, holding)).toBe(true);
    expect(running).toEqual([one.id, two.id, one.id]);
  }, 60_000);
});
