import { ownersAndUserAccounts } from 'shared/contract';
import { connectHubSpot, connectSalesforce } from './helpers/fixtures.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';
import { joinOrganizationOf } from './helpers/rows.js';

/** GET /api/admin/hubspot/owners-and-user-accounts/{userId} and /api/admin/salesforce/user-accounts/{userId} against the sandbox. */
describe('the webhook forms’ owners and endpoints', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  let userHubspot: number;
  let userSalesforce: number;
  let adminHubspot: number;
  let endpointId: number;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    // Role rules within one organization: the seeded user joins the admin's (organizations apart: permission-matrix.test.ts).
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
    userHubspot = await connectHubSpot(t.app, sandbox.url, 'user');
    userSalesforce = (await connectSalesforce(t.app, sandbox.url, 'user')).profileId;
    adminHubspot = await connectHubSpot(t.app, sandbox.url, 'admin');
    const profile = await t.app.db
      .selectFrom('user_profiles')
      .select('user_id')
      .where('id', '=', userHubspot)
      .executeTakeFirstOrThrow();
    endpointId = (
      await t.app.db
        .insertInto('user_accounts')
        .values({
          user_profile_id: userHubspot,
          user_id: profile.user_id,
          url: 'https://hooks.example.com/a',
          description: 'Mirror',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  afterEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/faults`, { method: 'DELETE' });
  });

  const get = (url: string, account?: SeededAccount) =>
    t.app.inject(call('GET', url, account && cookies[account]));
  const fault = async (provider: string, type: '429' | '500' | 'hang', count = 5) => {
    const response = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider, type, count, retryAfterSeconds: 0, hangMs: 3000 }),
    });
    expect(response.status).toBe(201);
  };

  it('lists the HubSpot owners of the profile and its webhook endpoints', async () => {
    const response = await get(
      `/api/admin/hubspot/owners-and-user-accounts/${userHubspot}`,
      'user',
    );
    expect(response.statusCode).toBe(200);
    const body = ownersAndUserAccounts.parse(json(response));
    expect(body.owners.map((owner) => owner.id)).toEqual(
      expect.arrayContaining(['7010001', '7010002', '7010003', '7010004']),
    );
    expect(body.owners.find((owner) => owner.id === '7010002')).toMatchObject({
      firstName: 'Maria',
      lastName: 'Garcia',
      name: 'Maria Garcia',
    });
    expect(body.userAccounts).toEqual([
      { id: endpointId, url: 'https://hooks.example.com/a', description: 'Mirror' },
    ]);
  });

  it('lists the Salesforce users as owners, with the profile’s endpoints', async () => {
    const response = await get(`/api/admin/salesforce/user-accounts/${userSalesforce}`, 'user');
    expect(response.statusCode).toBe(200);
    const body = ownersAndUserAccounts.parse(json(response));
    expect(body.owners.map((owner) => owner.name)).toEqual(
      expect.arrayContaining(['Maria Garcia', 'David Chen', 'Priya Patel']),
    );
    expect(body.owners.every((owner) => /^[A-Za-z0-9]{18}$/.test(owner.id))).toBe(true);
    expect(body.userAccounts).toEqual([]);
  });

  it('lets managers and admins read anyone’s profile, and refuses regular users someone else’s (403)', async () => {
    expect(
      (await get(`/api/admin/hubspot/owners-and-user-accounts/${userHubspot}`, 'manager'))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/admin/salesforce/user-accounts/${userSalesforce}`, 'admin')).statusCode,
    ).toBe(200);
    const refused = await get(
      `/api/admin/hubspot/owners-and-user-accounts/${adminHubspot}`,
      'user',
    );
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({
      message: "You can only read your own CRM profiles' owners and endpoints",
    });
  });

  it('answers 404 for an unknown profile, 400 for a bad id or the other CRM’s profile', async () => {
    const unknown = await get('/api/admin/hubspot/owners-and-user-accounts/99999', 'admin');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ message: 'Profile not found' });
    expect((await get('/api/admin/salesforce/user-accounts/abc', 'admin')).statusCode).toBe(400);
    const wrong = await get(`/api/admin/salesforce/user-accounts/${userHubspot}`, 'user');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ message: 'This profile is not a Salesforce connection' });
    expect(
      (await get(`/api/admin/hubspot/owners-and-user-accounts/${userSalesforce}`, 'user'))
        .statusCode,
    ).toBe(400);
  });

  it.each([
    ['hubspot', '500', 'owners-and-user-accounts', /HubSpot/],
    ['hubspot', '429', 'owners-and-user-accounts', /HubSpot/],
    ['salesforce', '500', 'user-accounts', /Salesforce/],
    [
      'hubspot',
      'hang',
      'owners-and-user-accounts',
      /^HubSpot did not answer in time while listing owners/,
    ],
  ] as const)(
    'answers 502 naming the provider when %s fails with %s',
    async (provider, type, path, pattern) => {
      await fault(provider, type);
      const id = path === 'user-accounts' ? userSalesforce : userHubspot;
      const response = await get(
        `/api/admin/${provider === 'hubspot' ? 'hubspot' : 'salesforce'}/${path}/${id}`,
        'user',
      );
      expect(response.statusCode).toBe(502);
      const { message } = json<{ message: string }>(response);
      expect(message).toMatch(pattern);
      expect(message).not.toMatch(/token|Bearer/i);
    },
  );
});
