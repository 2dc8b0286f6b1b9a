import {
  apiKey as apiKeySchema,
  leadCategoryList,
  type ApiKey,
  type LeadCategory,
} from 'shared/contract';
import { callApi } from './helpers/api-key-calls.js';
import { insertProfile, joinOrganizationOf } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { injectFault, resetSandbox, sandboxState } from './helpers/sandbox-control.js';
import { createTestApp, signIn, type SeededAccount, type TestApp } from './helpers/test-app.js';

const validKeys = {
  smartlead: 'sl-valid-key',
  instantly: 'in-valid-key',
  bison: 'eb-valid-key',
  heyreach: 'hr-valid-key',
} as const;
type PlatformName = keyof typeof validKeys;

describe('lead categories and platform lookups (spec §7)', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const profiles = {} as Record<SeededAccount, number>;
  /** Valid keys of the regular user, one per platform, and a few more. */
  const keys = {} as Record<
    PlatformName | 'managerHeyreach' | 'invalidSmartlead' | 'invalidHeyreach',
    ApiKey
  >;

  const api = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => callApi<T>(t.app, method, url, account && cookies[account], body);
  const createKey = async (
    account: SeededAccount,
    platform: PlatformName,
    key: string = validKeys[platform],
  ): Promise<ApiKey> => {
    const answer = await api('POST', '/api/admin/dashboard/api-keys', account, {
      platform,
      apiKey: key,
      description: platform,
      userProfileId: profiles[account],
      baseUrl: platform === 'bison' ? 'https://dedi.emailbison.com' : undefined,
    });
    if (answer.status !== 201)
      throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return apiKeySchema.parse(answer.body);
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '500' });
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const) {
      cookies[account] = await signIn(t.app, account);
      profiles[account] = await insertProfile(t.app, account);
    }
    for (const platform of Object.keys(validKeys) as PlatformName[])
      keys[platform] = await createKey('user', platform);
    keys.managerHeyreach = await createKey('manager', 'heyreach');
    keys.invalidSmartlead = await createKey('user', 'smartlead', 'sl-revoked-key');
    keys.invalidHeyreach = await createKey('user', 'heyreach', 'hr-revoked-key');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    await resetSandbox(sandbox);
  });

  const categoriesUrl = (key: ApiKey) => `/api/admin/dashboard/api-keys/${key.id}/lead-categories`;

  describe('GET /api/admin/dashboard/api-keys/{id}/lead-categories', () => {
    it("smartlead: the platform's categories", async () => {
      const answer = await api<LeadCategory[]>('GET', categoriesUrl(keys.smartlead), 'user');
      expect(answer.status).toBe(200);
      const categories = leadCategoryList.parse(answer.body);
      expect(categories).toHaveLength(8);
      expect(categories[0]).toEqual({
        id: 1,
        created_at: '2022-01-01T00:00:00.000Z',
        name: 'Interested',
      });
      expect(categories.at(-1)).toEqual({
        id: 789,
        created_at: '2024-11-20T14:22:00.000Z',
        name: 'Follow Up Later',
      });
    });

    it("instantly: the workspace's lead labels", async () => {
      const categories = leadCategoryList.parse(
        (await api('GET', categoriesUrl(keys.instantly), 'user')).body,
      );
      expect(categories.map((category) => category.name)).toEqual([
        'Hot Lead',
        'Interested',
        'Meeting Booked',
        'Not Interested',
        'Wrong Person',
        'Out of Office',
        'Nurture in Q3',
      ]);
      expect(categories[0]).toEqual({
        id: expect.any(String),
        created_at: '2025-01-15T12:00:00.000Z',
        name: 'Hot Lead',
      });
    });

    it('bison: the fixed category lead_interested, Interested', async () => {
      expect(await api('GET', categoriesUrl(keys.bison), 'user')).toEqual({
        status: 200,
        body: [{ id: 'lead_interested', created_at: null, name: 'Interested' }],
      });
    });

    it('heyreach: none until users add them', async () => {
      expect(await api('GET', categoriesUrl(keys.invalidHeyreach), 'user')).toEqual({
        status: 200,
        body: [],
      });
    });

    it("a key the platform refuses is 400 with the platform's message", async () => {
      expect(await api('GET', categoriesUrl(keys.invalidSmartlead), 'user')).toEqual({
        status: 400,
        body: { message: 'Smartlead did not accept the API key: Invalid API Key' },
      });
    });

    it('a platform fault is 502 naming it', async () => {
      await injectFault(sandbox, 'instantly', '500', { route: 'GET /api/v2/lead-labels' });
      expect(await api('GET', categoriesUrl(keys.instantly), 'user')).toEqual({
        status: 502,
        body: { message: 'Instantly failed while reading lead labels (status 500)' },
      });
    });

    it("is for the owner, managers and admins: 403 for someone else's key as a regular user, 404 for an unknown key", async () => {
      expect((await api('GET', categoriesUrl(keys.bison), 'manager')).status).toBe(200);
      expect((await api('GET', categoriesUrl(keys.bison), 'admin')).status).toBe(200);
      expect(await api('GET', categoriesUrl(keys.managerHeyreach), 'user')).toEqual({
        status: 403,
        body: { message: 'You can only see your own API keys' },
      });
      expect(
        await api('GET', '/api/admin/dashboard/api-keys/99999/lead-categories', 'user'),
      ).toEqual({ status: 404, body: { message: 'API key not found' } });
    });
  });

  describe('POST /api/admin/dashboard/api-keys/{id}/lead-categories (heyreach)', () => {
    it('adds categories with their derived ids, keeps those already there, and answers the list', async () => {
      const body = {
        categories: [
          { categoryName: 'Hot Lead', categoryId: 'hot_lead', userProfileId: profiles.user },
          { categoryName: 'Meeting Booked', userProfileId: profiles.user },
        ],
      };
      const first = await api<LeadCategory[]>('POST', categoriesUrl(keys.heyreach), 'user', body);
      expect(first.status).toBe(200);
      expect(first.body).toEqual([
        { id: 'hot_lead', created_at: expect.any(String), name: 'Hot Lead' },
        { id: 'meeting_booked', created_at: expect.any(String), name: 'Meeting Booked' },
      ]);
      const again = await api<LeadCategory[]>('POST', categoriesUrl(keys.heyreach), 'user', {
        categories: [
          { categoryName: 'Hot Lead', categoryId: 'hot_lead' },
          { categoryName: 'Not Now' },
        ],
      });
      expect(again.body.map((category) => category.id)).toEqual([
        'hot_lead',
        'meeting_booked',
        'not_now',
      ]);
      expect((await api('GET', categoriesUrl(keys.heyreach), 'user')).body).toEqual(again.body);
      const rows = await t.app.db
        .selectFrom('lead_categories')
        .selectAll()
        .where('api_key_id', '=', keys.heyreach.id)
        .execute();
      expect(rows.every((row) => row.user_profile_id === profiles.user)).toBe(true);
    });

    it('answers 400 for other platforms, an empty list, a blank name, or another profile', async () => {
      expect(
        await api('POST', categoriesUrl(keys.smartlead), 'user', {
          categories: [{ categoryName: 'X' }],
        }),
      ).toEqual({
        status: 400,
        body: {
          message:
            'Lead categories can only be added to heyreach API keys; smartlead categories come from the platform',
        },
      });
      expect(
        (
          await api<{ message: string }>('POST', categoriesUrl(keys.heyreach), 'user', {
            categories: [],
          })
        ).body.message,
      ).toBe('Invalid body: categories: Add at least one category');
      expect(
        (await api<{ message: string }>('POST', categoriesUrl(keys.heyreach), 'user', {})).body
          .message,
      ).toBe('Invalid body: categories: Add at least one category');
      expect(
        (
          await api<{ message: string }>('POST', categoriesUrl(keys.heyreach), 'user', {
            categories: [{ categoryName: '  ' }],
          })
        ).body.message,
      ).toBe('Invalid body: categories.0.categoryName: Enter a category name');
      expect(
        await api('POST', categoriesUrl(keys.heyreach), 'user', {
          categories: [{ categoryName: 'X', userProfileId: profiles.manager }],
        }),
      ).toEqual({
        status: 400,
        body: { message: "Invalid body: categories.userProfileId: must be the API key's profile" },
      });
    });

    it('is for the owner and admins: 403 for a manager or another user', async () => {
      const body = { categories: [{ categoryName: 'Admin Added' }] };
      expect(await api('POST', categoriesUrl(keys.heyreach), 'manager', body)).toEqual({
        status: 403,
        body: { message: 'You can only change your own API keys' },
      });
      expect((await api('POST', categoriesUrl(keys.managerHeyreach), 'user', body)).status).toBe(
        403,
      );
      expect((await api('POST', categoriesUrl(keys.heyreach), 'admin', body)).status).toBe(200);
    });
  });

  describe('GET /api/admin/dashboard/smartlead/api-keys/{id}/client-list', () => {
    const url = (key: ApiKey) => `/api/admin/dashboard/smartlead/api-keys/${key.id}/client-list`;
    it("lists the Smartlead account's clients", async () => {
      expect(await api('GET', url(keys.smartlead), 'user')).toEqual({
        status: 200,
        body: [
          { id: 301, name: 'Acme Agency', email: 'ops@acme-agency.example' },
          { id: 302, name: 'Globex Outreach', email: 'team@globex-outreach.example' },
          { id: 303, name: 'Initech Growth', email: 'growth@initech.example' },
        ],
      });
      expect((await api('GET', url(keys.smartlead), 'manager')).status).toBe(200);
    });

    it('answers 400 for another platform or a refused key, 502 on a fault, 403 and 404 as usual', async () => {
      expect(await api('GET', url(keys.instantly), 'user')).toEqual({
        status: 400,
        body: { message: 'Only smartlead API keys have a client list; this key is for instantly' },
      });
      expect(await api('GET', url(keys.invalidSmartlead), 'user')).toEqual({
        status: 400,
        body: { message: 'Smartlead did not accept the API key: Invalid API Key' },
      });
      await injectFault(sandbox, 'smartlead', 'hang', { hangMs: 3000 });
      const hung = await api<{ message: string }>('GET', url(keys.smartlead), 'user');
      expect(hung.status).toBe(502);
      expect(hung.body.message).toBe('Smartlead did not answer in time while listing clients');
      expect((await api('GET', url(keys.managerHeyreach), 'user')).status).toBe(403);
      expect(
        (await api('GET', '/api/admin/dashboard/smartlead/api-keys/99999/client-list', 'user'))
          .status,
      ).toBe(404);
    });
  });

  describe('HeyReach lists: GET and POST /api/admin/api-keys/{id}/heyreach/lists', () => {
    const url = (key: ApiKey) => `/api/admin/api-keys/${key.id}/heyreach/lists`;

    it('reads the lead lists', async () => {
      expect(await api('GET', url(keys.heyreach), 'user')).toEqual({
        status: 200,
        body: {
          success: true,
          lists: [
            { id: 51001, name: 'Do not contact (LinkedIn)' },
            { id: 51002, name: 'Webinar attendees (March)' },
          ],
          error: null,
        },
      });
      expect((await api('GET', url(keys.heyreach), 'admin')).status).toBe(200);
    });

    it('creates a list that then shows up', async () => {
      const created = await api<{ success: boolean; listId: number }>(
        'POST',
        url(keys.heyreach),
        'user',
        { listName: '  CRM blocked profiles ' },
      );
      expect(created).toEqual({ status: 200, body: { success: true, listId: 51004, error: null } });
      const state = await sandboxState<{ lists: { id: number; name: string; listType: string }[] }>(
        sandbox,
        'heyreach',
      );
      expect(state.lists.find((list) => list.id === 51004)).toMatchObject({
        name: 'CRM blocked profiles',
        listType: 'USER_LIST',
      });
      const lists = await api<{ lists: { id: number }[] }>('GET', url(keys.heyreach), 'user');
      expect(lists.body.lists.map((list) => list.id)).toEqual([51001, 51002, 51004]);
    });

    it('answers 400 with a clear message for a blank name', async () => {
      const blank = await api<{ message: string }>('POST', url(keys.heyreach), 'user', {
        listName: '   ',
      });
      expect(blank).toEqual({
        status: 400,
        body: {
          message: 'Invalid body: listName: Please enter a list name',
          errors: { listName: 'Please enter a list name' },
        },
      });
      expect(
        (await api<{ message: string }>('POST', url(keys.heyreach), 'user', {})).body.message,
      ).toBe('Invalid body: listName: Please enter a list name');
    });

    it("a refused key is success false with HeyReach's message", async () => {
      expect(await api('GET', url(keys.invalidHeyreach), 'user')).toEqual({
        status: 200,
        body: {
          success: false,
          lists: [],
          error: 'HeyReach did not accept the API key: Invalid API key.',
        },
      });
      expect(await api('POST', url(keys.invalidHeyreach), 'user', { listName: 'X' })).toEqual({
        status: 200,
        body: {
          success: false,
          listId: null,
          error: 'HeyReach did not accept the API key: Invalid API key.',
        },
      });
    });

    it('a fault is 502 naming HeyReach', async () => {
      await injectFault(sandbox, 'heyreach', '429', { route: 'POST /api/public/list/GetAll' });
      expect(await api('GET', url(keys.heyreach), 'user')).toEqual({
        status: 502,
        body: {
          message:
            'HeyReach is limiting requests (status 429) while listing lists; try again later',
        },
      });
      await injectFault(sandbox, 'heyreach', '500', {
        route: 'POST /api/public/list/CreateEmptyList',
      });
      expect(await api('POST', url(keys.heyreach), 'user', { listName: 'X' })).toEqual({
        status: 502,
        body: { message: 'HeyReach failed while creating a list (status 500)' },
      });
    });

    it('is for heyreach keys; reading for the owner, managers and admins; creating for the owner and admins', async () => {
      expect((await api('GET', url(keys.smartlead), 'user')).body).toEqual({
        message: 'Only heyreach API keys have HeyReach lists; this key is for smartlead',
      });
      expect((await api('GET', url(keys.heyreach), 'manager')).status).toBe(200);
      expect(await api('GET', url(keys.managerHeyreach), 'user')).toEqual({
        status: 403,
        body: { message: 'You can only see your own API keys' },
      });
      expect(await api('POST', url(keys.heyreach), 'manager', { listName: 'X' })).toEqual({
        status: 403,
        body: { message: 'You can only change your own API keys' },
      });
      expect(
        (await api('POST', url(keys.heyreach), 'admin', { listName: 'By admin' })).body,
      ).toMatchObject({ success: true });
      expect((await api('GET', '/api/admin/api-keys/0/heyreach/lists', 'user')).status).toBe(400);
    });
  });
});
