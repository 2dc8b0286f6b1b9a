import { userAccount, webhookEndpointSecret } from 'shared/contract';
import { z } from 'zod';
import { signingSecretOf } from '../src/services/webhook-endpoint-secrets.js';
import { insertProfile, setFlags, userIdOf } from './helpers/rows.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const list = z.array(userAccount);

describe('webhook endpoints (user accounts) api', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const profiles = {} as Record<SeededAccount, number>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const account of ['admin', 'manager', 'user'] as const) {
      cookies[account] = await signIn(t.app, account);
      profiles[account] = await insertProfile(t.app, account);
    }
    // Seeded: admin may create endpoints; manager and user may not. Let the manager and user too, for their own rows.
    await setFlags(t.app, 'manager', { canUserAccount: true });
    await setFlags(t.app, 'user', { canUserAccount: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (account: SeededAccount | undefined, body: unknown) =>
    t.app.inject(call('POST', '/api/admin/user-accounts', account && cookies[account], body));
  const getAll = (account?: SeededAccount) =>
    t.app.inject(call('GET', '/api/admin/user-accounts', account && cookies[account]));
  const remove = (account: SeededAccount | undefined, id: number | string) =>
    t.app.inject(call('DELETE', `/api/admin/user-accounts/${id}`, account && cookies[account]));
  const valid = (account: SeededAccount) => ({
    url: `https://hooks.example.com/${account}`,
    description: `${account}'s mirror`,
    userProfileId: profiles[account],
  });

  describe('without a session', () => {
    it.each([
      ['GET', () => getAll()],
      ['POST', () => create(undefined, valid('user'))],
      ['DELETE', () => remove(undefined, 1)],
    ])('%s answers 401', async (_method, run) => {
      const response = await run();
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Sign in to continue' });
    });
  });

  describe('POST /api/admin/user-accounts', () => {
    it('creates an endpoint on the caller’s own profile (trimmed) and answers it with canDelete', async () => {
      const response = await create('user', {
        url: ' https://hooks.example.com/user ',
        description: ' Mirror ',
        userProfileId: profiles.user,
      });
      expect(response.statusCode).toBe(200);
      expect(userAccount.parse(json(response))).toEqual({
        id: expect.any(Number),
        url: 'https://hooks.example.com/user',
        description: 'Mirror',
        canDelete: true,
        canRevealSecret: true,
        userProfileId: profiles.user,
      });
    });

    it.each([
      [{ userProfileId: null }, 'Select Profile', 'userProfileId'],
      [{ url: '' }, 'Fill URL', 'url'],
      [{ url: '   ' }, 'Fill URL', 'url'],
      [{ description: ' ' }, 'Fill Description', 'description'],
      [{ url: 'not a url' }, 'Your webhook URL is not accepting data', 'url'],
      [{ url: 'javascript:alert(1)' }, 'Your webhook URL is not accepting data', 'url'],
    ])('%j → 400 "%s"', async (change, message, field) => {
      const response = await create('user', { ...valid('user'), ...change });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message, errors: { [field]: message } });
    });

    it.each([
      [{ url: undefined }, 'url'],
      [{ description: 5 }, 'description'],
      [{ userProfileId: 'x' }, 'userProfileId'],
    ])('a missing or mistyped field %j → 400 naming it', async (change, field) => {
      const response = await create('user', { ...valid('user'), ...change });
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toContain(field);
    });

    it('answers 404 for an unknown profile or one of another organization, and 403 for a colleague’s', async () => {
      const unknown = await create('user', { ...valid('user'), userProfileId: 99_999 });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ message: 'Profile not found' });
      const otherOrganization = await create('admin', {
        ...valid('admin'),
        userProfileId: profiles.user,
      });
      expect(otherOrganization.statusCode).toBe(404);
      expect(json(otherOrganization)).toEqual({ message: 'Profile not found' });
      const colleague = await create('admin', {
        ...valid('admin'),
        userProfileId: profiles.manager,
      });
      expect(colleague.statusCode).toBe(403);
      expect(json(colleague)).toEqual({ message: 'You can only use your own CRM profiles' });
    });

    it('answers 403 without canUserAccount, before reading the body', async () => {
      await setFlags(t.app, 'user', { canUserAccount: false });
      try {
        const response = await create('user', { nonsense: true });
        expect(response.statusCode).toBe(403);
        expect(json<{ message: string }>(response).message).toMatch(
          /^You don't have permission to create webhook endpoints/,
        );
      } finally {
        await setFlags(t.app, 'user', { canUserAccount: true });
      }
    });
  });

  describe('GET and DELETE', () => {
    let ids: Record<SeededAccount, number>;
    beforeAll(async () => {
      ids = {} as Record<SeededAccount, number>;
      for (const account of ['admin', 'manager', 'user'] as const)
        ids[account] = json<{ id: number }>(await create(account, valid(account))).id;
    });

    it('shows a regular user only their own endpoints', async () => {
      const rows = list.parse(json(await getAll('user')));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.userProfileId === profiles.user && row.canDelete)).toBe(true);
      expect(rows.map((row) => row.id)).not.toContain(ids.admin);
    });

    it('shows managers their organization’s, deletable only where their own', async () => {
      const rows = list.parse(json(await getAll('manager')));
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(ids.manager)?.canDelete).toBe(true);
      expect(byId.get(ids.admin)?.canDelete).toBe(false);
      expect(byId.has(ids.user)).toBe(false);
    });

    it('shows admins their organization’s, all deletable', async () => {
      const rows = list.parse(json(await getAll('admin')));
      expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([ids.admin, ids.manager]));
      expect(rows.map((row) => row.id)).not.toContain(ids.user);
      expect(rows.every((row) => row.canDelete)).toBe(true);
    });

    it('refuses deleting a colleague’s endpoint to managers (403) and another organization’s to anyone (404)', async () => {
      const manager = await remove('manager', ids.admin);
      expect(manager.statusCode).toBe(403);
      expect(json(manager)).toEqual({
        message: 'Only its owner or an admin can delete this webhook endpoint',
      });
      for (const [account, id] of [
        ['user', ids.admin],
        ['admin', ids.user],
      ] as const) {
        const response = await remove(account, id);
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual({ message: 'Webhook endpoint not found' });
      }
    });

    it('lets the owner delete their own and admins their organization’s; then 404', async () => {
      const admin = await remove('admin', ids.manager);
      expect(admin.statusCode).toBe(200);
      expect(json(admin)).toEqual({ id: ids.manager });
      expect(list.parse(json(await getAll('admin'))).map((row) => row.id)).not.toContain(
        ids.manager,
      );
      const own = await remove('user', ids.user);
      expect(own.statusCode).toBe(200);
      expect(json(own)).toEqual({ id: ids.user });
      const again = await remove('user', ids.user);
      expect(again.statusCode).toBe(404);
      expect(json(again)).toEqual({ message: 'Webhook endpoint not found' });
    });

    it.each(['0', 'abc', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
      const response = await remove('admin', id);
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toContain('id');
    });
  });
  describe('signing secrets (GET /api/admin/user-accounts/{id}/secret)', () => {
    const reveal = (account: SeededAccount | undefined, id: number | string) =>
      t.app.inject(
        call('GET', `/api/admin/user-accounts/${id}/secret`, account && cookies[account]),
      );
    const stored = async (id: number) =>
      (
        await t.app.db
          .selectFrom('user_accounts')
          .select('signing_secret')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).signing_secret;
    /** An endpoint as the ones made before secrets existed: no signing_secret. */
    const insertOldEndpoint = async (account: SeededAccount) =>
      (
        await t.app.db
          .insertInto('user_accounts')
          .values({
            user_profile_id: profiles[account],
            user_id: await userIdOf(t.app, account),
            url: `https://hooks.example.com/old-${account}`,
            description: 'old',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    let ids: Record<SeededAccount, number>;
    beforeAll(async () => {
      ids = {} as Record<SeededAccount, number>;
      for (const account of ['admin', 'manager', 'user'] as const)
        ids[account] = json<{ id: number }>(await create(account, valid(account))).id;
    });

    it('gives a new endpoint a whsec_ secret, stored sealed (never in plain text), revealed to its owner with no-store', async () => {
      const response = await reveal('user', ids.user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { secret } = webhookEndpointSecret.parse(json(response));
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}=*$/);
      const sealed = await stored(ids.user);
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain(secret.slice('whsec_'.length));
      expect(t.app.secretBox.open(sealed ?? '')).toBe(secret);
      expect(json(await reveal('user', ids.user))).toEqual({ secret });
      expect(await signingSecretOf(t.app.deps, ids.user)).toBe(secret);
    });

    it('gives every endpoint its own secret', async () => {
      const secrets = await Promise.all(
        (['admin', 'manager', 'user'] as const).map(
          async (account) => json<{ secret: string }>(await reveal(account, ids[account])).secret,
        ),
      );
      expect(new Set(secrets).size).toBe(3);
    });

    it("lets an admin read a colleague's; a manager gets 403 for a colleague's; another organization's is 404 for anyone", async () => {
      expect((await reveal('admin', ids.manager)).statusCode).toBe(200);
      const manager = await reveal('manager', ids.admin);
      expect(manager.statusCode).toBe(403);
      expect(json(manager)).toEqual({
        message: "Only its owner or an admin can see this webhook endpoint's signing secret",
      });
      for (const [account, id] of [
        ['user', ids.admin],
        ['admin', ids.user],
        ['admin', 99_999],
      ] as const) {
        const response = await reveal(account, id);
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual({ message: 'Webhook endpoint not found' });
      }
      expect((await reveal(undefined, ids.user)).statusCode).toBe(401);
      expect((await reveal('admin', 'abc')).statusCode).toBe(400);
    });

    it('says in the list who may reveal it: the owner and admins', async () => {
      const manager = new Map(
        list.parse(json(await getAll('manager'))).map((row) => [row.id, row.canRevealSecret]),
      );
      expect([manager.get(ids.manager), manager.get(ids.admin)]).toEqual([true, false]);
      const admin = new Map(
        list.parse(json(await getAll('admin'))).map((row) => [row.id, row.canRevealSecret]),
      );
      expect([admin.get(ids.manager), admin.get(ids.admin)]).toEqual([true, true]);
    });

    it('gives an endpoint made before secrets existed one the first time it is needed, the same to parallel callers', async () => {
      const old = await insertOldEndpoint('user');
      expect(await stored(old)).toBeNull();
      const secrets = await Promise.all([
        signingSecretOf(t.app.deps, old),
        signingSecretOf(t.app.deps, old),
        signingSecretOf(t.app.deps, old),
      ]);
      expect(secrets[0]).toMatch(/^whsec_/);
      expect(new Set(secrets).size).toBe(1);
      expect(t.app.secretBox.open((await stored(old)) ?? '')).toBe(secrets[0]);
      expect(json(await reveal('user', old))).toEqual({ secret: secrets[0] });

      const revealedFirst = await insertOldEndpoint('admin');
      const { secret } = json<{ secret: string }>(await reveal('admin', revealedFirst));
      expect(secret).toMatch(/^whsec_/);
      expect(await signingSecretOf(t.app.deps, revealedFirst)).toBe(secret);
    });

    it('has no secret for an endpoint that does not exist', async () => {
      expect(await signingSecretOf(t.app.deps, 99_999)).toBeUndefined();
    });
  });
});

describe('the cap on webhook endpoints per organization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_ENDPOINTS_PER_ORGANIZATION: '2' });
    await setFlags(t.app, 'manager', { canUserAccount: true });
    await setFlags(t.app, 'user', { canUserAccount: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (account: SeededAccount, n: number) =>
    t.app.inject(
      call('POST', '/api/admin/user-accounts', await signIn(t.app, account), {
        url: `https://hooks.example.com/${account}/${n}`,
        description: `copy ${n}`,
        userProfileId: await insertProfile(t.app, account),
      }),
    );

  it("refuses an organization's endpoint past the cap with a message saying so, counting every member's", async () => {
    expect((await create('admin', 1)).statusCode).toBe(200);
    expect((await create('manager', 2)).statusCode).toBe(200);
    const refused = await create('admin', 3);
    expect(refused.statusCode).toBe(400);
    const message =
      'Your organization already has 2 webhook endpoints, the most it may have: delete one before adding another';
    expect(json(refused)).toEqual({ message, errors: { url: message } });
    // another organization has its own room
    expect((await create('user', 1)).statusCode).toBe(200);
  });
});
