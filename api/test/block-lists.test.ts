import { blockList, blockListHistoryPage, type BlockList } from 'shared/contract';
import { z } from 'zod';
import { insertBlockListLog } from '../src/repositories/block-list-logs.js';
import {
  insertApiKey,
  insertProfile,
  joinOrganizationOf,
  setFlags,
  userIdOf,
  validPlatformKeys,
} from './helpers/rows.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const accounts = ['admin', 'manager', 'user'] as const;
const HUBSPOT_URL = '/api/admin/hubspot/blocked-lists';
const SALESFORCE_URL = '/api/admin/salesforce/blocked-lists';
const LIST_URL = '/api/admin/dashboard/smartlead/blocked-lists';

interface Fixture {
  hubspot: number;
  salesforce: number;
  smartlead: number;
  instantly: number;
  heyreach: number;
  bison: number;
}

describe('block lists api', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const fx = {} as Record<SeededAccount, Fixture>;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => t.app.inject(call(method, url, account && cookies[account], body));

  const hubspotBody = (account: SeededAccount, change: Record<string, unknown> = {}) => ({
    crm: 'HUBSPOT',
    listId: '101',
    listName: 'Newsletter opt-outs',
    listType: 'CONTACT_LIST',
    apiKeyId: fx[account].smartlead,
    blockType: 'ADDRESS',
    client: { id: 42, email: 'client@example.com', name: 'Client' },
    useDomainForNonLatin: false,
    profileUrlFieldNames: [],
    heyReachListId: null,
    ...change,
  });
  const salesforceBody = (account: SeededAccount, change: Record<string, unknown> = {}) => ({
    crm: 'SALESFORCE',
    listIdentifier: '00B000000000001AAA',
    listName: 'Do not contact',
    apiKeyId: fx[account].instantly,
    blockType: 'ADDRESS',
    client: null,
    fields: ['Email', ' Email ', 'Website'],
    useDomainForNonLatin: true,
    ...change,
  });
  const createOk = async (
    account: SeededAccount,
    url: string,
    body: unknown,
  ): Promise<BlockList> => {
    const response = await inject('POST', url, account, body);
    expect(response.statusCode).toBe(200);
    return blockList.parse(json(response));
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of accounts) {
      cookies[account] = await signIn(t.app, account);
      const hubspot = await insertProfile(t.app, account, 'HUBSPOT');
      const salesforce = await insertProfile(t.app, account, 'SALESFORCE');
      fx[account] = {
        hubspot,
        salesforce,
        smartlead: await insertApiKey(t.app, hubspot, 'smartlead'),
        instantly: await insertApiKey(t.app, salesforce, 'instantly'),
        heyreach: await insertApiKey(t.app, hubspot, 'heyreach'),
        bison: await insertApiKey(t.app, hubspot, 'bison'),
      };
    }
    // Seeded: the regular user may not create block lists; allowed here for their own rows.
    await setFlags(t.app, 'user', { canBlockList: true });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('without a session', () => {
    it.each([
      ['POST', HUBSPOT_URL],
      ['POST', SALESFORCE_URL],
      ['GET', LIST_URL],
      ['PUT', `${LIST_URL}/1`],
      ['DELETE', `${LIST_URL}/1`],
      ['GET', `${LIST_URL}/history`],
    ] as const)('%s %s answers 401', async (method, url) => {
      const response = await inject(
        method,
        url,
        undefined,
        method === 'POST' || method === 'PUT' ? {} : undefined,
      );
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Sign in to continue' });
    });
  });

  describe('POST /api/admin/hubspot/blocked-lists', () => {
    it('creates an enabled, pending block list in the spec §3 shape (never the key itself)', async () => {
      const created = await createOk('user', HUBSPOT_URL, hubspotBody('user'));
      expect(created).toMatchObject({
        crm: 'HUBSPOT',
        listId: '101',
        listIdILS: null,
        listName: 'Newsletter opt-outs',
        listType: 'CONTACT_LIST',
        userId: fx.user.hubspot,
        user: { id: fx.user.hubspot, profile: 'HUBSPOT' },
        apiKey: { id: fx.user.smartlead, platform: 'smartlead', description: 'smartlead key' },
        clientDetails: { id: '42', email: 'client@example.com' },
        blockType: 'ADDRESS',
        useDomainForNonLatin: false,
        isEnabled: true,
        status: 'PENDING',
        lastError: null,
        countItemsSynced: 0,
        countItemsNotSynced: 0,
        canManage: true,
      });
      expect(JSON.stringify(created)).not.toContain(validPlatformKeys.smartlead);
    });

    it('forces DOMAIN for a company list and keeps the non-Latin option only for instantly ADDRESS contact lists', async () => {
      const company = await createOk(
        'user',
        HUBSPOT_URL,
        hubspotBody('user', {
          listId: 103,
          listType: 'COMPANY_LIST',
          blockType: 'ADDRESS',
          useDomainForNonLatin: true,
        }),
      );
      expect(company).toMatchObject({
        listId: '103',
        blockType: 'DOMAIN',
        useDomainForNonLatin: false,
      });
      const instantlyKey = await insertApiKey(t.app, fx.user.hubspot, 'instantly');
      const instantly = await createOk(
        'user',
        HUBSPOT_URL,
        hubspotBody('user', { apiKeyId: instantlyKey, client: null, useDomainForNonLatin: true }),
      );
      expect(instantly).toMatchObject({ useDomainForNonLatin: true, clientDetails: null });
      const smartlead = await createOk(
        'user',
        HUBSPOT_URL,
        hubspotBody('user', { useDomainForNonLatin: true }),
      );
      expect(smartlead.useDomainForNonLatin).toBe(false);
    });

    it('keeps the HeyReach list and profile URL fields for heyreach', async () => {
      const created = await createOk(
        'user',
        HUBSPOT_URL,
        hubspotBody('user', {
          apiKeyId: fx.user.heyreach,
          client: { id: 1 },
          profileUrlFieldNames: ['hs_linkedin_url', 'hs_linkedin_url', ' '],
          heyReachListId: 555,
        }),
      );
      expect(created).toMatchObject({
        apiKey: { platform: 'heyreach' },
        profileUrlFieldNames: ['hs_linkedin_url'],
        heyReachListId: '555',
        clientDetails: null,
      });
    });

    it.each([
      [{ listType: null }, 'Select List Type', 'listType'],
      [{ listId: null }, 'Select hubspot list', 'listId'],
      [{ listId: '  ' }, 'Select hubspot list', 'listId'],
      [{ apiKeyId: null }, 'Select API Key', 'apiKeyId'],
      [{ blockType: null }, 'Select Type of blocking', 'blockType'],
      [
        { apiKey: 'heyreach', heyReachListId: 5 },
        'Select at least one Profile URL field for HeyReach',
        'profileUrlFieldNames',
      ],
      [
        { apiKey: 'heyreach', profileUrlFieldNames: ['hs_linkedin_url'] },
        'Please select HeyReach list',
        'heyReachListId',
      ],
      [
        { apiKey: 'heyreach', blockType: 'DOMAIN', profileUrlFieldNames: ['x'], heyReachListId: 5 },
        'HeyReach does not support DOMAIN blocking: choose ADDRESS',
        'blockType',
      ],
      [
        { apiKey: 'heyreach', listType: 'COMPANY_LIST' },
        'HeyReach does not support company lists: choose a contact list',
        'listType',
      ],
    ])('%j → 400 "%s"', async (change, message, field) => {
      const { apiKey, ...rest } = change as Record<string, unknown> & { apiKey?: 'heyreach' };
      const response = await inject(
        'POST',
        HUBSPOT_URL,
        'user',
        hubspotBody('user', { ...(apiKey ? { apiKeyId: fx.user.heyreach } : {}), ...rest }),
      );
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message, errors: { [field]: message } });
    });

    it.each([
      [{ listType: 'LIST' }, 'listType'],
      [{ blockType: 'EMAIL' }, 'blockType'],
      [{ crm: 'SALESFORCE' }, 'crm'],
      [{ apiKeyId: 'one' }, 'apiKeyId'],
    ])('a value outside its schema %j → 400 naming %s', async (change, field) => {
      const response = await inject('POST', HUBSPOT_URL, 'user', hubspotBody('user', change));
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toContain(field);
    });

    it('refuses someone else’s key (403), an unknown key (404), someone else’s profile (403) and a Salesforce profile (400)', async () => {
      expect(
        (
          await inject(
            'POST',
            HUBSPOT_URL,
            'user',
            hubspotBody('user', { apiKeyId: fx.admin.smartlead }),
          )
        ).statusCode,
      ).toBe(403);
      const unknown = await inject(
        'POST',
        HUBSPOT_URL,
        'user',
        hubspotBody('user', { apiKeyId: 99_999 }),
      );
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ message: 'API key not found' });
      expect(
        (
          await inject(
            'POST',
            HUBSPOT_URL,
            'admin',
            hubspotBody('admin', { userProfileId: fx.user.hubspot }),
          )
        ).statusCode,
      ).toBe(403);
      const wrongCrm = await inject(
        'POST',
        HUBSPOT_URL,
        'user',
        hubspotBody('user', { userProfileId: fx.user.salesforce }),
      );
      expect(wrongCrm.statusCode).toBe(400);
      expect(json<{ message: string }>(wrongCrm).message).toBe(
        'Choose a HubSpot profile for a HUBSPOT block list',
      );
    });

    it('answers 403 without canBlockList, before reading the body', async () => {
      await setFlags(t.app, 'user', { canBlockList: false });
      try {
        for (const url of [HUBSPOT_URL, SALESFORCE_URL]) {
          const response = await inject('POST', url, 'user', { junk: 1 });
          expect(response.statusCode).toBe(403);
          expect(json<{ message: string }>(response).message).toMatch(
            /^You don't have permission to create block lists/,
          );
        }
      } finally {
        await setFlags(t.app, 'user', { canBlockList: true });
      }
    });
  });

  describe('POST /api/admin/salesforce/blocked-lists', () => {
    it('creates a Salesforce block list on the key’s profile with its fields', async () => {
      const created = await createOk('user', SALESFORCE_URL, salesforceBody('user'));
      expect(created).toMatchObject({
        crm: 'SALESFORCE',
        listId: null,
        listIdILS: '00B000000000001AAA',
        listType: null,
        userId: fx.user.salesforce,
        fields: ['Email', 'Website'],
        useDomainForNonLatin: true,
        apiKey: { platform: 'instantly' },
      });
    });

    it.each([
      [{ listIdentifier: null }, 'Select list', 'listIdentifier'],
      [{ fields: [] }, 'Select fields', 'fields'],
      [{ apiKeyId: null }, 'Select API Key', 'apiKeyId'],
      [{ blockType: null }, 'Select Type of blocking', 'blockType'],
      [{ heyreach: true }, 'HeyReach is not available for SALESFORCE block lists', 'platform'],
    ])('%j → 400 "%s"', async (change, message, field) => {
      const { heyreach, ...rest } = change as Record<string, unknown> & { heyreach?: boolean };
      const response = await inject(
        'POST',
        SALESFORCE_URL,
        'user',
        salesforceBody('user', {
          ...(heyreach ? { apiKeyId: fx.user.heyreach, userProfileId: fx.user.salesforce } : {}),
          ...rest,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message, errors: { [field]: message } });
    });

    it('refuses a HubSpot profile for a Salesforce list (400)', async () => {
      const response = await inject(
        'POST',
        SALESFORCE_URL,
        'user',
        salesforceBody('user', { apiKeyId: fx.user.smartlead }),
      );
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toBe(
        'Choose a Salesforce profile for a SALESFORCE block list',
      );
    });
  });

  describe('list, pause and resume, delete', () => {
    const ids = {} as Record<SeededAccount, number>;
    beforeAll(async () => {
      for (const account of accounts)
        ids[account] = (
          await createOk(
            account,
            HUBSPOT_URL,
            hubspotBody(account, { listName: `${account} list` }),
          )
        ).id;
    });
    const listFor = async (account: SeededAccount) =>
      z.array(blockList).parse(json(await inject('GET', LIST_URL, account)));

    it('shows regular users only their own block lists', async () => {
      const rows = await listFor('user');
      expect(rows.length).toBeGreaterThan(1);
      expect(
        rows.every((row) => row.user.id === fx.user.hubspot || row.user.id === fx.user.salesforce),
      ).toBe(true);
      expect(rows.map((row) => row.id)).not.toContain(ids.admin);
    });

    it('shows managers and admins everyone’s; canManage for admins everywhere, managers only on their own', async () => {
      const manager = await listFor('manager');
      expect(manager.map((row) => row.id)).toEqual(
        expect.arrayContaining([ids.admin, ids.manager, ids.user]),
      );
      expect(manager.find((row) => row.id === ids.user)?.canManage).toBe(false);
      expect(manager.find((row) => row.id === ids.manager)?.canManage).toBe(true);
      expect((await listFor('admin')).every((row) => row.canManage)).toBe(true);
    });

    it('lets the owner pause and resume their own block list', async () => {
      const paused = await inject('PUT', `${LIST_URL}/${ids.user}`, 'user', { isEnabled: false });
      expect(paused.statusCode).toBe(200);
      expect(blockList.parse(json(paused))).toMatchObject({ id: ids.user, isEnabled: false });
      const resumed = await inject('PUT', `${LIST_URL}/${ids.user}`, 'user', { isEnabled: true });
      expect(blockList.parse(json(resumed)).isEnabled).toBe(true);
    });

    it('lets admins pause anyone’s block list', async () => {
      const response = await inject('PUT', `${LIST_URL}/${ids.manager}`, 'admin', {
        isEnabled: false,
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ isEnabled: false, canManage: true });
    });

    it.each([
      ['user', 'admin'],
      ['manager', 'user'],
    ] as const)(
      'refuses the %s pausing, resuming or deleting the %s’s block list (403)',
      async (account, target) => {
        const pause = await inject('PUT', `${LIST_URL}/${ids[target]}`, account, {
          isEnabled: false,
        });
        expect(pause.statusCode).toBe(403);
        expect(json(pause)).toEqual({
          message: "Only admins and the profile's owner can pause this block list",
        });
        const resume = await inject('PUT', `${LIST_URL}/${ids[target]}`, account, {
          isEnabled: true,
        });
        expect(json(resume)).toEqual({
          message: "Only admins and the profile's owner can resume this block list",
        });
        const del = await inject('DELETE', `${LIST_URL}/${ids[target]}`, account);
        expect(del.statusCode).toBe(403);
        expect(json(del)).toEqual({
          message: "Only admins and the profile's owner can delete this block list",
        });
      },
    );

    it('answers 400 for a bad body or id and 404 for an unknown block list', async () => {
      const body = await inject('PUT', `${LIST_URL}/${ids.user}`, 'user', { isEnabled: 'yes' });
      expect(body.statusCode).toBe(400);
      expect(json<{ message: string }>(body).message).toContain('isEnabled');
      expect(
        (await inject('PUT', `${LIST_URL}/${ids.user}`, 'user', { isEnabled: true, extra: 1 }))
          .statusCode,
      ).toBe(400);
      expect((await inject('PUT', `${LIST_URL}/x`, 'user', { isEnabled: true })).statusCode).toBe(
        400,
      );
      const unknown = await inject('DELETE', `${LIST_URL}/99999`, 'admin');
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ message: 'Block list not found' });
    });

    it('lets the owner and admins delete, answering the deleted block list', async () => {
      const own = await inject('DELETE', `${LIST_URL}/${ids.manager}`, 'manager');
      expect(own.statusCode).toBe(200);
      expect(blockList.parse(json(own))).toMatchObject({
        id: ids.manager,
        listName: 'manager list',
      });
      const admin = await inject('DELETE', `${LIST_URL}/${ids.user}`, 'admin');
      expect(admin.statusCode).toBe(200);
      const remaining = (await listFor('admin')).map((row) => row.id);
      expect(remaining).not.toContain(ids.manager);
      expect(remaining).not.toContain(ids.user);
    });
  });

  describe('GET /api/admin/dashboard/smartlead/blocked-lists/history', () => {
    let userList: number;
    let adminList: number;
    beforeAll(async () => {
      userList = (
        await createOk('user', HUBSPOT_URL, hubspotBody('user', { listName: 'history list' }))
      ).id;
      adminList = (
        await createOk('admin', HUBSPOT_URL, hubspotBody('admin', { listName: 'admin history' }))
      ).id;
      const userId = await userIdOf(t.app, 'user');
      const adminId = await userIdOf(t.app, 'admin');
      const base = Date.parse('2026-01-01T00:00:00Z');
      for (let i = 0; i < 45; i += 1) {
        await insertBlockListLog(t.app.db, {
          blockListId: userList,
          userId,
          entity: i === 7 ? 'Target@Example.com' : `lead${i}@example.com`,
          entityDetails: { action: 'pushed', platform: 'smartlead', recordId: String(i) },
          syncedAt: i % 5 === 0 ? null : new Date(base + i * 1000).toISOString(),
          lastError: i % 5 === 0 ? 'Smartlead refused the address' : null,
          createdAt: new Date(base + i * 1000).toISOString(),
        });
      }
      for (let i = 0; i < 3; i += 1) {
        await insertBlockListLog(t.app.db, {
          blockListId: adminList,
          userId: adminId,
          entity: 'target@example.com',
          entityDetails: { action: 'pushed', platform: 'smartlead' },
          syncedAt: null,
          lastError: null,
          createdAt: new Date().toISOString(),
        });
      }
    });
    const history = async (account: SeededAccount, query = '') => {
      const response = await inject('GET', `${LIST_URL}/history${query}`, account);
      return { status: response.statusCode, body: json<unknown>(response) };
    };

    it('pages the history 20 at a time, newest first, with totalItems', async () => {
      const first = blockListHistoryPage.parse((await history('user')).body);
      expect(first).toMatchObject({ page: 1, limit: 20, totalItems: 45 });
      expect(first.data).toHaveLength(20);
      expect(first.data[0]).toMatchObject({
        entity: 'lead44@example.com',
        syncBlockList: {
          id: userList,
          listName: 'history list',
          blockType: 'ADDRESS',
          isEnabled: true,
        },
        entityDetails: { action: 'pushed', recordId: '44' },
      });
      const third = blockListHistoryPage.parse((await history('user', '?page=3')).body);
      expect(third.data.map((row) => row.entity)).toEqual([
        'lead4@example.com',
        'lead3@example.com',
        'lead2@example.com',
        'lead1@example.com',
        'lead0@example.com',
      ]);
      expect(third.data[4]).toMatchObject({
        syncedAt: null,
        lastError: 'Smartlead refused the address',
      });
      expect(blockListHistoryPage.parse((await history('user', '?page=4')).body).data).toEqual([]);
    });

    it('continues from nextCursor without repeating rows written after the first page', async () => {
      const first = blockListHistoryPage.parse(
        (await history('user', `?block-list-id=${userList}`)).body,
      );
      const newer = await insertBlockListLog(t.app.db, {
        blockListId: userList,
        userId: await userIdOf(t.app, 'user'),
        entity: 'late@example.com',
        entityDetails: { action: 'pushed', platform: 'smartlead' },
        syncedAt: null,
        lastError: null,
        createdAt: new Date().toISOString(),
      });
      const second = blockListHistoryPage.parse(
        (await history('user', `?block-list-id=${userList}&page=2&before=${first.nextCursor ?? 0}`))
          .body,
      );
      expect(second.data[0]?.entity).toBe('lead24@example.com');
      expect(second).toMatchObject({ page: 2, totalItems: 46 });
      const arrived = blockListHistoryPage.parse(
        (await history('user', `?after=${first.data[0]?.id ?? 0}`)).body,
      );
      expect(arrived.data.map((row) => row.id)).toEqual([newer]);
      await t.app.db.deleteFrom('block_list_logs').where('id', '=', newer).execute();
    });

    it('filters by email (lowercased and trimmed) and by block list', async () => {
      const byEmail = blockListHistoryPage.parse(
        (await history('user', `?email=${encodeURIComponent('  TARGET@example.COM ')}`)).body,
      );
      expect(byEmail.totalItems).toBe(1);
      expect(byEmail.data[0]?.entity).toBe('target@example.com');
      const adminView = blockListHistoryPage.parse(
        (await history('admin', '?email=target@example.com')).body,
      );
      expect(adminView.totalItems).toBe(4);
      const byList = blockListHistoryPage.parse(
        (await history('manager', `?block-list-id=${adminList}`)).body,
      );
      expect(byList.totalItems).toBe(3);
    });

    it('shows regular users only their own block lists’ history', async () => {
      const own = blockListHistoryPage.parse(
        (await history('user', '?email=target@example.com')).body,
      );
      expect(own.totalItems).toBe(1);
      const other = await history('user', `?block-list-id=${adminList}`);
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ message: "You can only see your own block lists' history" });
      expect(blockListHistoryPage.parse((await history('manager')).body).totalItems).toBe(48);
    });

    it('answers 404 for an unknown block list and 400 for a bad page or id', async () => {
      expect((await history('admin', '?block-list-id=99999')).status).toBe(404);
      for (const query of [
        '?page=0',
        '?page=-1',
        '?page=abc',
        '?page=1.5',
        '?block-list-id=x',
        '?page=1&page=2',
      ]) {
        const { status, body } = await history('admin', query);
        expect(status).toBe(400);
        expect((body as { message: string }).message).toMatch(/page|block-list-id/);
      }
    });
  });
});
