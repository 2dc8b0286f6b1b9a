import {
  apiKey as apiKeySchema,
  apiKeyLists,
  type ApiKey,
  type ApiKeyLists,
} from 'shared/contract';
import { callApi } from './helpers/api-key-calls.js';
import { insertProfile, joinOrganizationOf } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { injectFault, resetSandbox } from './helpers/sandbox-control.js';
import { maskApiKey } from '../src/presenters/api-keys.js';
import { createTestApp, signIn, type SeededAccount, type TestApp } from './helpers/test-app.js';

const validKeys = {
  smartlead: 'sl-valid-key',
  instantly: 'in-valid-key',
  bison: 'eb-valid-key',
  heyreach: 'hr-valid-key',
} as const;
const invalidMessages = {
  smartlead: 'Smartlead did not accept the API key: Invalid API Key',
  instantly: 'Instantly did not accept the API key: Invalid API key',
  bison: 'EmailBison did not accept the API key: Unauthenticated.',
  heyreach: 'HeyReach did not accept the API key: Invalid API key.',
} as const;
type PlatformName = keyof typeof validKeys;
const platformNames = Object.keys(validKeys) as PlatformName[];
const bisonBase = 'https://dedi.emailbison.com';

describe('API keys api (spec §7 "API keys")', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const profiles = {} as Record<SeededAccount, number>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '500' });
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const) {
      cookies[account] = await signIn(t.app, account);
      profiles[account] = await insertProfile(t.app, account);
    }
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    await resetSandbox(sandbox);
  });

  const api = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => callApi<T>(t.app, method, url, account && cookies[account], body);
  const create = (account: SeededAccount, body: Record<string, unknown>) =>
    api<ApiKey & { message: string; errors: Record<string, string> }>(
      'POST',
      '/api/admin/dashboard/api-keys',
      account,
      body,
    );
  const createKey = async (
    account: SeededAccount,
    platform: PlatformName,
    key: string = validKeys[platform],
    profile = profiles[account],
  ): Promise<ApiKey> => {
    const answer = await create(account, {
      platform,
      apiKey: key,
      description: `${platform} of ${account}`,
      userProfileId: profile,
      baseUrl: platform === 'bison' ? bisonBase : null,
    });
    if (answer.status !== 201)
      throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return apiKeySchema.parse(answer.body);
  };
  const keyCount = async (): Promise<number> =>
    Number(
      (
        await t.app.db
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('without a session', () => {
    it.each([
      ['GET', '/api/admin/dashboard/api-keys'],
      ['POST', '/api/admin/dashboard/api-keys'],
      ['POST', '/api/admin/dashboard/api-keys/check'],
      ['PUT', '/api/admin/dashboard/api-keys/1'],
      ['PUT', '/api/admin/dashboard/api-keys/1/validate'],
      ['DELETE', '/api/admin/dashboard/smartlead/1'],
      ['GET', '/api/admin/dashboard/api-keys/1/lead-categories'],
      ['POST', '/api/admin/dashboard/api-keys/1/lead-categories'],
      ['GET', '/api/admin/dashboard/users/1/api-keys'],
      ['GET', '/api/admin/dashboard/smartlead/api-keys/1/client-list'],
      ['GET', '/api/admin/api-keys/1/heyreach/lists'],
      ['POST', '/api/admin/api-keys/1/heyreach/lists'],
    ] as const)('%s %s answers 401', async (method, url) => {
      const answer = await api(method, url, undefined, method === 'GET' ? undefined : {});
      expect(answer).toEqual({ status: 401, body: { message: 'Sign in to continue' } });
    });
  });

  describe('POST /api/admin/dashboard/api-keys: the messages of spec §5 "API key create"', () => {
    const complete = () => ({
      platform: 'smartlead',
      apiKey: validKeys.smartlead,
      description: 'Main key',
      userProfileId: profiles.user,
    });
    it.each([
      ['no platform', 'platform', 'Please select a platform', { platform: undefined }],
      ['an unknown platform', 'platform', 'Please select a platform', { platform: 'lemlist' }],
      ['no key', 'apiKey', 'Please enter a valid API key', { apiKey: undefined }],
      ['a blank key', 'apiKey', 'Please enter a valid API key', { apiKey: '   ' }],
      ['a key with spaces', 'apiKey', 'Please enter a valid API key', { apiKey: 'two words' }],
      ['no description', 'description', 'Please enter a description', { description: undefined }],
      ['a blank description', 'description', 'Please enter a description', { description: ' ' }],
      ['no profile', 'userProfileId', 'Select Profile', { userProfileId: undefined }],
      ['a profile that is not an id', 'userProfileId', 'Select Profile', { userProfileId: 'abc' }],
      [
        'a profile id beyond 32 bits',
        'userProfileId',
        'Select Profile',
        { userProfileId: 2 ** 31 },
      ],
      [
        'a description with a NUL character',
        'description',
        'Please enter a description',
        { description: 'a\u0000b' },
      ],
      [
        'bison without a base URL',
        'baseUrl',
        'Please enter a valid base URL',
        { platform: 'bison', apiKey: validKeys.bison },
      ],
      [
        'bison with a base URL that is not a URL',
        'baseUrl',
        'Please enter a valid base URL',
        { platform: 'bison', apiKey: validKeys.bison, baseUrl: 'dedi emailbison' },
      ],
      [
        'bison with a non-http URL',
        'baseUrl',
        'Please enter a valid base URL',
        { platform: 'bison', apiKey: validKeys.bison, baseUrl: 'ftp://dedi.emailbison.com' },
      ],
    ] as const)('%s: 400 on %s, "%s"', async (_case, field, message, change) => {
      const before = await keyCount();
      const answer = await create('user', { ...complete(), ...change });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(`Invalid body: ${field}: ${message}`);
      expect(answer.body.errors[field]).toBe(message);
      expect(await keyCount()).toBe(before);
    });

    it('checks the fields in the order of the form: platform first', async () => {
      const answer = await create('user', {});
      expect(answer.body.message).toBe('Invalid body: platform: Please select a platform');
      expect(answer.body.errors).toEqual({
        platform: 'Please select a platform',
        apiKey: 'Please enter a valid API key',
        description: 'Please enter a description',
        userProfileId: 'Select Profile',
      });
    });
  });

  describe('create, per platform', () => {
    it.each(platformNames)(
      '%s: a valid key is stored valid, sealed at rest, and answered masked',
      async (platform) => {
        const key = await createKey('user', platform);
        expect(key).toEqual({
          id: expect.any(Number),
          apiKey: maskApiKey(validKeys[platform]),
          description: `${platform} of user`,
          platform,
          baseUrl: platform === 'bison' ? bisonBase : null,
          userProfileId: profiles.user,
          userProfile: {
            id: profiles.user,
            profile: 'HUBSPOT',
            email: expect.stringMatching(/^user\+crm\d+@example\.com$/),
            organizationId: expect.any(String),
            organizationDomain: expect.any(String),
          },
          isValid: true,
          syncBlockList: [],
          createdAt: expect.any(String),
          canManage: true,
        });
        const row = await t.app.db
          .selectFrom('api_keys')
          .selectAll()
          .where('id', '=', key.id)
          .executeTakeFirstOrThrow();
        expect(row.api_key_enc).not.toContain(validKeys[platform]);
        expect(t.app.secretBox.open(row.api_key_enc)).toBe(validKeys[platform]);
        expect(row.user_id).toBe(3);
      },
    );

    it.each(platformNames)(
      '%s: a key the platform refuses is stored, marked invalid',
      async (platform) => {
        const key = await createKey('user', platform, `${platform}-wrong-key`);
        expect(key).toMatchObject({ platform, apiKey: '••••-key', isValid: false });
      },
    );

    it('keeps the base URL for bison only', async () => {
      const answer = await create('user', {
        platform: 'instantly',
        apiKey: validKeys.instantly,
        description: 'x',
        userProfileId: profiles.user,
        baseUrl: 'https://ignored.example',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.baseUrl).toBeNull();
    });

    it('answers 403 for a profile of another user, 404 for an unknown one', async () => {
      const before = await keyCount();
      const forbidden = await create('user', {
        platform: 'smartlead',
        apiKey: validKeys.smartlead,
        description: 'x',
        userProfileId: profiles.manager,
      });
      expect(forbidden).toEqual({
        status: 403,
        body: { message: 'You can only add API keys to your own profiles' },
      });
      const managerOnAdmin = await create('manager', {
        platform: 'smartlead',
        apiKey: validKeys.smartlead,
        description: 'x',
        userProfileId: profiles.admin,
      });
      expect(managerOnAdmin.status).toBe(403);
      const unknown = await create('user', {
        platform: 'smartlead',
        apiKey: validKeys.smartlead,
        description: 'x',
        userProfileId: 99_999,
      });
      expect(unknown).toEqual({ status: 404, body: { message: 'Profile not found' } });
      expect(await keyCount()).toBe(before);
    });

    it("lets an admin add a key to another user's profile; the key belongs to that user", async () => {
      const answer = await create('admin', {
        platform: 'heyreach',
        apiKey: validKeys.heyreach,
        description: 'added by admin',
        userProfileId: profiles.user,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.apiKey).toBe('••••-key');
      expect(answer.body.canManage).toBe(true);
      const own = await api<ApiKeyLists>('GET', '/api/admin/dashboard/api-keys', 'user');
      expect(own.body.apiKeys.find((key) => key.id === answer.body.id)).toMatchObject({
        apiKey: '••••-key',
        description: 'added by admin',
        canManage: true,
      });
      expect(
        await api('GET', `/api/admin/dashboard/api-keys/${answer.body.id}/reveal`, 'user'),
      ).toEqual({ status: 200, body: { apiKey: validKeys.heyreach } });
    });

    it('answers 502 naming the platform when it fails, and stores nothing', async () => {
      const before = await keyCount();
      await injectFault(sandbox, 'smartlead', '500');
      const answer = await create('user', {
        platform: 'smartlead',
        apiKey: validKeys.smartlead,
        description: 'x',
        userProfileId: profiles.user,
      });
      expect(answer).toEqual({
        status: 502,
        body: { message: 'Smartlead failed while checking the API key (status 500)' },
      });
      await injectFault(sandbox, 'emailbison', '429');
      const limited = await create('user', {
        platform: 'bison',
        apiKey: validKeys.bison,
        description: 'x',
        userProfileId: profiles.user,
        baseUrl: bisonBase,
      });
      expect(limited).toEqual({
        status: 502,
        body: {
          message:
            'EmailBison is limiting requests (status 429) while checking the API key; try again later',
        },
      });
      expect(await keyCount()).toBe(before);
    });
  });

  describe('GET /api/admin/dashboard/api-keys', () => {
    let userKey: ApiKey;
    let managerKey: ApiKey;
    beforeAll(async () => {
      userKey = await createKey('user', 'instantly', 'in-user-secret-9876');
      managerKey = await createKey('manager', 'smartlead', 'sl-manager-secret-4321');
    });

    it("gives a regular user their own keys, masked to the last 4 characters, and no one else's", async () => {
      const answer = await api<ApiKeyLists>('GET', '/api/admin/dashboard/api-keys', 'user');
      expect(answer.status).toBe(200);
      const lists = apiKeyLists.parse(answer.body);
      expect(lists.allApiKeys).toEqual([]);
      expect(lists.apiKeys.find((key) => key.id === userKey.id)?.apiKey).toBe('••••9876');
      expect(lists.apiKeys.every((key) => key.userProfileId === profiles.user)).toBe(true);
      expect(lists.apiKeys.some((key) => key.id === managerKey.id)).toBe(false);
      expect(lists.apiKeys.every((key) => key.canManage)).toBe(true);
    });

    it.each(['manager', 'admin'] as const)(
      "gives the %s everyone's keys, other users' masked to the last 4 characters",
      async (account) => {
        const lists = apiKeyLists.parse(
          (await api('GET', '/api/admin/dashboard/api-keys', account)).body,
        );
        const fromUser = lists.allApiKeys.find((key) => key.id === userKey.id);
        expect(fromUser).toMatchObject({
          apiKey: '••••9876',
          userProfileId: profiles.user,
          description: userKey.description,
        });
        const fromManager = lists.allApiKeys.find((key) => key.id === managerKey.id);
        expect(fromManager?.apiKey).toBe('••••4321');
        expect(lists.allApiKeys.length).toBeGreaterThan(lists.apiKeys.length);
        expect(
          [...lists.apiKeys, ...lists.allApiKeys].every((key) => key.apiKey.startsWith('••••')),
        ).toBe(true);
      },
    );

    it.each(['manager', 'admin'] as const)(
      'says on each row whether the %s may edit, validate and delete it (canManage: the owner and admins)',
      async (account) => {
        const lists = apiKeyLists.parse(
          (await api('GET', '/api/admin/dashboard/api-keys', account)).body,
        );
        expect(lists.apiKeys.every((key) => key.canManage)).toBe(true);
        // the user's key: only an admin may change it; the manager's own key: both
        expect(lists.allApiKeys.find((key) => key.id === userKey.id)?.canManage).toBe(
          account === 'admin',
        );
        expect(lists.allApiKeys.find((key) => key.id === managerKey.id)?.canManage).toBe(true);
        // the flag is the routes' rule: the manager's validate of the user's key is refused, the admin's goes through
        expect(
          (await api('PUT', `/api/admin/dashboard/api-keys/${userKey.id}/validate`, account))
            .status,
        ).toBe(account === 'admin' ? 200 : 403);
      },
    );

    it('lists the block lists that push with each key (syncBlockList)', async () => {
      const insert = (listName: string) =>
        t.app.db
          .insertInto('block_lists')
          .values({
            user_profile_id: profiles.user,
            user_id: 3,
            api_key_id: userKey.id,
            crm: 'HUBSPOT',
            list_id: listName,
            list_name: listName,
            list_type: 'CONTACT_LIST',
            block_type: 'ADDRESS',
            client_id: null,
            client_email: null,
            use_domain_for_non_latin: 0,
            profile_url_field_names: '[]',
            heyreach_list_id: null,
            fields: '[]',
            is_enabled: 1,
            status: 'ENABLED',
            last_fetched_at: null,
            last_attempted_at: null,
            last_error: null,
            last_smartlead_error: null,
            count_items_synced: 0,
            count_items_not_synced: 0,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const first = await insert('Customers');
      const second = await insert('Competitors');
      const own = apiKeyLists.parse(
        (await api('GET', '/api/admin/dashboard/api-keys', 'user')).body,
      );
      expect(own.apiKeys.find((key) => key.id === userKey.id)?.syncBlockList).toEqual([
        { id: first.id, listName: 'Customers' },
        { id: second.id, listName: 'Competitors' },
      ]);
      const all = apiKeyLists.parse(
        (await api('GET', '/api/admin/dashboard/api-keys', 'manager')).body,
      );
      expect(all.allApiKeys.find((key) => key.id === userKey.id)?.syncBlockList).toHaveLength(2);
      expect(all.allApiKeys.find((key) => key.id === managerKey.id)?.syncBlockList).toEqual([]);
      await t.app.db.deleteFrom('block_lists').where('api_key_id', '=', userKey.id).execute();
    });

    it('never sends a stored key in clear text in a list, not even to its owner', async () => {
      for (const account of ['admin', 'manager', 'user'] as const) {
        const answer = await callApi(
          t.app,
          'GET',
          '/api/admin/dashboard/api-keys',
          cookies[account],
        );
        expect(JSON.stringify(answer.body)).not.toContain('in-user-secret-9876');
        expect(JSON.stringify(answer.body)).not.toContain('sl-manager-secret-4321');
      }
    });
  });

  describe('GET /api/admin/dashboard/api-keys/{id}/reveal', () => {
    it('gives the owner the full key, uncached', async () => {
      const key = await createKey('user', 'instantly', 'in-reveal-secret-5555');
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin/dashboard/api-keys/${key.id}/reveal`,
        headers: { cookie: cookies.user },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ apiKey: 'in-reveal-secret-5555' });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('is for the owner and admins: 403 for a manager or another user, 404 for an unknown id', async () => {
      const key = await createKey('user', 'smartlead', 'sl-reveal-secret-6666');
      expect(await api('GET', `/api/admin/dashboard/api-keys/${key.id}/reveal`, 'admin')).toEqual({
        status: 200,
        body: { apiKey: 'sl-reveal-secret-6666' },
      });
      expect(await api('GET', `/api/admin/dashboard/api-keys/${key.id}/reveal`, 'manager')).toEqual(
        { status: 403, body: { message: 'You can only change your own API keys' } },
      );
      const managerKey = await createKey('manager', 'smartlead');
      expect(
        (await api('GET', `/api/admin/dashboard/api-keys/${managerKey.id}/reveal`, 'user')).status,
      ).toBe(403);
      expect(await api('GET', '/api/admin/dashboard/api-keys/99999/reveal', 'admin')).toEqual({
        status: 404,
        body: { message: 'API key not found' },
      });
      expect(
        (await callApi(t.app, 'GET', `/api/admin/dashboard/api-keys/${key.id}/reveal`)).status,
      ).toBe(401);
    });
  });

  describe('PUT /api/admin/dashboard/api-keys/{id}', () => {
    it.each(platformNames)('%s: a key the platform accepts is saved', async (platform) => {
      const key = await createKey('user', platform, `${platform}-old-wrong`);
      const answer = await api<ApiKey>('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'user', {
        platform,
        apiKey: validKeys[platform],
        description: 'renamed',
        baseUrl: platform === 'bison' ? bisonBase : null,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: key.id,
        apiKey: maskApiKey(validKeys[platform]),
        description: 'renamed',
        isValid: true,
        platform,
      });
    });

    it.each(platformNames)(
      '%s: a key the platform refuses is 400 with its message, and nothing changes',
      async (platform) => {
        const key = await createKey('user', platform);
        const answer = await api('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'user', {
          platform,
          apiKey: 'refused-key',
          description: 'renamed',
          baseUrl: bisonBase,
        });
        expect(answer).toEqual({ status: 400, body: { message: invalidMessages[platform] } });
        const stored = (
          await api<ApiKey[]>('GET', '/api/admin/dashboard/users/3/api-keys', 'user')
        ).body.find((candidate) => candidate.id === key.id);
        expect(stored).toMatchObject({ description: key.description, isValid: true });
        expect(
          (await api('GET', `/api/admin/dashboard/api-keys/${key.id}/reveal`, 'user')).body,
        ).toEqual({ apiKey: validKeys[platform] });
      },
    );

    it('keeps the description when none is sent, and needs a valid base URL for bison', async () => {
      const key = await createKey('user', 'smartlead');
      const kept = await api<ApiKey>('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'user', {
        platform: 'smartlead',
        apiKey: validKeys.smartlead,
      });
      expect(kept.body.description).toBe(key.description);
      const bison = await api<{ message: string }>(
        'PUT',
        `/api/admin/dashboard/api-keys/${key.id}`,
        'user',
        { platform: 'bison', apiKey: validKeys.bison, baseUrl: '' },
      );
      expect(bison).toMatchObject({
        status: 400,
        body: { message: 'Invalid body: baseUrl: Please enter a valid base URL' },
      });
      const noKey = await api<{ message: string }>(
        'PUT',
        `/api/admin/dashboard/api-keys/${key.id}`,
        'user',
        { platform: 'smartlead', apiKey: '' },
      );
      expect(noKey.body.message).toBe('Invalid body: apiKey: Please enter a valid API key');
    });

    it('is for the owner and admins: 403 for a manager or another user, 404 for an unknown id', async () => {
      const key = await createKey('user', 'smartlead');
      const body = { platform: 'smartlead', apiKey: validKeys.smartlead, description: 'x' };
      expect(await api('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'manager', body)).toEqual({
        status: 403,
        body: { message: 'You can only change your own API keys' },
      });
      const managerKey = await createKey('manager', 'smartlead');
      expect(
        (await api('PUT', `/api/admin/dashboard/api-keys/${managerKey.id}`, 'user', body)).status,
      ).toBe(403);
      expect(
        (await api<ApiKey>('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'admin', body)).body,
      ).toMatchObject({ description: 'x', apiKey: '••••-key' });
      expect(await api('PUT', '/api/admin/dashboard/api-keys/99999', 'admin', body)).toEqual({
        status: 404,
        body: { message: 'API key not found' },
      });
    });

    it('answers 502 naming the platform when its check fails', async () => {
      const key = await createKey('user', 'heyreach');
      await injectFault(sandbox, 'heyreach', '500');
      const answer = await api('PUT', `/api/admin/dashboard/api-keys/${key.id}`, 'user', {
        platform: 'heyreach',
        apiKey: validKeys.heyreach,
      });
      expect(answer).toEqual({
        status: 502,
        body: { message: 'HeyReach failed while checking the API key (status 500)' },
      });
    });
  });

  describe('PUT /api/admin/dashboard/api-keys/{id}/validate', () => {
    it.each(platformNames)(
      '%s: re-checks the stored key and stores the verdict',
      async (platform) => {
        const good = await createKey('user', platform);
        expect(
          await api('PUT', `/api/admin/dashboard/api-keys/${good.id}/validate`, 'user'),
        ).toEqual({ status: 200, body: { id: good.id, isValid: true } });
        const bad = await createKey('user', platform, 'bad-stored-key');
        expect(
          await api('PUT', `/api/admin/dashboard/api-keys/${bad.id}/validate`, 'user'),
        ).toEqual({ status: 200, body: { id: bad.id, isValid: false } });
      },
    );

    it('updates isValid when the platform changes its mind', async () => {
      const key = await createKey('user', 'instantly', 'in-will-become-valid');
      expect(key.isValid).toBe(false);
      // the sandbox's key is what the platform accepts: make it this one
      const state = sandbox.app.sandbox.state('instantly') as { apiKey: string };
      state.apiKey = 'in-will-become-valid';
      expect(
        (await api('PUT', `/api/admin/dashboard/api-keys/${key.id}/validate`, 'user')).body,
      ).toEqual({ id: key.id, isValid: true });
      const keys = (
        await api<ApiKey[]>(
          'GET',
          '/api/admin/dashboard/users/3/api-keys?platform=instantly',
          'user',
        )
      ).body;
      expect(keys.find((candidate) => candidate.id === key.id)?.isValid).toBe(true);
    });

    it('is for the owner and admins; 404 for an unknown id; 502 on a platform fault', async () => {
      const key = await createKey('user', 'smartlead');
      expect(
        (await api('PUT', `/api/admin/dashboard/api-keys/${key.id}/validate`, 'manager')).status,
      ).toBe(403);
      expect(
        (await api('PUT', `/api/admin/dashboard/api-keys/${key.id}/validate`, 'admin')).status,
      ).toBe(200);
      expect(
        (await api('PUT', '/api/admin/dashboard/api-keys/99999/validate', 'user')).status,
      ).toBe(404);
      await injectFault(sandbox, 'smartlead', '429');
      expect(await api('PUT', `/api/admin/dashboard/api-keys/${key.id}/validate`, 'user')).toEqual({
        status: 502,
        body: {
          message:
            'Smartlead is limiting requests (status 429) while checking the API key; try again later',
        },
      });
    });
  });

  describe('POST /api/admin/dashboard/api-keys/check', () => {
    it.each(platformNames)('%s: valid and invalid, nothing stored', async (platform) => {
      const before = await keyCount();
      const baseUrl = platform === 'bison' ? bisonBase : undefined;
      const providerName = {
        smartlead: 'Smartlead',
        instantly: 'Instantly',
        bison: 'EmailBison',
        heyreach: 'HeyReach',
      }[platform];
      expect(
        await api('POST', '/api/admin/dashboard/api-keys/check', 'user', {
          platform,
          apiKey: validKeys[platform],
          baseUrl,
        }),
      ).toEqual({
        status: 200,
        body: { isValid: true, message: `${providerName} accepted the API key` },
      });
      expect(
        await api('POST', '/api/admin/dashboard/api-keys/check', 'user', {
          platform,
          apiKey: 'nope-nope',
          baseUrl,
        }),
      ).toEqual({
        status: 200,
        body: { isValid: false, message: invalidMessages[platform] },
      });
      expect(await keyCount()).toBe(before);
    });

    it('validates its body and answers 502 on a platform failure', async () => {
      expect(
        (
          await api<{ message: string }>('POST', '/api/admin/dashboard/api-keys/check', 'user', {
            apiKey: 'x',
          })
        ).body.message,
      ).toBe('Invalid body: platform: Please select a platform');
      expect(
        (
          await api<{ message: string }>('POST', '/api/admin/dashboard/api-keys/check', 'user', {
            platform: 'bison',
            apiKey: 'x',
          })
        ).body.message,
      ).toBe('Invalid body: baseUrl: Please enter a valid base URL');
      await injectFault(sandbox, 'instantly', '500');
      expect(
        await api('POST', '/api/admin/dashboard/api-keys/check', 'user', {
          platform: 'instantly',
          apiKey: validKeys.instantly,
        }),
      ).toEqual({
        status: 502,
        body: { message: 'Instantly failed while checking the API key (status 500)' },
      });
    });
  });

  describe('DELETE /api/admin/dashboard/smartlead/{id}', () => {
    it.each(platformNames)('%s: the owner deletes a key; it is gone', async (platform) => {
      const key = await createKey('user', platform);
      expect(await api('DELETE', `/api/admin/dashboard/smartlead/${key.id}`, 'user')).toEqual({
        status: 200,
        body: { id: key.id },
      });
      expect(await api('DELETE', `/api/admin/dashboard/smartlead/${key.id}`, 'user')).toEqual({
        status: 404,
        body: { message: 'API key not found' },
      });
      const lists = (await api<ApiKeyLists>('GET', '/api/admin/dashboard/api-keys', 'user')).body;
      expect(lists.apiKeys.some((candidate) => candidate.id === key.id)).toBe(false);
    });

    it('is for the owner and admins only', async () => {
      const key = await createKey('user', 'smartlead');
      expect(await api('DELETE', `/api/admin/dashboard/smartlead/${key.id}`, 'manager')).toEqual({
        status: 403,
        body: { message: 'You can only change your own API keys' },
      });
      const managerKey = await createKey('manager', 'smartlead');
      expect(
        (await api('DELETE', `/api/admin/dashboard/smartlead/${managerKey.id}`, 'user')).status,
      ).toBe(403);
      expect(await api('DELETE', `/api/admin/dashboard/smartlead/${key.id}`, 'admin')).toEqual({
        status: 200,
        body: { id: key.id },
      });
      expect((await api('DELETE', '/api/admin/dashboard/smartlead/abc', 'admin')).status).toBe(400);
      expect(
        (await api('DELETE', `/api/admin/dashboard/smartlead/${2 ** 31}`, 'admin')).status,
      ).toBe(400);
    });
  });

  describe('GET /api/admin/dashboard/users/{userId}/api-keys', () => {
    let keys: ApiKey[];
    beforeAll(async () => {
      await t.app.db.deleteFrom('api_keys').where('user_id', '=', 3).execute();
      keys = [
        await createKey('user', 'smartlead'),
        await createKey('user', 'heyreach'),
        await createKey('user', 'smartlead', 'sl-second-key-5555'),
      ];
    });

    it('gives a user their own keys, optionally of one platform', async () => {
      const all = await api<ApiKey[]>('GET', '/api/admin/dashboard/users/3/api-keys', 'user');
      expect(all.status).toBe(200);
      expect(all.body.map((key) => key.id)).toEqual(keys.map((key) => key.id));
      expect(all.body.every((key) => key.canManage)).toBe(true);
      const smartlead = await api<ApiKey[]>(
        'GET',
        '/api/admin/dashboard/users/3/api-keys?platform=smartlead',
        'user',
      );
      expect(smartlead.body.map((key) => [key.platform, key.apiKey])).toEqual([
        ['smartlead', '••••-key'],
        ['smartlead', '••••5555'],
      ]);
      expect(
        (await api<ApiKey[]>('GET', '/api/admin/dashboard/users/3/api-keys?platform=bison', 'user'))
          .body,
      ).toEqual([]);
    });

    it.each(['manager', 'admin'] as const)(
      "lets the %s read a user's keys, masked",
      async (account) => {
        const answer = await api<ApiKey[]>(
          'GET',
          '/api/admin/dashboard/users/3/api-keys?platform=heyreach',
          account,
        );
        expect(answer.body.map((key) => key.apiKey)).toEqual(['••••-key']);
        expect(answer.body.map((key) => key.canManage)).toEqual([account === 'admin']);
      },
    );

    it("answers 403 to a regular user asking for someone else's keys, 404 for an unknown user, 400 for an unknown platform", async () => {
      expect(await api('GET', '/api/admin/dashboard/users/2/api-keys', 'user')).toEqual({
        status: 403,
        body: { message: 'You can only see your own API keys' },
      });
      expect(await api('GET', '/api/admin/dashboard/users/999/api-keys', 'admin')).toEqual({
        status: 404,
        body: { message: 'User not found' },
      });
      const bad = await api<{ message: string }>(
        'GET',
        '/api/admin/dashboard/users/3/api-keys?platform=lemlist',
        'user',
      );
      expect(bad).toEqual({
        status: 400,
        body: expect.objectContaining({
          message:
            'Invalid query: platform: platform must be one of smartlead, instantly, bison, heyreach',
        }),
      });
    });
  });
});
