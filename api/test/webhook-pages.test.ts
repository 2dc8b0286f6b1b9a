import { webhookPage } from 'shared/contract';
import { insertWebhookRow, joinOrganizationOf } from './helpers/rows.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

describe('GET /api/admin/webhooks/page: a page of a webhooks table, searched and sorted', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  const userHooks: { id: number; code: string }[] = [];
  const adminHooks: number[] = [];

  const get = async (account: SeededAccount, query: string) => {
    const response = await t.app.inject(
      call('GET', `/api/admin/webhooks/page?${query}`, cookies[account]),
    );
    return { status: response.statusCode, body: json<unknown>(response) };
  };
  const page = async (account: SeededAccount, query: string) => {
    const { status, body } = await get(account, query);
    expect(status).toBe(200);
    return webhookPage.parse(body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
    for (let i = 0; i < 12; i += 1)
      userHooks.push(
        await insertWebhookRow(t.app, 'user', { platform: i % 3 === 0 ? 'heyreach' : 'smartlead' }),
      );
    for (let i = 0; i < 2; i += 1)
      adminHooks.push((await insertWebhookRow(t.app, 'admin', { platform: 'instantly' })).id);
    adminHooks.push((await insertWebhookRow(t.app, 'admin', { platform: 'bison' })).id);
    // two owners of the user's webhooks named apart, to be found and sorted by
    await t.app.db
      .updateTable('webhooks')
      .set({ owner_first_name: 'Zoe', owner_last_name: 'Quinn', owner_email: 'zoe@acme.test' })
      .where('id', '=', userHooks[4]!.id)
      .execute();
    await t.app.db
      .updateTable('webhooks')
      .set({ owner_first_name: 'Abe', owner_last_name: 'Lincoln' })
      .where('id', '=', userHooks[7]!.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages the own table 10 at a time, oldest first', async () => {
    const first = await page('user', 'section=own');
    expect(first).toMatchObject({ page: 1, limit: 10, totalItems: 12 });
    expect(first.data.map((webhook) => webhook.id)).toEqual(
      userHooks.slice(0, 10).map((hook) => hook.id),
    );
    const second = await page('user', 'section=own&page=2');
    expect(second.data.map((webhook) => webhook.id)).toEqual(
      userHooks.slice(10).map((hook) => hook.id),
    );
    expect((await page('admin', 'section=own')).data.map((webhook) => webhook.id)).toEqual(
      adminHooks,
    );
  });

  it('lists other people\'s webhooks of the organization in "others", for managers and admins only', async () => {
    const others = await page('admin', 'section=others');
    expect(others.totalItems).toBe(12);
    expect(others.data.every((webhook) => webhook.addedBy.email === 'user@example.com')).toBe(true);
    const refused = await get('user', 'section=others');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Only managers and admins can see other people's webhooks",
    });
  });

  it('finds a text in any case in the platform, the owner or the URL', async () => {
    expect((await page('user', 'section=own&search=HEYreach')).totalItems).toBe(4);
    const byOwner = await page('admin', 'section=others&search=zoe%40ACME');
    expect(byOwner.data.map((webhook) => webhook.id)).toEqual([userHooks[4]!.id]);
    expect((await page('user', 'section=own&search=lincoln')).data.map((w) => w.id)).toEqual([
      userHooks[7]!.id,
    ]);
    const url = `http://localhost:8080/webhooks/${userHooks[9]!.code}`;
    const byUrl = await page('user', `section=own&search=${encodeURIComponent(url)}`);
    expect(byUrl.data.map((webhook) => webhook.id)).toEqual([userHooks[9]!.id]);
    expect((await page('user', 'section=own&search=%25')).totalItems).toBe(0);
    // the platform as the screens label it (issue 56): bison is shown as EmailBison
    for (const label of ['EmailBison', 'email%20bison', 'Bison'])
      expect((await page('admin', `section=own&search=${label}`)).data.map((w) => w.id)).toEqual([
        adminHooks[2],
      ]);
    expect((await page('admin', 'section=own&search=Instantly')).totalItems).toBe(2);
    expect((await page('user', 'section=own&search=nothing-like-it')).data).toEqual([]);
  });

  it('sorts by owner or platform, either way, ties by age', async () => {
    const byOwner = await page('user', 'section=own&sort=owner&order=asc');
    expect(byOwner.data[0]!.id).toBe(userHooks[7]!.id);
    const byOwnerDesc = await page('user', 'section=own&sort=owner&order=desc');
    expect(byOwnerDesc.data[0]!.id).toBe(userHooks[4]!.id);
    const byPlatform = await page('user', 'section=own&sort=platform&order=desc');
    expect(byPlatform.data.slice(0, 8).map((webhook) => webhook.emailService)).toEqual(
      Array(8).fill('smartlead'),
    );
    expect(byPlatform.data.slice(8).map((webhook) => webhook.emailService)).toEqual([
      'heyreach',
      'heyreach',
    ]);
    const newestFirst = await page('user', 'section=own&order=desc');
    expect(newestFirst.data[0]!.id).toBe(userHooks[11]!.id);
  });

  it('answers 400 for an unknown section or sort', async () => {
    for (const query of ['section=mine', 'section=own&sort=colour', 'section=own&order=up', ''])
      expect((await get('admin', query)).status).toBe(400);
  });
});
