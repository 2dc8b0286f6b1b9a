import { dashboardUser, dashboardUserList } from 'shared/contract';
import {
  ORIGIN,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

const allFlags = { canWebhook: true, canUserAccount: true, canBlockList: true };

describe('the Users screen api', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const account of ['admin', 'manager', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/users',
      headers: cookie ? { cookie } : {},
    });
  const put = (id: number | string, body: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/dashboard/users/${id}`,
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify(body),
    });

  describe('GET /api/admin/dashboard/users', () => {
    it('answers 401 without a session', async () => {
      const response = await list();
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Sign in to continue' });
    });

    it.each(['admin', 'manager'] as const)(
      'lists the users of their own organization, ordered by id, for the %s',
      async (account) => {
        const response = await list(cookies[account]);
        expect(response.statusCode).toBe(200);
        const users = dashboardUserList.parse(json(response));
        // user@example.com belongs to another organization (issue 10: organizations are kept apart)
        expect(users.map((user) => user.id)).toEqual([1, 2]);
        expect(users[0]).toEqual({
          id: 1,
          accountId: 'crm-sync|admin',
          organizationId: 1,
          account: 'Acme Outbound',
          email: 'admin@example.com',
          role: 'ADMIN',
          hubDomain: 'acme-outbound.com',
          canWebhook: true,
          canUserAccount: true,
          canBlockList: true,
        });
        expect(users[1]).toMatchObject({
          email: 'manager@example.com',
          role: 'MANAGER',
          account: 'Acme Outbound',
          canWebhook: true,
          canUserAccount: false,
          canBlockList: true,
        });
      },
    );

    it('answers 403 to a regular user', async () => {
      const response = await list(cookies.user);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ message: 'Only managers and admins can see users' });
    });
  });

  describe('PUT /api/admin/dashboard/users/{id}', () => {
    it('answers 401 without a session', async () => {
      const response = await put(3, allFlags);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Sign in to continue' });
    });

    it.each(['manager', 'user'] as const)('answers 403 to the %s', async (account) => {
      const response = await put(3, allFlags, cookies[account]);
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ message: 'Only admins can change user permissions' });
    });

    it('lets the admin change the flags of someone in their organization, and the change persists', async () => {
      const response = await put(
        2,
        { canWebhook: false, canUserAccount: true, canBlockList: false },
        cookies.admin,
      );
      expect(response.statusCode).toBe(200);
      expect(dashboardUser.parse(json(response))).toMatchObject({
        id: 2,
        email: 'manager@example.com',
        canWebhook: false,
        canUserAccount: true,
        canBlockList: false,
      });

      const again = dashboardUserList.parse(json(await list(cookies.manager)));
      expect(again.find((user) => user.id === 2)).toMatchObject({
        canWebhook: false,
        canUserAccount: true,
        canBlockList: false,
      });
      // the others are untouched
      expect(again.find((user) => user.id === 1)).toMatchObject({
        canWebhook: true,
        canUserAccount: true,
        canBlockList: true,
      });

      const back = await put(
        2,
        { canWebhook: true, canUserAccount: false, canBlockList: true },
        cookies.admin,
      );
      expect(back.statusCode).toBe(200);
      expect(json(back)).toMatchObject({
        canWebhook: true,
        canUserAccount: false,
        canBlockList: true,
      });
    });

    it('answers 404 to an admin for a user of another organization, and changes nothing', async () => {
      const response = await put(
        3,
        { canWebhook: false, canUserAccount: true, canBlockList: true },
        cookies.admin,
      );
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'User not found' });
      const user = await t.app.db
        .selectFrom('users')
        .select(['can_webhook', 'can_user_account'])
        .where('id', '=', 3)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ can_webhook: 1, can_user_account: 0 });
    });

    it('lets the admin change their own flags', async () => {
      const response = await put(
        1,
        { canWebhook: true, canUserAccount: false, canBlockList: true },
        cookies.admin,
      );
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ id: 1, canUserAccount: false });
      await put(1, allFlags, cookies.admin);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await put(999, allFlags, cookies.admin);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'User not found' });
    });
  });
});
