import { deletedWebhook, webhook, webhookLists, type Webhook } from 'shared/contract';
import { logPost, processed, refusedBy } from './helpers/logged-posts.js';
import { insertApiKey, insertProfile, joinOrganizationOf, setFlags } from './helpers/rows.js';
import {
  PUBLIC_URL,
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const accounts = ['admin', 'manager', 'user'] as const;
const owner = {
  id: '101',
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'olive@example.com',
  name: 'Olive Owner',
};

interface Fixture {
  hubspot: number;
  salesforce: number;
  smartleadKey: number;
  instantlyKey: number;
  heyreachKey: number;
  endpoint: number;
}

describe('webhooks api', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const fx = {} as Record<SeededAccount, Fixture>;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => t.app.inject(call(method, url, account && cookies[account], body));
  const generate = async (account: SeededAccount): Promise<string> => {
    const response = await inject('POST', '/api/admin/webhooks/generate', account);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  /** A complete HUBSPOT create payload for the account's profile, as the form sends it. */
  const hubspotBody = async (account: SeededAccount, change: Record<string, unknown> = {}) => {
    const code = await generate(account);
    return {
      userProfileId: fx[account].hubspot,
      code,
      webhookUrl: `${PUBLIC_URL}/webhooks/${code}`,
      selectedOwner: owner,
      emailService: 'smartlead',
      apiKeyId: fx[account].smartleadKey,
      smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
      createOrUpdateCompany: true,
      assignContactOwner: true,
      objectLookupMethod: 'default',
      additionalEndpoints: [
        {
          userAccount: { id: fx[account].endpoint, description: 'mirror' },
          eventTypes: ['EMAIL_SENT', 'EMAIL_REPLY'],
        },
        { userAccount: null, eventTypes: [] },
      ],
      ...change,
    };
  };
  const salesforceBody = async (account: SeededAccount, change: Record<string, unknown> = {}) => {
    const code = await generate(account);
    return {
      userProfileId: fx[account].salesforce,
      code,
      selectedOwner: {
        id: '005000000000001AAA',
        firstName: 'Sam',
        lastName: 'Sales',
        email: 'sam@example.com',
        name: 'Sam Sales',
      },
      emailService: 'instantly',
      apiKeyId: null,
      logType: 1,
      customTaskSubject: '{event_type}: {subject}',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Lead', 'Contact'],
      objectLookupIdField: 'os_objectlookup_id__c',
      ...change,
    };
  };
  const create = async (account: SeededAccount, body: unknown) =>
    inject('POST', '/api/admin/webhooks', account, body);
  const createOk = async (account: SeededAccount, body: unknown): Promise<Webhook> => {
    const response = await create(account, body);
    expect(response.statusCode).toBe(200);
    return webhook.parse(json(response));
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of accounts) {
      cookies[account] = await signIn(t.app, account);
      const hubspot = await insertProfile(t.app, account, 'HUBSPOT');
      const salesforce = await insertProfile(t.app, account, 'SALESFORCE');
      const endpoint = await t.app.db
        .insertInto('user_accounts')
        .values({
          user_profile_id: hubspot,
          user_id: (
            await t.app.db
              .selectFrom('user_profiles')
              .select('user_id')
              .where('id', '=', hubspot)
              .executeTakeFirstOrThrow()
          ).user_id,
          url: `https://hooks.example.com/${account}`,
          description: `${account} mirror`,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      fx[account] = {
        hubspot,
        salesforce,
        smartleadKey: await insertApiKey(t.app, hubspot, 'smartlead'),
        instantlyKey: await insertApiKey(t.app, salesforce, 'instantly'),
        heyreachKey: await insertApiKey(t.app, hubspot, 'heyreach'),
        endpoint: endpoint.id,
      };
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe('without a session', () => {
    it.each([
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks/generate'],
      ['POST', '/api/admin/webhooks'],
      ['PUT', '/api/admin/webhooks/1'],
      ['DELETE', '/api/admin/webhooks/1'],
      ['GET', '/api/admin/hubspot/owners-and-user-accounts/1'],
      ['GET', '/api/admin/salesforce/user-accounts/1'],
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

  describe('POST /api/admin/webhooks/generate', () => {
    it('answers a new plain-text code of 192 random bits (base64url, 32 characters), never the same twice', async () => {
      const response = await inject('POST', '/api/admin/webhooks/generate', 'user');
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const codes = new Set<string>([response.body]);
      for (let i = 0; i < 40; i += 1) codes.add(await generate('user'));
      expect(codes.size).toBe(41);
      for (const code of codes) {
        expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(Buffer.from(code, 'base64url')).toHaveLength(24);
      }
      // Every character position varies across the codes (no fixed prefix or counter).
      const distinctFirst = new Set([...codes].map((code) => code[0]));
      expect(distinctFirst.size).toBeGreaterThan(10);
    });

    it('answers 403 without canWebhook', async () => {
      await setFlags(t.app, 'user', { canWebhook: false });
      try {
        const response = await inject('POST', '/api/admin/webhooks/generate', 'user');
        expect(response.statusCode).toBe(403);
        expect(json<{ message: string }>(response).message).toMatch(
          /^You don't have permission to create webhooks/,
        );
      } finally {
        await setFlags(t.app, 'user', { canWebhook: true });
      }
    });
  });

  describe('POST /api/admin/webhooks', () => {
    it('creates a HUBSPOT webhook in the spec §3 shape, its URL from the code', async () => {
      const body = await hubspotBody('user');
      const created = await createOk('user', body);
      expect(created).toMatchObject({
        userId: fx.user.hubspot,
        userProfileId: fx.user.hubspot,
        user: {
          id: fx.user.hubspot,
          profile: 'HUBSPOT',
          settings: null,
          userAccounts: [
            {
              id: fx.user.endpoint,
              url: 'https://hooks.example.com/user',
              description: 'user mirror',
            },
          ],
        },
        ownerDetails: { firstName: 'Olive', lastName: 'Owner', email: 'olive@example.com' },
        addedBy: { email: 'user@example.com' },
        hubspotOwnerId: '101',
        code: body.code,
        webhookUrl: `${PUBLIC_URL}/webhooks/${body.code}`,
        emailService: 'smartlead',
        apiKeyId: fx.user.smartleadKey,
        smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
        createOrUpdateCompany: true,
        assignContactOwner: true,
        assignCompanyOwner: false,
        createOrUpdateTask: false,
        logType: null,
        customTaskSubject: null,
        objectLookupMethod: 'default',
        objectLookupIdField: null,
        userAccountWebhooks: [
          {
            userAccount: {
              id: fx.user.endpoint,
              url: 'https://hooks.example.com/user',
              description: 'user mirror',
            },
            eventTypes: ['EMAIL_SENT', 'EMAIL_REPLY'],
          },
        ],
        canManage: true,
        lastEvent: null,
        platformRegistration: null,
        hasSmartleadSecretKey: false,
      });
      expect(created.hubId).toMatch(/^\d+$/);
      expect(Date.parse(created.createdAt)).not.toBeNaN();
    });

    it('creates a SALESFORCE webhook with its log type, task subject and objects', async () => {
      const created = await createOk('user', await salesforceBody('user'));
      expect(created).toMatchObject({
        user: { profile: 'SALESFORCE' },
        emailService: 'instantly',
        logType: 1,
        customTaskSubject: '{event_type}: {subject}',
        salesforceObjectType: 'Lead',
        salesforceOnlyUpdate: true,
        salesforceCustomFieldObjects: ['Lead', 'Contact'],
        objectLookupIdField: 'os_objectlookup_id__c',
        apiKeyId: null,
        smartleadBaseCategories: [],
      });
    });

    it('clears what the chosen method does not use (spec §4 "On submit")', async () => {
      const heyreach = await createOk(
        'user',
        await hubspotBody('user', {
          emailService: 'heyreach',
          apiKeyId: fx.user.heyreachKey,
          smartleadBaseCategories: [{ id: 'hot', name: 'Hot' }],
          objectLookupMethod: 'optional_alternative_property',
          objectLookupIdField: 'hs_object_id',
          optionalAlternativeProperty: { email: 'email', profile_url: '' },
          objectDefaultSearchProperty: 'hs_linkedin_url',
        }),
      );
      expect(heyreach).toMatchObject({
        createOrUpdateCompany: false,
        objectLookupIdField: null,
        objectDefaultSearchProperty: null,
        optionalAlternativeProperty: { email: 'email', os_objectlookup_id: 'hs_object_id' },
      });
      const bison = await createOk(
        'user',
        await hubspotBody('user', {
          emailService: 'bison',
          apiKeyId: null,
          smartleadBaseCategories: [{ id: 'x', name: 'X' }],
        }),
      );
      expect(bison).toMatchObject({
        apiKeyId: null,
        smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
      });
      const all = await createOk(
        'user',
        await hubspotBody('user', { apiKeyId: null, smartleadBaseCategories: [] }),
      );
      expect(all).toMatchObject({ apiKeyId: null, smartleadBaseCategories: [] });
    });

    describe('spec §5 messages (400, exact text)', () => {
      it.each([
        [{ userProfileId: null }, 'Select Profile'],
        [{ selectedOwner: null }, 'Select Owner'],
        [{ smartleadBaseCategories: [] }, 'Select Category-based filter'],
        [
          { emailService: null, apiKeyId: null, smartleadBaseCategories: [] },
          'Select Sales Engagement Platform',
        ],
        [
          { additionalEndpoints: [{ userAccount: { id: 1 }, eventTypes: [] }] },
          'Select Event Types',
        ],
        [
          {
            additionalEndpoints: [
              { userAccount: { id: 1 }, eventTypes: ['EMAIL_SENT'] },
              { userAccount: { id: 1 }, eventTypes: ['EMAIL_OPEN'] },
            ],
          },
          'Endpoint is already selected',
        ],
        [{ objectLookupMethod: null }, 'Select Object Lookup Method'],
        [
          {
            emailService: 'heyreach',
            apiKeyId: null,
            smartleadBaseCategories: [],
            objectLookupMethod: 'default',
          },
          'Select Property for Profile URL',
        ],
        [
          {
            emailService: 'heyreach',
            apiKeyId: null,
            smartleadBaseCategories: [],
            objectLookupMethod: 'alternative_property',
          },
          'Select Property for Object lookup selection',
        ],
        [
          {
            emailService: 'heyreach',
            apiKeyId: null,
            smartleadBaseCategories: [],
            objectLookupMethod: 'optional_alternative_property',
          },
          'Select at least one property for Optional Alternative Property',
        ],
        [{ apiKeyId: null }, 'Select API Key'],
      ])('HUBSPOT %j → %s', async (change, message) => {
        const response = await create('user', await hubspotBody('user', change));
        expect(response.statusCode).toBe(400);
        expect(json<{ message: string }>(response).message).toBe(message);
      });

      it.each([
        [{ selectedOwner: null }, 'Select Owner'],
        [{ emailService: null }, 'Select Sales Engagement Platform'],
        [{ emailService: 'heyreach' }, 'HeyReach is not available for SALESFORCE webhooks'],
        [{ apiKeyId: 5, smartleadBaseCategories: [] }, 'Select Category-based filter'],
        [
          { additionalEndpoints: [{ userAccount: { id: 1 }, eventTypes: [] }] },
          'Select Event Types',
        ],
        [{ salesforceCustomFieldObjects: [] }, 'Objects for custom fields not selected'],
        [{ customTaskSubject: '{first_name}' }, 'Enter Custom Task Subject'],
        [{ customTaskSubject: '{subject' }, 'Enter Custom Task Subject'],
        [{ customTaskSubject: '' }, 'Enter Custom Task Subject'],
      ])('SALESFORCE %j → %s', async (change, message) => {
        const response = await create('user', await salesforceBody('user', change));
        expect(response.statusCode).toBe(400);
        expect(json<{ message: string }>(response).message).toBe(message);
      });

      it.each([
        [{ emailService: 'hubspot' }, 'emailService'],
        [{ logType: 2 }, 'logType'],
        [{ objectLookupMethod: 'guess' }, 'objectLookupMethod'],
        [{ code: 5 }, 'code'],
        [{ additionalEndpoints: 'all' }, 'additionalEndpoints'],
      ])('a value outside its schema %j → 400 naming %s', async (change, field) => {
        const response = await create('user', await hubspotBody('user', change));
        expect(response.statusCode).toBe(400);
        expect(json<{ message: string }>(response).message).toContain(field);
      });

      it('accepts the task subject of a log type 0 webhook as anything and drops it', async () => {
        const created = await createOk(
          'user',
          await salesforceBody('user', { logType: 0, customTaskSubject: '{nope' }),
        );
        expect(created).toMatchObject({ logType: 0, customTaskSubject: null });
      });
    });

    describe('the code', () => {
      it('refuses a code this server did not generate (400)', async () => {
        const response = await create('user', {
          ...(await hubspotBody('user')),
          code: 'A'.repeat(32),
        });
        expect(response.statusCode).toBe(400);
        expect(json<{ message: string }>(response).message).toBe(
          'Unknown webhook code: generate a new webhook URL and try again',
        );
      });

      it('refuses a code generated for someone else (400)', async () => {
        const adminCode = await generate('admin');
        const response = await create('user', { ...(await hubspotBody('user')), code: adminCode });
        expect(response.statusCode).toBe(400);
      });

      it('refuses a code already used (409), and a failed create does not use it up', async () => {
        const body = await hubspotBody('user');
        const failed = await create('user', { ...body, selectedOwner: null });
        expect(failed.statusCode).toBe(400);
        await createOk('user', body);
        const again = await create('user', body);
        expect(again.statusCode).toBe(409);
        expect(json(again)).toEqual({
          message:
            'This webhook code is already used by another webhook: generate a new webhook URL and try again',
        });
      });
    });

    describe('permissions', () => {
      it('answers 403 without canWebhook, before reading the body', async () => {
        await setFlags(t.app, 'manager', { canWebhook: false });
        try {
          const response = await create('manager', { junk: true });
          expect(response.statusCode).toBe(403);
          expect(json<{ message: string }>(response).message).toMatch(
            /^You don't have permission to create webhooks/,
          );
        } finally {
          await setFlags(t.app, 'manager', { canWebhook: true });
        }
      });

      it('answers 404 for an unknown profile and 403 for someone else’s (even for admins)', async () => {
        const unknown = await create('user', await hubspotBody('user', { userProfileId: 99_999 }));
        expect(unknown.statusCode).toBe(404);
        expect(json(unknown)).toEqual({ message: 'Profile not found' });
        const others = await create(
          'admin',
          await hubspotBody('admin', { userProfileId: fx.user.hubspot }),
        );
        expect(others.statusCode).toBe(403);
      });

      it('refuses someone else’s API key (403), an unknown one (404) and one of another platform (400)', async () => {
        const others = await create(
          'user',
          await hubspotBody('user', { apiKeyId: fx.admin.smartleadKey }),
        );
        expect(others.statusCode).toBe(403);
        expect(json(others)).toEqual({
          message: "The API key must be one of the webhook owner's keys",
        });
        const unknown = await create('user', await hubspotBody('user', { apiKeyId: 99_999 }));
        expect(unknown.statusCode).toBe(404);
        const mismatch = await create(
          'user',
          await hubspotBody('user', { apiKeyId: fx.user.heyreachKey }),
        );
        expect(mismatch.statusCode).toBe(400);
        expect(json<{ message: string }>(mismatch).message).toBe(
          'The API key is a heyreach key, not a smartlead key',
        );
      });

      it('refuses someone else’s webhook endpoint (403) and an unknown one (404)', async () => {
        const others = await create(
          'user',
          await hubspotBody('user', {
            additionalEndpoints: [
              { userAccount: { id: fx.admin.endpoint }, eventTypes: ['EMAIL_SENT'] },
            ],
          }),
        );
        expect(others.statusCode).toBe(403);
        const unknown = await create(
          'user',
          await hubspotBody('user', {
            additionalEndpoints: [{ userAccount: { id: 99_999 }, eventTypes: ['EMAIL_SENT'] }],
          }),
        );
        expect(unknown.statusCode).toBe(404);
        expect(json(unknown)).toEqual({ message: 'Webhook endpoint not found' });
      });
    });
  });

  describe('list, update and delete across owners', () => {
    const ids = {} as Record<SeededAccount, number>;
    const codes = {} as Record<number, string>;
    beforeAll(async () => {
      for (const account of accounts) {
        const made = await createOk(account, await hubspotBody(account));
        ids[account] = made.id;
        codes[made.id] = made.code;
      }
    });

    const lists = async (account: SeededAccount) =>
      webhookLists.parse(json(await inject('GET', '/api/admin/webhooks', account)));

    it('gives regular users only their own webhooks and no allWebhooks', async () => {
      const { webhooks, allWebhooks } = await lists('user');
      expect(allWebhooks).toEqual([]);
      expect(webhooks.map((item) => item.id)).toContain(ids.user);
      expect(
        webhooks.every((item) => item.addedBy.email === 'user@example.com' && item.canManage),
      ).toBe(true);
    });

    it('gives managers their own and everyone’s, manageable only where their own', async () => {
      const { webhooks, allWebhooks } = await lists('manager');
      expect(webhooks.map((item) => item.id)).toEqual([ids.manager]);
      expect(allWebhooks.map((item) => item.id)).toEqual(
        expect.arrayContaining([ids.admin, ids.manager, ids.user]),
      );
      expect(allWebhooks.find((item) => item.id === ids.user)?.canManage).toBe(false);
      expect(allWebhooks.find((item) => item.id === ids.manager)?.canManage).toBe(true);
    });

    it('gives admins everyone’s, all manageable', async () => {
      const { allWebhooks } = await lists('admin');
      expect(allWebhooks.every((item) => item.canManage)).toBe(true);
    });

    it('tells of each webhook the newest event it received and what became of it (null before the first)', async () => {
      let posted = 0;
      const log = (
        webhookId: number,
        receivedAt: string,
        state: 'processed' | 'failed',
        isTest = false,
      ) => {
        posted += 1;
        return logPost(t, {
          code: codes[webhookId]!,
          body: {
            event_type: 'EMAIL_REPLY',
            stats_id: `reply-${posted}`,
            to_email: 'l@example.com',
          },
          receivedAt,
          test: isTest,
          steps: state === 'processed' ? processed : refusedBy('HubSpot contact', 'Refused'),
        });
      };
      await log(ids.user, '2026-01-05T10:00:00.000Z', 'processed');
      const newest = await log(ids.user, '2026-01-05T11:00:00.000Z', 'failed');
      const managersTest = await log(ids.manager, '2026-01-05T12:00:00.000Z', 'processed', true);

      const { webhooks, allWebhooks } = await lists('manager');
      const lastOf = (id: number) => allWebhooks.find((item) => item.id === id)?.lastEvent;
      expect(lastOf(ids.user)).toEqual({
        id: newest,
        receivedAt: '2026-01-05T11:00:00.000Z',
        state: 'failed',
        isTest: false,
      });
      expect(lastOf(ids.manager)).toEqual({
        id: managersTest,
        receivedAt: '2026-01-05T12:00:00.000Z',
        state: 'processed',
        isTest: true,
      });
      expect(lastOf(ids.admin)).toBeNull();
      expect(webhooks.find((item) => item.id === ids.manager)?.lastEvent?.id).toBe(managersTest);
      expect(
        (await lists('user')).webhooks.find((item) => item.id === ids.user)?.lastEvent?.id,
      ).toBe(newest);
    });

    const update = async (
      account: SeededAccount,
      id: number,
      change: Record<string, unknown> = {},
    ) => {
      const body = await hubspotBody(account === 'admin' ? 'admin' : account);
      const { code: _code, webhookUrl: _url, userProfileId: _profile, ...form } = body;
      const target = id === ids.user ? 'user' : id === ids.admin ? 'admin' : 'manager';
      return inject('PUT', `/api/admin/webhooks/${id}`, account, {
        ...form,
        apiKeyId: fx[target].smartleadKey,
        additionalEndpoints: [
          { userAccount: { id: fx[target].endpoint }, eventTypes: ['EMAIL_OPEN'] },
        ],
        ...change,
      });
    };

    it('lets the owner update their own webhook and answers it', async () => {
      const response = await update('user', ids.user, {
        assignCompanyOwner: true,
        createOrUpdateCompany: false,
        selectedOwner: { id: 202, firstName: 'New', lastName: 'Owner', email: 'new@example.com' },
      });
      expect(response.statusCode).toBe(200);
      expect(webhook.parse(json(response))).toMatchObject({
        id: ids.user,
        assignCompanyOwner: true,
        createOrUpdateCompany: false,
        hubspotOwnerId: '202',
        ownerDetails: { firstName: 'New', lastName: 'Owner', email: 'new@example.com' },
        userAccountWebhooks: [
          { userAccount: { id: fx.user.endpoint }, eventTypes: ['EMAIL_OPEN'] },
        ],
      });
    });

    it('keeps the owner when the form leaves it out, and refuses changing the profile or code', async () => {
      const kept = await update('user', ids.user, { selectedOwner: undefined });
      expect(kept.statusCode).toBe(200);
      expect(webhook.parse(json(kept)).hubspotOwnerId).toBe('202');
      const profile = await update('user', ids.user, { userProfileId: fx.user.salesforce });
      expect(profile.statusCode).toBe(400);
      const code = await update('user', ids.user, { code: 'B'.repeat(32) });
      expect(code.statusCode).toBe(400);
      expect(json(code)).toMatchObject({ message: "A webhook's code cannot be changed" });
    });

    it('answers the spec messages on update too', async () => {
      const response = await update('user', ids.user, { objectLookupMethod: null });
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toBe('Select Object Lookup Method');
    });

    it.each([
      ['user', 'admin'],
      ['user', 'manager'],
      ['manager', 'user'],
      ['manager', 'admin'],
    ] as const)(
      'refuses the %s updating or deleting the %s’s webhook (403)',
      async (account, target) => {
        const put = await update(account, ids[target]);
        expect(put.statusCode).toBe(403);
        expect(json(put)).toEqual({
          message: 'Only its owner or an admin can update this webhook',
        });
        const del = await inject('DELETE', `/api/admin/webhooks/${ids[target]}`, account);
        expect(del.statusCode).toBe(403);
        expect(json(del)).toEqual({
          message: 'Only its owner or an admin can delete this webhook',
        });
      },
    );

    it('lets admins update anyone’s webhook (with that owner’s keys and endpoints)', async () => {
      const response = await update('admin', ids.manager, { createOrUpdateTask: true });
      expect(response.statusCode).toBe(200);
      expect(webhook.parse(json(response))).toMatchObject({
        id: ids.manager,
        createOrUpdateTask: true,
        addedBy: { email: 'manager@example.com' },
        canManage: true,
      });
      const withAdminsKey = await update('admin', ids.manager, { apiKeyId: fx.admin.smartleadKey });
      expect(withAdminsKey.statusCode).toBe(403);
    });

    it('answers 404 for unknown webhooks and 400 for bad ids', async () => {
      expect((await update('admin', 99_999)).statusCode).toBe(404);
      const del = await inject('DELETE', '/api/admin/webhooks/99999', 'admin');
      expect(del.statusCode).toBe(404);
      expect(json(del)).toEqual({ message: 'Webhook not found' });
      expect((await inject('DELETE', '/api/admin/webhooks/abc', 'admin')).statusCode).toBe(400);
    });

    it('lets the owner delete their own and admins anyone’s, answering id and ownerDetails', async () => {
      const own = await inject('DELETE', `/api/admin/webhooks/${ids.manager}`, 'manager');
      expect(own.statusCode).toBe(200);
      expect(deletedWebhook.parse(json(own))).toEqual({
        id: ids.manager,
        ownerDetails: { firstName: 'Olive', lastName: 'Owner', email: 'olive@example.com' },
      });
      const admin = await inject('DELETE', `/api/admin/webhooks/${ids.user}`, 'admin');
      expect(admin.statusCode).toBe(200);
      expect(json(admin)).toMatchObject({ id: ids.user, ownerDetails: { firstName: 'New' } });
      const { allWebhooks } = await lists('admin');
      expect(allWebhooks.map((item) => item.id)).not.toContain(ids.user);
      expect((await inject('DELETE', `/api/admin/webhooks/${ids.user}`, 'admin')).statusCode).toBe(
        404,
      );
    });
  });
});
