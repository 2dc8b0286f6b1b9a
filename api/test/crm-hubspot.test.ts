import {
  crmProperty,
  currentUser,
  hubspotList,
  hubspotProfiles,
  type HubspotProfiles,
} from 'shared/contract';
import { HUBSPOT_OPTIONAL_SCOPES, HUBSPOT_SCOPES } from '../src/adapters/hubspot/index.js';
import { callApi } from './helpers/api-key-calls.js';
import { inOwnOrganization, insertProfile, joinOrganizationOf } from './helpers/rows.js';
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

describe('HubSpot connections (spec §7 "Current user and CRM connections")', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;

  const api = <T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    account?: SeededAccount,
    body?: unknown,
  ) => callApi<T>(t.app, method, url, account && cookies[account], body);

  /** "Sign in with": the api's authorize URL, the sandbox's consent page (Connect or Cancel), back to /oauth. */
  async function signInWithHubSpot(
    account: SeededAccount,
    decision: 'connect' | 'cancel' = 'connect',
  ): Promise<{ location: string; callback: URL }> {
    const { body } = await api<{ url: string }>('GET', '/api/admin/hubspot/authorize-url', account);
    const authorize = new URL(body.url);
    const consentPage = await sandbox.app.inject({
      method: 'GET',
      url: `${authorize.pathname}${authorize.search}`,
    });
    expect(consentPage.statusCode).toBe(200);
    const params = Object.fromEntries(authorize.searchParams);
    const consent = await sandbox.app.inject({
      method: 'POST',
      url: authorize.pathname,
      ...form({ ...params, decision }),
    });
    const callback = new URL(consent.headers.location as string);
    const answer = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookies[account] },
    });
    expect(answer.statusCode).toBe(302);
    return { location: answer.headers.location as string, callback };
  }

  async function connect(account: SeededAccount): Promise<number> {
    const { location } = await signInWithHubSpot(account);
    expect(location).toBe('/admin/dashboard/hubspot');
    const profiles = hubspotProfiles.parse(
      (await api('GET', '/api/admin/hubspot/profiles', account)).body,
    );
    return profiles.auth0Profiles.at(-1)!.id;
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

  describe('GET /api/admin/hubspot/authorize-url', () => {
    it('answers 401 without a session', async () => {
      expect((await api('GET', '/api/admin/hubspot/authorize-url')).status).toBe(401);
    });

    it('builds the sign-in link from configuration: client id, redirect to /oauth, scopes, optional scopes, a signed state', async () => {
      const answer = await api<{ url: string }>('GET', '/api/admin/hubspot/authorize-url', 'user');
      expect(answer.status).toBe(200);
      const url = new URL(answer.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/hubspot/oauth/authorize`);
      expect(url.searchParams.get('client_id')).toBe('sandbox-hubspot-client-id');
      expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth`);
      expect(url.searchParams.get('scope')).toBe(
        'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.companies.read crm.objects.companies.write crm.objects.owners.read timeline',
      );
      expect(url.searchParams.get('optional_scope')).toBe(
        'crm.lists.read crm.lists.write crm.schemas.contacts.read crm.schemas.contacts.write crm.schemas.companies.read crm.schemas.companies.write',
      );
      expect(HUBSPOT_SCOPES.join(' ')).toBe(url.searchParams.get('scope'));
      expect(HUBSPOT_OPTIONAL_SCOPES).toHaveLength(6);
      const state = url.searchParams.get('state')!;
      expect(state.length).toBeGreaterThan(40);
      expect(state).not.toContain('"userId"');
    });
  });

  describe('GET /oauth (the HubSpot callback)', () => {
    it('connects: code exchanged, account read, profile stored with sealed tokens, back to the HubSpot screen, listed and in /me', async () => {
      const id = await connect('user');
      const profiles = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'user')).body,
      );
      expect(profiles.auth0Profiles).toEqual([
        expect.objectContaining({
          id,
          profile: 'HUBSPOT',
          accountId: '9100001',
          organizationId: '24681357',
          organizationDomain: 'crm-sync-sandbox.com',
          email: 'sandbox.admin@crm-sync-sandbox.com',
          firstName: 'Sam',
          lastName: 'Admin',
          status: 'CONNECTED',
          canWebhook: true,
          canUserAccount: false,
          canBlockList: false,
          canDelete: true,
        }),
      ]);
      const row = await profileRow(id);
      expect(row.access_token_enc).toMatch(/^v1:/);
      expect(t.app.secretBox.open(row.access_token_enc!)).toMatch(/^sbx-hs-at-/);
      expect(t.app.secretBox.open(row.refresh_token_enc!)).toMatch(/^sbx-hs-rt-/);
      expect(Date.parse(row.token_expires_at!)).toBeGreaterThan(Date.now() + 20 * 60_000);
      expect(JSON.stringify(profiles)).not.toMatch(/sbx-hs-/);
      const me = currentUser.parse((await api('GET', '/api/admin/me', 'user')).body);
      expect(me.userProfiles).toEqual([{ userProfileId: id }]);
    });

    it('signing in again to the same account updates that profile instead of adding one', async () => {
      const before = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'user')).body,
      ).auth0Profiles;
      const id = await connect('user');
      const after = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'user')).body,
      ).auth0Profiles;
      expect(after.map((profile) => profile.id)).toEqual(before.map((profile) => profile.id));
      expect(after.map((profile) => profile.id)).toContain(id);
    });

    it('a denied consent comes back with ?error= the message the screen shows', async () => {
      const { location } = await signInWithHubSpot('user', 'cancel');
      expect(location).toBe(`/admin/dashboard/hubspot?error=denied`);
    });

    it("a state that is forged, missing or another user's is refused", async () => {
      const { callback } = await signInWithHubSpot('admin');
      const code = callback.searchParams.get('code')!;
      for (const state of ['forged', '', callback.searchParams.get('state')!]) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/oauth?code=${code}&state=${encodeURIComponent(state)}`,
          headers: { cookie: cookies.user },
        });
        expect(answer.headers.location).toBe(`/admin/dashboard/hubspot?error=unverified`);
      }
    });

    it('without a session it goes to /unauthorized', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/oauth?code=x&state=y' });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/unauthorized');
    });

    it('a code HubSpot refuses (used twice) gives ?error=', async () => {
      const { callback } = await signInWithHubSpot('admin');
      const again = await t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: cookies.admin },
      });
      expect(again.headers.location).toBe(`/admin/dashboard/hubspot?error=codeRefused`);
    });

    it('HubSpot failing during the exchange gives the providerFailed code (what failed goes to the log only)', async () => {
      await injectFault(sandbox, 'hubspot', '500', { route: 'POST /oauth/v1/token' });
      const { location } = await signInWithHubSpot('user');
      expect(decodeURIComponent(location.split('error=')[1]!)).toBe('providerFailed');
      await resetSandbox(sandbox, 'hubspot');
    });

    it('malformed callbacks never fail the server', async () => {
      for (const query of [
        '',
        '?code=a&code=b',
        `?state=${'x'.repeat(5000)}`,
        '?error=server_error',
        '?code=%00&state=%FF',
      ]) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/oauth${query}`,
          headers: { cookie: cookies.user },
        });
        expect(answer.statusCode).toBe(302);
        expect(answer.headers.location).toMatch(/^\/admin\/dashboard\/hubspot\?error=/);
      }
    });
  });

  describe('profiles: list and delete', () => {
    let adminProfile: number;
    beforeAll(async () => {
      adminProfile = await connect('admin');
    });

    it("the organization's profiles: the manager sees the admin's (same organization), the user does not", async () => {
      const manager = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'manager')).body,
      );
      expect(manager.auth0Profiles).toEqual([]);
      expect(manager.organizationProfiles.map((profile) => profile.id)).toContain(adminProfile);
      const admin = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'admin')).body,
      );
      expect(admin.auth0Profiles.map((profile) => profile.id)).toEqual([adminProfile]);
      expect(admin.organizationProfiles.every((profile) => profile.userId !== 1)).toBe(true);
      // in its own organization, the user sees none of the admin's organization's profiles
      const user = await inOwnOrganization(
        t.app,
        'user',
        'admin',
        async () => (await api<HubspotProfiles>('GET', '/api/admin/hubspot/profiles', 'user')).body,
      );
      expect(user.organizationProfiles).toEqual([]);
    });

    it('each row says whether the viewer may delete it (canDelete): the owner and admins, not a manager or another user', async () => {
      const admin = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'admin')).body,
      );
      expect(admin.auth0Profiles.find((profile) => profile.id === adminProfile)?.canDelete).toBe(
        true,
      );
      // the admin's organization list holds the user's and the manager's profiles: an admin may delete them all
      expect(admin.organizationProfiles.length).toBeGreaterThan(0);
      expect(admin.organizationProfiles.every((profile) => profile.canDelete)).toBe(true);
      const manager = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'manager')).body,
      );
      expect(
        manager.organizationProfiles.find((profile) => profile.id === adminProfile)?.canDelete,
      ).toBe(false);
      expect(manager.organizationProfiles.every((profile) => !profile.canDelete)).toBe(true);
      const user = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'user')).body,
      );
      expect(user.auth0Profiles.length).toBeGreaterThan(0);
      expect(user.auth0Profiles.every((profile) => profile.canDelete)).toBe(true);
      // the rule the DELETE route applies: the manager's Delete on the admin's profile is refused
      expect(
        (await api('DELETE', `/api/admin/hubspot/profiles/${adminProfile}`, 'manager')).status,
      ).toBe(403);
    });

    it("delete: 401 without a session, 404 unknown, 403 for someone else's (user, manager), the owner gets { id }", async () => {
      expect((await api('DELETE', `/api/admin/hubspot/profiles/${adminProfile}`)).status).toBe(401);
      expect((await api('DELETE', '/api/admin/hubspot/profiles/999999', 'admin')).status).toBe(404);
      expect((await api('DELETE', '/api/admin/hubspot/profiles/abc', 'admin')).status).toBe(400);
      for (const account of ['user', 'manager'] as const) {
        const answer = await api<{ message: string }>(
          'DELETE',
          `/api/admin/hubspot/profiles/${adminProfile}`,
          account,
        );
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe(
          'Only the owner of this CRM profile or an admin can change it',
        );
      }
      const deleted = await api('DELETE', `/api/admin/hubspot/profiles/${adminProfile}`, 'admin');
      expect(deleted).toEqual({ status: 200, body: { id: adminProfile } });
      expect(
        (await api('DELETE', `/api/admin/hubspot/profiles/${adminProfile}`, 'admin')).status,
      ).toBe(404);
    });

    it("an admin deletes anyone's profile; a Salesforce profile is not a HubSpot profile", async () => {
      const managerProfile = await connect('manager');
      expect(
        (await api('DELETE', `/api/admin/hubspot/profiles/${managerProfile}`, 'admin')).body,
      ).toEqual({ id: managerProfile });
      const salesforce = await insertProfile(t.app, 'admin', 'SALESFORCE');
      expect(
        (await api('DELETE', `/api/admin/hubspot/profiles/${salesforce}`, 'admin')).status,
      ).toBe(404);
    });
  });

  describe('lookups through the HubSpot adapter', () => {
    let userProfile: number;
    beforeAll(async () => {
      await resetSandbox(sandbox, 'hubspot');
      userProfile = await connect('user');
    });

    it('lists with size and object type (lists search, every page)', async () => {
      const answer = await api(
        'GET',
        `/api/admin/dashboard/user-profiles/${userProfile}/hubspot-lists`,
        'user',
      );
      expect(answer.status).toBe(200);
      const lists = hubspotList.array().parse(answer.body);
      expect(
        lists.map(({ listId, name, objectTypeId }) => ({ listId, name, objectTypeId })),
      ).toEqual([
        { listId: '101', name: 'Newsletter opt-outs', objectTypeId: '0-1' },
        { listId: '102', name: 'Contacts with a LinkedIn profile', objectTypeId: '0-1' },
        { listId: '103', name: 'Competitor and partner companies', objectTypeId: '0-2' },
        { listId: '104', name: 'Scale test: 10,000 contacts', objectTypeId: '0-1' },
      ]);
      expect(lists[3]!.additionalProperties.hs_list_size).toBe('10000');
    });

    it('contact properties, cached per profile (the second read does not reach HubSpot)', async () => {
      const url = `/api/admin/hubspot/contacts/properties/${userProfile}`;
      const first = await api('GET', url, 'user');
      expect(first.status).toBe(200);
      const properties = crmProperty.array().parse(first.body);
      expect(properties.map((property) => property.name)).toEqual(
        expect.arrayContaining(['email', 'firstname', 'hs_linkedin_url', 'os_last_sent_at']),
      );
      const calls = async () =>
        (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
          request.url.includes('/crm/v3/properties/contacts'),
        ).length;
      const before = await calls();
      expect((await api('GET', url, 'manager')).body).toEqual(first.body);
      expect(
        (await api('GET', `/api/admin/profiles/${userProfile}/crm-properties`, 'user')).body,
      ).toEqual(first.body);
      expect(await calls()).toBe(before);
    });

    it('reads: the owner, managers and admins; another regular user 403; unknown 404; a Salesforce profile 404', async () => {
      const adminOnly = await insertProfile(t.app, 'admin', 'HUBSPOT');
      expect(
        (await api('GET', `/api/admin/dashboard/user-profiles/${adminOnly}/hubspot-lists`, 'user'))
          .status,
      ).toBe(403);
      expect(
        (await api('GET', `/api/admin/hubspot/contacts/properties/${adminOnly}`, 'user')).status,
      ).toBe(403);
      expect(
        (await api('GET', `/api/admin/profiles/${adminOnly}/crm-properties`, 'user')).status,
      ).toBe(403);
      for (const account of ['manager', 'admin'] as const) {
        expect(
          (
            await api(
              'GET',
              `/api/admin/dashboard/user-profiles/${userProfile}/hubspot-lists`,
              account,
            )
          ).status,
        ).toBe(200);
      }
      expect(
        (await api('GET', '/api/admin/dashboard/user-profiles/424242/hubspot-lists', 'admin'))
          .status,
      ).toBe(404);
      const salesforce = await insertProfile(t.app, 'user', 'SALESFORCE');
      expect(
        (
          await api<{ message: string }>(
            'GET',
            `/api/admin/dashboard/user-profiles/${salesforce}/hubspot-lists`,
            'user',
          )
        ).body,
      ).toEqual({ message: 'HubSpot profile not found' });
      expect((await api('GET', '/api/admin/dashboard/user-profiles/1/hubspot-lists')).status).toBe(
        401,
      );
    });

    it('HubSpot failing (500, 429, no answer in time) is a 502 naming HubSpot and what failed', async () => {
      const url = `/api/admin/dashboard/user-profiles/${userProfile}/hubspot-lists`;
      await injectFault(sandbox, 'hubspot', '500', { route: 'POST /crm/v3/lists/search' });
      expect(await api('GET', url, 'user')).toEqual({
        status: 502,
        body: { message: 'HubSpot failed while listing lists (status 500)' },
      });
      await injectFault(sandbox, 'hubspot', '429', { route: 'POST /crm/v3/lists/search' });
      expect(await api('GET', url, 'user')).toEqual({
        status: 502,
        body: {
          message: 'HubSpot is limiting requests (status 429) while listing lists; try again later',
        },
      });
      await injectFault(sandbox, 'hubspot', 'hang', {
        route: 'POST /crm/v3/lists/search',
        hangMs: 2000,
      });
      // (under jest the time-out's DOMException comes from another realm, so provider-http may call it "could not be reached")
      const hung = await api<{ message: string }>('GET', url, 'user');
      expect(hung.status).toBe(502);
      expect(hung.body.message).toMatch(
        /^HubSpot (did not answer in time|could not be reached) while listing lists$/,
      );
      await resetSandbox(sandbox, 'hubspot');
    });
  });

  describe('tokens: refresh and the DISCONNECTED path', () => {
    let profile: number;
    const listsUrl = () => `/api/admin/dashboard/user-profiles/${profile}/hubspot-lists`;

    beforeAll(async () => {
      await resetSandbox(sandbox, 'hubspot');
      profile = await connect('manager');
    });

    it('an expired access token is refreshed before the call', async () => {
      const before = await profileRow(profile);
      await t.app.db
        .updateTable('user_profiles')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', profile)
        .execute();
      expect((await api('GET', listsUrl(), 'manager')).status).toBe(200);
      const after = await profileRow(profile);
      expect(t.app.secretBox.open(after.access_token_enc!)).not.toBe(
        t.app.secretBox.open(before.access_token_enc!),
      );
      expect(Date.parse(after.token_expires_at!)).toBeGreaterThan(Date.now());
      expect(after.status).toBe('CONNECTED');
    });

    it('an access token HubSpot no longer takes (401) is refreshed once and the call retried', async () => {
      await t.app.db
        .updateTable('user_profiles')
        .set({ access_token_enc: t.app.secretBox.seal('sbx-hs-at-revoked') })
        .where('id', '=', profile)
        .execute();
      expect((await api('GET', listsUrl(), 'manager')).status).toBe(200);
      expect(t.app.secretBox.open((await profileRow(profile)).access_token_enc!)).not.toBe(
        'sbx-hs-at-revoked',
      );
    });

    it('the connected-account check is empty while every profile works', async () => {
      expect(
        await api('POST', '/api/admin/hubspot/profiles/check-connected-account', 'manager'),
      ).toEqual({ status: 200, body: { title: null, message: null } });
    });

    it('the check is a POST (it renews tokens): a GET, which a link or a prefetch may send, runs nothing', async () => {
      const get = await api(
        'GET',
        '/api/admin/hubspot/profiles/check-connected-account',
        'manager',
      );
      expect(get.status).toBe(404);
    });

    it('a refresh HubSpot refuses marks the profile DISCONNECTED: calls answer 409 without reaching HubSpot, the check reports it', async () => {
      const row = await profileRow(profile);
      const refreshToken = t.app.secretBox.open(row.refresh_token_enc!);
      expect(
        (
          await sandbox.app.inject({
            method: 'DELETE',
            url: `/hubspot/oauth/v1/refresh-tokens/${refreshToken}`,
          })
        ).statusCode,
      ).toBe(204);
      await t.app.db
        .updateTable('user_profiles')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', profile)
        .execute();

      const check = await api<{ title: string; message: string }>(
        'POST',
        '/api/admin/hubspot/profiles/check-connected-account',
        'manager',
      );
      expect(check.status).toBe(200);
      expect(check.body.title).toBe('HubSpot account disconnected');
      expect(check.body.message).toContain('sandbox.admin@crm-sync-sandbox.com (Hub ID 24681357)');
      expect((await profileRow(profile)).status).toBe('DISCONNECTED');

      const requestsBefore = (await sandboxRequests(sandbox, 'hubspot')).length;
      const answer = await api<{ message: string }>('GET', listsUrl(), 'manager');
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'The HubSpot account sandbox.admin@crm-sync-sandbox.com (Hub ID 24681357) is disconnected: HubSpot no longer accepts its sign-in. Sign in with HubSpot again to reconnect it',
      );
      expect((await sandboxRequests(sandbox, 'hubspot')).length).toBe(requestsBefore);
      const listed = hubspotProfiles.parse(
        (await api('GET', '/api/admin/hubspot/profiles', 'manager')).body,
      );
      expect(listed.auth0Profiles.find((candidate) => candidate.id === profile)?.status).toBe(
        'DISCONNECTED',
      );
    });

    it('signing in again connects it again', async () => {
      expect(await connect('manager')).toBe(profile);
      expect((await profileRow(profile)).status).toBe('CONNECTED');
      expect((await api('GET', listsUrl(), 'manager')).status).toBe(200);
      expect(
        (await api('POST', '/api/admin/hubspot/profiles/check-connected-account', 'manager')).body,
      ).toEqual({ title: null, message: null });
    });

    it('a profile without tokens is reported as disconnected, never a server error', async () => {
      const bare = await insertProfile(t.app, 'user', 'HUBSPOT', { access_token_enc: null });
      expect(
        (await api('GET', `/api/admin/dashboard/user-profiles/${bare}/hubspot-lists`, 'user'))
          .status,
      ).toBe(409);
      expect(
        (
          await api<{ title: string | null }>(
            'POST',
            '/api/admin/hubspot/profiles/check-connected-account',
            'user',
          )
        ).body.title,
      ).toBe('HubSpot account disconnected');
    });
  });
});
