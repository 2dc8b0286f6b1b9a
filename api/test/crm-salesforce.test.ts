import {
  crmProperty,
  salesforceConnectStart,
  salesforceList,
  salesforceListField,
  salesforcePermission,
  salesforceSettings,
  type SalesforceSettings,
} from 'shared/contract';
import { SALESFORCE_CUSTOM_FIELDS } from '../src/adapters/salesforce/index.js';
import { invalidDomainMessage } from '../src/services/salesforce-settings.js';
import { callApi } from './helpers/api-key-calls.js';
import { inOwnOrganization, insertProfile, joinOrganizationOf, userIdOf } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { injectFault, resetSandbox, sandboxRequests } from './helpers/sandbox-control.js';
import {
  createTestApp,
  PUBLIC_URL,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const form = (values: Record<string, string>) => ({
  payload: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const validSettings = {
  domain: 'acme.my.salesforce.com',
  consumer_key: 'sandbox-consumer-key',
  consumer_secret: 'sandbox-consumer-secret',
};

describe('Salesforce connections and lookups (spec §7)', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;

  const api = <T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => callApi<T>(t.app, method, url, account && cookies[account], body);

  async function createSettings(
    account: SeededAccount,
    body: Record<string, string> = validSettings,
  ): Promise<SalesforceSettings> {
    const answer = await api('POST', '/api/admin/salesforce/profiles', account, body);
    if (answer.status !== 201)
      throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return salesforceSettings.parse(answer.body);
  }

  /** Connect: GET the settings (authorize URL), the sandbox's consent page, back to /oauth/salesforce. */
  async function connectWith(
    account: SeededAccount,
    settingsId: number,
    decision: 'connect' | 'cancel' = 'connect',
  ): Promise<string> {
    const start = salesforceConnectStart.parse(
      (await api('GET', `/api/admin/salesforce/profiles/${settingsId}`, account)).body,
    );
    const authorize = new URL(start.authorizeUrl);
    expect(
      (await sandbox.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` }))
        .statusCode,
    ).toBe(200);
    const consent = await sandbox.app.inject({
      method: 'POST',
      url: authorize.pathname,
      ...form({ ...Object.fromEntries(authorize.searchParams), decision }),
    });
    const callback = new URL(consent.headers.location as string);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/oauth/salesforce`);
    const answer = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookies[account] },
    });
    expect(answer.statusCode).toBe(302);
    return answer.headers.location as string;
  }

  async function connect(
    account: SeededAccount,
  ): Promise<{ settingsId: number; profileId: number }> {
    const settings = await createSettings(account);
    expect(await connectWith(account, settings.id)).toBe('/admin/dashboard/salesforce');
    const [saved] = (
      await api<SalesforceSettings[]>('GET', '/api/admin/salesforce/profiles', account)
    ).body.filter((candidate) => candidate.id === settings.id);
    return { settingsId: settings.id, profileId: saved!.userProfileId! };
  }

  const profileRow = (id: number) =>
    t.app.db.selectFrom('user_profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '500' });
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  describe('settings: POST, GET, DELETE /api/admin/salesforce/…', () => {
    it('401 without a session', async () => {
      expect((await api('GET', '/api/admin/salesforce/profiles')).status).toBe(401);
      expect(
        (await api('POST', '/api/admin/salesforce/profiles', undefined, validSettings)).status,
      ).toBe(401);
      expect((await api('DELETE', '/api/admin/salesforce/1')).status).toBe(401);
    });

    it('the spec §5 messages for blank values, in the order domain, key, secret', async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ ...validSettings, domain: '  ' }, 'Domain is required', 'domain'],
        [{ domain: '', consumer_key: '', consumer_secret: '' }, 'Domain is required', 'domain'],
        [{ ...validSettings, consumer_key: '\t' }, 'Consumer key is required', 'consumer_key'],
        [
          { ...validSettings, consumer_key: '', consumer_secret: '' },
          'Consumer key is required',
          'consumer_key',
        ],
        [
          { ...validSettings, consumer_secret: ' ' },
          'Consumer secret is required',
          'consumer_secret',
        ],
      ];
      for (const [body, message, field] of cases) {
        expect(await api('POST', '/api/admin/salesforce/profiles', 'user', body)).toEqual({
          status: 400,
          body: { message, errors: { [field]: message } },
        });
      }
    });

    it('400 naming the field for a missing or mistyped one, and for what is no domain', async () => {
      const missing = await api<{ message: string }>(
        'POST',
        '/api/admin/salesforce/profiles',
        'user',
        { domain: 'acme.my.salesforce.com', consumer_key: 'k' },
      );
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('consumer_secret');
      const typed = await api<{ message: string }>(
        'POST',
        '/api/admin/salesforce/profiles',
        'user',
        { ...validSettings, domain: 42 },
      );
      expect(typed.body.message).toContain('domain');
      for (const domain of [
        'not a domain',
        'acme.my.salesforce.com/path?x=1',
        'localhost',
        'ftp://acme.example',
      ]) {
        expect(
          await api('POST', '/api/admin/salesforce/profiles', 'user', { ...validSettings, domain }),
        ).toEqual({
          status: 400,
          body: { message: invalidDomainMessage, errors: { domain: invalidDomainMessage } },
        });
      }
    });

    it('trims, adds https:// (http:// becomes https://), seals the secret and never returns it', async () => {
      const created = await createSettings('user', {
        domain: '  acme.my.salesforce.com/ ',
        consumer_key: ' key-1 ',
        consumer_secret: ' very-secret ',
      });
      expect(created).toMatchObject({
        domain: 'https://acme.my.salesforce.com',
        consumer_key: 'key-1',
        connected: false,
        userProfileId: null,
      });
      expect(JSON.stringify(created)).not.toContain('very-secret');
      expect(
        (
          await createSettings('user', {
            ...validSettings,
            domain: 'https://beta.my.salesforce.com',
          })
        ).domain,
      ).toBe('https://beta.my.salesforce.com');
      expect(
        (
          await createSettings('user', {
            ...validSettings,
            domain: 'http://gamma.my.salesforce.com',
          })
        ).domain,
      ).toBe('https://gamma.my.salesforce.com');
      const row = await t.app.db
        .selectFrom('salesforce_settings')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.consumer_secret_enc).not.toContain('very-secret');
      expect(t.app.secretBox.open(row.consumer_secret_enc)).toBe('very-secret');
      const listed = await api<SalesforceSettings[]>(
        'GET',
        '/api/admin/salesforce/profiles',
        'user',
      );
      expect(listed.body.map((settings) => settings.id)).toContain(created.id);
      expect(JSON.stringify(listed.body)).not.toContain('very-secret');
    });

    it('each user lists only their own settings', async () => {
      const mine = await createSettings('manager');
      expect(
        (await api<SalesforceSettings[]>('GET', '/api/admin/salesforce/profiles', 'user')).body.map(
          (settings) => settings.id,
        ),
      ).not.toContain(mine.id);
      expect(
        (
          await api<SalesforceSettings[]>('GET', '/api/admin/salesforce/profiles', 'manager')
        ).body.map((settings) => settings.id),
      ).toEqual([mine.id]);
    });

    it("delete: 404 unknown, 403 someone else's (user, manager), the owner and admins delete", async () => {
      const settings = await createSettings('manager');
      expect((await api('DELETE', '/api/admin/salesforce/987654', 'manager')).status).toBe(404);
      expect((await api('DELETE', `/api/admin/salesforce/${settings.id}`, 'user')).status).toBe(
        403,
      );
      const own = await createSettings('user');
      expect((await api('DELETE', `/api/admin/salesforce/${own.id}`, 'manager')).status).toBe(403);
      expect(await api('DELETE', `/api/admin/salesforce/${own.id}`, 'user')).toEqual({
        status: 200,
        body: { id: own.id },
      });
      expect(await api('DELETE', `/api/admin/salesforce/${settings.id}`, 'admin')).toEqual({
        status: 200,
        body: { id: settings.id },
      });
      expect((await api('DELETE', `/api/admin/salesforce/${settings.id}`, 'admin')).status).toBe(
        404,
      );
    });

    it('GET /api/admin/salesforce/profiles/{id}: the authorize URL on the domain (sent to the sandbox), only for the owner', async () => {
      const settings = await createSettings('user');
      const answer = await api('GET', `/api/admin/salesforce/profiles/${settings.id}`, 'user');
      expect(answer.status).toBe(200);
      const start = salesforceConnectStart.parse(answer.body);
      expect(start).toMatchObject({
        id: settings.id,
        domain: 'https://acme.my.salesforce.com',
        consumer_key: 'sandbox-consumer-key',
      });
      const url = new URL(start.authorizeUrl);
      expect(`${url.origin}${url.pathname}`).toBe(
        `${sandbox.url}/salesforce/services/oauth2/authorize`,
      );
      expect(
        Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'state')),
      ).toEqual({
        response_type: 'code',
        prompt: 'login',
        client_id: 'sandbox-consumer-key',
        redirect_uri: `${PUBLIC_URL}/oauth/salesforce`,
      });
      expect(url.searchParams.get('state')!.length).toBeGreaterThan(40);
      expect(
        (await api('GET', `/api/admin/salesforce/profiles/${settings.id}`, 'admin')).status,
      ).toBe(403);
      expect((await api('GET', '/api/admin/salesforce/profiles/777777', 'user')).status).toBe(404);
      expect((await api('GET', '/api/admin/salesforce/profiles/x', 'user')).status).toBe(400);
    });
  });

  describe('GET /oauth/salesforce', () => {
    it("connects with the settings' key and secret: profile stored (org, My Domain, instance, sealed tokens), settings connected", async () => {
      const { settingsId, profileId } = await connect('user');
      const row = await profileRow(profileId);
      expect(row).toMatchObject({
        crm: 'SALESFORCE',
        organization_id: expect.stringMatching(/^00D/),
        organization_domain: 'acme.my.salesforce.com',
        email: 'admin@crm-sync-sandbox.example',
        first_name: 'Sandbox',
        last_name: 'Admin',
        instance_url: `${sandbox.url}/salesforce`,
        salesforce_setting_id: settingsId,
        status: 'CONNECTED',
      });
      expect(row.account_id).toMatch(/^005/);
      expect(t.app.secretBox.open(row.access_token_enc!)).toMatch(
        new RegExp(`^${row.organization_id}!`),
      );
      expect(t.app.secretBox.open(row.refresh_token_enc!)).toMatch(/^5Aep861/);
      const settings = (
        await api<SalesforceSettings[]>('GET', '/api/admin/salesforce/profiles', 'user')
      ).body.find((candidate) => candidate.id === settingsId);
      expect(settings).toMatchObject({ connected: true, userProfileId: profileId });
      expect(
        (await api('POST', '/api/admin/salesforce/profiles/check-connected-account', 'user')).body,
      ).toEqual({ message: null });
    });

    it('a denied consent, a wrong consumer secret, a foreign state: back with ?error=', async () => {
      const settings = await createSettings('user');
      expect(await connectWith('user', settings.id, 'cancel')).toBe(
        `/admin/dashboard/salesforce?error=denied`,
      );
      const wrongSecret = await createSettings('user', {
        ...validSettings,
        consumer_secret: 'not-the-secret',
      });
      expect(await connectWith('user', wrongSecret.id)).toBe(
        `/admin/dashboard/salesforce?error=badConsumerSecret`,
      );
      const start = salesforceConnectStart.parse(
        (await api('GET', `/api/admin/salesforce/profiles/${settings.id}`, 'user')).body,
      );
      const state = new URL(start.authorizeUrl).searchParams.get('state')!;
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/oauth/salesforce?code=abc&state=${encodeURIComponent(state)}`,
        headers: { cookie: cookies.manager },
      });
      expect(foreign.headers.location).toBe(`/admin/dashboard/salesforce?error=unverified`);
      const hubspotState = new URL(
        (await api<{ url: string }>('GET', '/api/admin/hubspot/authorize-url', 'user')).body.url,
      ).searchParams.get('state')!;
      const wrongKind = await t.app.inject({
        method: 'GET',
        url: `/oauth/salesforce?code=abc&state=${encodeURIComponent(hubspotState)}`,
        headers: { cookie: cookies.user },
      });
      expect(wrongKind.headers.location).toBe(`/admin/dashboard/salesforce?error=unverified`);
      expect(
        (await t.app.inject({ method: 'GET', url: '/oauth/salesforce?code=abc' })).headers.location,
      ).toBe('/unauthorized');
    });

    it('Salesforce failing during the exchange: the providerFailed code (what failed goes to the log only)', async () => {
      const settings = await createSettings('user');
      await injectFault(sandbox, 'salesforce', '500', { route: 'POST /services/oauth2/token' });
      const location = await connectWith('user', settings.id);
      expect(decodeURIComponent(location.split('error=')[1]!)).toBe('providerFailed');
    });
  });

  describe('integrations', () => {
    let userProfile: number;
    beforeAll(async () => {
      userProfile = (await connect('user')).profileId;
    });

    it("GET /api/admin/users/integrations: the user's own profiles with the Salesforce settings (no secret)", async () => {
      const answer = await api<{ id: number; user: Record<string, unknown> }[]>(
        'GET',
        '/api/admin/users/integrations',
        'user',
      );
      expect(answer.status).toBe(200);
      const integration = answer.body.find((candidate) => candidate.id === userProfile)!;
      expect(integration.user).toMatchObject({
        id: userProfile,
        profile: 'SALESFORCE',
        organizationId: expect.stringMatching(/^00D/),
        organizationDomain: 'acme.my.salesforce.com',
        email: 'admin@crm-sync-sandbox.example',
        firstName: 'Sandbox',
        lastName: 'Admin',
        role: null,
        canWebhook: true,
        canUserAccount: false,
        canBlockList: false,
        settings: {
          domain: 'https://acme.my.salesforce.com',
          consumer_key: 'sandbox-consumer-key',
        },
        userAccounts: [],
        ownerUserId: 3,
      });
      expect(JSON.stringify(answer.body)).not.toContain('sandbox-consumer-secret');
      expect(
        (await api<unknown[]>('GET', '/api/admin/users/integrations', 'manager')).body,
      ).toEqual([]);
      expect((await api('GET', '/api/admin/users/integrations')).status).toBe(401);
    });

    it("an integration lists the profile's webhook endpoints (user accounts)", async () => {
      const account = await t.app.db
        .insertInto('user_accounts')
        .values({
          user_profile_id: userProfile,
          user_id: 3,
          url: 'https://hooks.example.com/in',
          description: 'Forward to Zapier',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answer = await api<{ id: number; user: { userAccounts: unknown[] } }[]>(
        'GET',
        '/api/admin/users/integrations',
        'user',
      );
      expect(
        answer.body.find((integration) => integration.id === userProfile)?.user.userAccounts,
      ).toEqual([
        { id: account.id, url: 'https://hooks.example.com/in', description: 'Forward to Zapier' },
      ]);
      await t.app.db.deleteFrom('user_accounts').where('id', '=', account.id).execute();
    });

    it("GET /api/admin/organizations/integrations shows a profile's endpoints to its owner, managers and admins, not to a colleague", async () => {
      const adminProfile = await insertProfile(t.app, 'admin', 'HUBSPOT');
      await t.app.db
        .insertInto('user_accounts')
        .values({
          user_profile_id: adminProfile,
          user_id: await userIdOf(t.app, 'admin'),
          url: 'https://hooks.example.com/capability-7c1e',
          description: "The admin's",
          created_at: new Date().toISOString(),
        })
        .execute();
      const endpointsSeenBy = async (account: SeededAccount) =>
        (
          await api<{ id: number; user: { userAccounts: { url: string }[] } }[]>(
            'GET',
            '/api/admin/organizations/integrations',
            account,
          )
        ).body
          .find((integration) => integration.id === adminProfile)
          ?.user.userAccounts.map((endpoint) => endpoint.url);
      expect(await endpointsSeenBy('admin')).toEqual(['https://hooks.example.com/capability-7c1e']);
      expect(await endpointsSeenBy('manager')).toEqual([
        'https://hooks.example.com/capability-7c1e',
      ]);
      expect(await endpointsSeenBy('user')).toEqual([]);
    });

    it("GET /api/admin/organizations/integrations: the organization's, for users, managers and admins alike", async () => {
      const adminProfile = await insertProfile(t.app, 'admin', 'HUBSPOT');
      const ids = async (account: SeededAccount) =>
        (
          await api<{ id: number }[]>('GET', '/api/admin/organizations/integrations', account)
        ).body.map((integration) => integration.id);
      for (const account of ['user', 'manager', 'admin'] as const)
        expect(await ids(account)).toEqual(expect.arrayContaining([userProfile, adminProfile]));
      // issue 10: with the user back in another organization, neither side sees the other's
      await inOwnOrganization(t.app, 'user', 'admin', async () => {
        expect(await ids('user')).toContain(userProfile);
        expect(await ids('user')).not.toContain(adminProfile);
        for (const account of ['manager', 'admin'] as const) {
          expect(await ids(account)).toContain(adminProfile);
          expect(await ids(account)).not.toContain(userProfile);
        }
      });
    });
  });

  describe('lookups through the Salesforce adapter', () => {
    let profile: number;
    beforeAll(async () => {
      await resetSandbox(sandbox, 'salesforce');
      profile = (await connect('manager')).profileId;
    });

    it('lists: list views of Lead and Contact, then reports', async () => {
      const answer = await api(
        'GET',
        `/api/admin/salesforce/user-profiles/${profile}/lists`,
        'manager',
      );
      expect(answer.status).toBe(200);
      const lists = salesforceList.array().parse(answer.body);
      expect(lists.filter((list) => list.type === 'ListView').map((list) => list.Name)).toEqual([
        'All Contacts',
        'All Leads',
        'All Open Leads',
        'Do Not Contact Leads',
        'Opted-out Contacts',
      ]);
      expect(lists.filter((list) => list.type === 'Report').map((list) => list.Name)).toEqual([
        'Customer contacts',
        'Do-not-contact leads',
      ]);
    });

    it('fields of a report and of a list view; 404 for an unknown one', async () => {
      const lists = salesforceList
        .array()
        .parse(
          (await api('GET', `/api/admin/salesforce/user-profiles/${profile}/lists`, 'manager'))
            .body,
        );
      const report = lists.find((list) => list.Name === 'Do-not-contact leads')!;
      const reportFields = salesforceListField
        .array()
        .parse(
          (
            await api(
              'GET',
              `/api/admin/salesforce/profiles/${profile}/reports/${report.Id}/fields`,
              'manager',
            )
          ).body,
        );
      expect(reportFields).toEqual(
        expect.arrayContaining([{ name: 'EMAIL', label: 'Email', type: 'email' }]),
      );
      const view = lists.find((list) => list.Name === 'Do Not Contact Leads')!;
      const viewFields = salesforceListField
        .array()
        .parse(
          (
            await api(
              'GET',
              `/api/admin/salesforce/profiles/${profile}/reports/${view.Id}/fields`,
              'manager',
            )
          ).body,
        );
      expect(viewFields.map((field) => field.name)).toEqual(['Name', 'Company', 'Email']);
      expect(
        (
          await api(
            'GET',
            `/api/admin/salesforce/profiles/${profile}/reports/00O000000000000AAA/fields`,
            'manager',
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await api(
            'GET',
            `/api/admin/salesforce/profiles/${profile}/reports/00B000000000000AAA/fields`,
            'manager',
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await api(
            'GET',
            `/api/admin/salesforce/profiles/${profile}/reports/bad'id/fields`,
            'manager',
          )
        ).status,
      ).toBe(400);
    });

    it('permission sets, with System Administrator', async () => {
      const permissions = salesforcePermission
        .array()
        .parse((await api('GET', `/api/admin/salesforce/permissions/${profile}`, 'manager')).body);
      expect(permissions.map((permission) => permission.Name)).toEqual(
        expect.arrayContaining(['System Administrator', 'Standard User', 'Sales_Operations']),
      );
    });

    it("crm-properties: the object's fields (Contact without ?type=), 400 for an object Salesforce does not have", async () => {
      const contact = crmProperty
        .array()
        .parse((await api('GET', `/api/admin/profiles/${profile}/crm-properties`, 'manager')).body);
      expect(contact.map((field) => field.name)).toEqual(
        expect.arrayContaining(['Email', 'Department']),
      );
      const lead = crmProperty
        .array()
        .parse(
          (await api('GET', `/api/admin/profiles/${profile}/crm-properties?type=LEAD`, 'manager'))
            .body,
        );
      expect(lead.map((field) => field.name)).toEqual(expect.arrayContaining(['Email', 'Company']));
      const unknown = await api<{ message: string }>(
        'GET',
        `/api/admin/profiles/${profile}/crm-properties?type=Opportunity`,
        'manager',
      );
      expect(unknown).toEqual({
        status: 400,
        body: {
          message: 'Invalid query: type: Salesforce has no object named Opportunity',
          errors: { type: 'Salesforce has no object named Opportunity' },
        },
      });
      expect(
        (await api('GET', `/api/admin/profiles/${profile}/crm-properties?type=../x`, 'manager'))
          .status,
      ).toBe(400);
    });

    it('POST /api/admin/salesforce/properties: creates the custom fields on each object and grants them to the permission set; again: already there', async () => {
      const permissions = salesforcePermission
        .array()
        .parse((await api('GET', `/api/admin/salesforce/permissions/${profile}`, 'manager')).body);
      const admin = permissions.find((permission) => permission.Name === 'System Administrator')!;
      const body = {
        userProfileId: profile,
        permissionId: admin.Id,
        customFields: ['Lead', 'Contact'],
      };
      const first = await api<{ success: boolean; message: string }>(
        'POST',
        '/api/admin/salesforce/properties',
        'manager',
        body,
      );
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        success: true,
        message: `Custom fields are ready on Lead, Contact and the event id on Task, EmailMessage: ${2 * SALESFORCE_CUSTOM_FIELDS.length + 2} created, 0 already there, access granted on ${2 * SALESFORCE_CUSTOM_FIELDS.length + 2}`,
      });
      const lead = crmProperty
        .array()
        .parse(
          (await api('GET', `/api/admin/profiles/${profile}/crm-properties?type=Lead`, 'manager'))
            .body,
        );
      expect(lead.map((field) => field.name)).toEqual(
        expect.arrayContaining([
          'os_last_sent_at__c',
          'os_number_of_opens__c',
          'os_objectlookup_id__c',
        ]),
      );
      const again = await api<{ success: boolean; message: string }>(
        'POST',
        '/api/admin/salesforce/properties',
        'manager',
        body,
      );
      expect(again.body).toEqual({
        success: true,
        message: `Custom fields are ready on Lead, Contact and the event id on Task, EmailMessage: 0 created, ${2 * SALESFORCE_CUSTOM_FIELDS.length + 2} already there, access granted on ${2 * SALESFORCE_CUSTOM_FIELDS.length + 2}`,
      });
      expect(
        (
          await api('POST', '/api/admin/salesforce/properties', 'manager', {
            ...body,
            permissionId: '0PS000000000000AAA',
          })
        ).body,
      ).toEqual({
        success: false,
        message: 'Salesforce has no permission set 0PS000000000000AAA',
      });
    });

    it('properties: 400 without objects or with an unknown one; only the owner and admins create; 404 for an unknown profile', async () => {
      const body = {
        userProfileId: profile,
        permissionId: '0PS000000000000AAA',
        customFields: ['Lead'],
      };
      expect(
        await api('POST', '/api/admin/salesforce/properties', 'manager', {
          ...body,
          customFields: [],
        }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Invalid body: customFields: Objects for custom fields not selected' },
      });
      expect(
        (
          await api('POST', '/api/admin/salesforce/properties', 'manager', {
            ...body,
            customFields: ['Account'],
          })
        ).status,
      ).toBe(400);
      expect((await api('POST', '/api/admin/salesforce/properties', 'user', body)).status).toBe(
        403,
      );
      expect((await api('POST', '/api/admin/salesforce/properties', 'admin', body)).status).toBe(
        200,
      );
      expect(
        (
          await api('POST', '/api/admin/salesforce/properties', 'admin', {
            ...body,
            userProfileId: 55555,
          })
        ).status,
      ).toBe(404);
    });

    it("reads: a regular user 403 on someone else's profile; a HubSpot profile is not a Salesforce one", async () => {
      for (const url of [
        `/api/admin/salesforce/user-profiles/${profile}/lists`,
        `/api/admin/salesforce/permissions/${profile}`,
        `/api/admin/profiles/${profile}/crm-properties`,
      ]) {
        expect((await api('GET', url, 'user')).status).toBe(403);
        expect((await api('GET', url, 'admin')).status).toBe(200);
      }
      const hubspot = await insertProfile(t.app, 'manager', 'HUBSPOT');
      expect(
        (await api('GET', `/api/admin/salesforce/permissions/${hubspot}`, 'manager')).body,
      ).toEqual({ message: 'Salesforce profile not found' });
    });

    it('Salesforce failing is a 502 naming Salesforce and what failed', async () => {
      await injectFault(sandbox, 'salesforce', '500', { route: 'GET /services/data/*/query' });
      expect(await api('GET', `/api/admin/salesforce/permissions/${profile}`, 'manager')).toEqual({
        status: 502,
        body: { message: 'Salesforce failed while listing permission sets (status 500)' },
      });
      await injectFault(sandbox, 'salesforce', '429', { route: 'GET /services/data/*/query' });
      expect(
        await api('GET', `/api/admin/salesforce/user-profiles/${profile}/lists`, 'manager'),
      ).toEqual({
        status: 502,
        body: {
          message:
            "Salesforce is limiting requests (status 429: the org's API request limit is reached) while listing list views; try again later",
        },
      });
      await resetSandbox(sandbox, 'salesforce');
    });
  });

  describe('tokens: refresh on 401 and the DISCONNECTED path', () => {
    let profile: number;
    beforeAll(async () => {
      await resetSandbox(sandbox, 'salesforce');
      profile = (await connect('admin')).profileId;
    });
    const revoke = async (token: string) =>
      expect(
        (
          await sandbox.app.inject({
            method: 'POST',
            url: '/salesforce/services/oauth2/revoke',
            ...form({ token }),
          })
        ).statusCode,
      ).toBe(200);

    it("an ended session (401) is refreshed with the settings' key and secret and the call retried", async () => {
      const before = t.app.secretBox.open((await profileRow(profile)).access_token_enc!);
      await revoke(before);
      expect(
        (await api('GET', `/api/admin/salesforce/permissions/${profile}`, 'admin')).status,
      ).toBe(200);
      const after = await profileRow(profile);
      expect(t.app.secretBox.open(after.access_token_enc!)).not.toBe(before);
      expect(after.status).toBe('CONNECTED');
    });

    it('a refresh Salesforce refuses marks the profile DISCONNECTED; the check reports it; calls answer 409 without reaching Salesforce', async () => {
      const row = await profileRow(profile);
      await revoke(t.app.secretBox.open(row.access_token_enc!));
      await revoke(t.app.secretBox.open(row.refresh_token_enc!));
      const check = await api<{ message: string }>(
        'POST',
        '/api/admin/salesforce/profiles/check-connected-account',
        'admin',
      );
      expect(check.status).toBe(200);
      expect(check.body.message).toBe(
        'Salesforce no longer accepts the sign-in of admin@crm-sync-sandbox.example (acme.my.salesforce.com). Press Connect on its settings to reconnect.',
      );
      expect((await profileRow(profile)).status).toBe('DISCONNECTED');
      const before = (await sandboxRequests(sandbox, 'salesforce')).length;
      const answer = await api<{ message: string }>(
        'GET',
        `/api/admin/salesforce/user-profiles/${profile}/lists`,
        'admin',
      );
      expect(answer.status).toBe(409);
      expect(answer.body.message).toContain(
        'The Salesforce account admin@crm-sync-sandbox.example (acme.my.salesforce.com) is disconnected',
      );
      expect((await sandboxRequests(sandbox, 'salesforce')).length).toBe(before);
      const integrations = await api<{ id: number; user: { status: string } }[]>(
        'GET',
        '/api/admin/users/integrations',
        'admin',
      );
      expect(integrations.body.find((integration) => integration.id === profile)?.user.status).toBe(
        'DISCONNECTED',
      );
    });

    it('deleting the settings deletes the connection made with them', async () => {
      const { settingsId, profileId } = await connect('admin');
      expect((await api('DELETE', `/api/admin/salesforce/${settingsId}`, 'admin')).status).toBe(
        200,
      );
      expect(
        await t.app.db
          .selectFrom('user_profiles')
          .select('id')
          .where('id', '=', profileId)
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });
});
