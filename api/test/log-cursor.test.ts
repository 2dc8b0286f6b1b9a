import { categoryBaseFilterPage, webhookLogPage } from 'shared/contract';
import { insertCategoryBaseFilterLog } from '../src/repositories/category-base-filter-logs.js';
import { logPost } from './helpers/logged-posts.js';
import { insertWebhookRow, joinOrganizationOf, userIdOf } from './helpers/rows.js';
import {
  call,
  createTestApp,
  json,
  signIn,
  type SeededAccount,
  type TestApp,
} from './helpers/test-app.js';

/** The history lists page by cursor: rows that arrive between two pages neither repeat nor shift the next one. */
describe('log history paging by cursor', () => {
  let t: TestApp;
  const cookies = {} as Record<SeededAccount, string>;
  let userId = 0;
  /** The code of each owner's webhook, which their events are posted to. */
  const codes = {} as Record<'user' | 'admin', string>;
  let written = 0;

  const webhookLogs = async (account: SeededAccount, query: string) => {
    const response = await t.app.inject(
      call('GET', `/api/admin/webhook-logs${query}`, cookies[account]),
    );
    expect(response.statusCode).toBe(200);
    return webhookLogPage.parse(json(response));
  };
  const write = async (owner: 'user' | 'admin', count: number, eventType = 'EMAIL_SENT') => {
    const made: number[] = [];
    for (let i = 0; i < count; i += 1) {
      written += 1;
      made.push(
        await logPost(t, {
          code: codes[owner],
          body: {
            event_type: eventType,
            stats_id: `stats-${written}`,
            to_email: `lead${written}@example.com`,
            subject: `Event ${written}`,
          },
          receivedAt: new Date().toISOString(),
        }),
      );
    }
    return made;
  };
  /** Every page of a query, following nextCursor, writing `between(n)` after page n. */
  const readAll = async (
    account: SeededAccount,
    filter: string,
    between: (pageNumber: number) => Promise<unknown> = async () => undefined,
  ) => {
    const seen: number[] = [];
    const totals: number[] = [];
    let cursor: number | null = null;
    let page = 1;
    do {
      const answer = await webhookLogs(
        account,
        `?page=${page}${filter}${cursor === null ? '' : `&before=${cursor}`}`,
      );
      expect(answer).toMatchObject({ page, limit: 20 });
      seen.push(...answer.data.map((row) => row.id));
      totals.push(answer.totalItems);
      cursor = answer.nextCursor;
      await between(page);
      page += 1;
    } while (cursor !== null);
    return { seen, totals };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await joinOrganizationOf(t.app, 'user', 'admin');
    for (const account of ['admin', 'manager', 'user'] as const)
      cookies[account] = await signIn(t.app, account);
    userId = await userIdOf(t.app, 'user');
    for (const owner of ['user', 'admin'] as const)
      codes[owner] = (await insertWebhookRow(t.app, owner)).code;
  });
  afterAll(async () => {
    await t.close();
  });

  it('never repeats or skips a row while events arrive between pages; the count follows them', async () => {
    const before = await write('user', 45);
    const { seen, totals } = await readAll('user', '', () => write('user', 7));
    expect(seen).toEqual([...before].reverse());
    expect(new Set(seen).size).toBe(45);
    expect(totals).toEqual([45, 52, 59]);
  });

  it('answers the rows that arrived after the newest shown, newest first, and a cursor when more than a page did', async () => {
    const newest = (await webhookLogs('user', '')).data[0]?.id ?? 0;
    expect((await webhookLogs('user', `?after=${newest}`)).data).toEqual([]);
    const arrived = await write('user', 3);
    const few = await webhookLogs('user', `?after=${newest}`);
    expect(few.data.map((row) => row.id)).toEqual([...arrived].reverse());
    expect(few.nextCursor).toBeNull();
    const many = await write('user', 24);
    const top = await webhookLogs('user', `?after=${arrived.at(-1) ?? 0}`);
    expect(top.data.map((row) => row.id)).toEqual([...many].reverse().slice(0, 20));
    expect(top.nextCursor).toBe(many[4]);
    const rest = await webhookLogs(
      'user',
      `?after=${arrived.at(-1) ?? 0}&before=${top.nextCursor ?? 0}`,
    );
    expect(rest.data.map((row) => row.id)).toEqual([...many].reverse().slice(20));
    expect(rest.nextCursor).toBeNull();
  });

  it('keeps the filters and their count on every page', async () => {
    const replies = await write('user', 23, 'EMAIL_REPLY');
    await write('user', 2);
    const { seen, totals } = await readAll('user', '&eventType=EMAIL_REPLY', async (page) =>
      page === 1 ? write('user', 2, 'EMAIL_REPLY') : undefined,
    );
    expect(seen).toEqual([...replies].reverse());
    expect(totals).toEqual([23, 25]);
    const count = await t.app.inject(
      call('GET', '/api/admin/webhook-logs/count?eventType=EMAIL_REPLY', cookies.user),
    );
    expect(json(count)).toEqual({ totalItems: 25 });
  });

  it('shows a regular user their own rows on every page, managers and admins everyone’s', async () => {
    const adminRows = await write('admin', 5);
    const own = await readAll('user', '');
    expect(own.seen.some((id) => adminRows.includes(id))).toBe(false);
    for (const account of ['manager', 'admin'] as const) {
      const everyone = await readAll(account, '');
      expect(everyone.seen).toHaveLength(own.seen.length + 5);
      expect(everyone.seen.slice(0, 5)).toEqual([...adminRows].reverse());
      expect(everyone.totals[0]).toBe(own.seen.length + 5);
    }
    const byUser = await readAll('manager', '&userEmail=admin@example.com');
    expect(byUser.seen).toEqual([...adminRows].reverse());
  });

  it('pages the category-base-filter logs by cursor too', async () => {
    const made: number[] = [];
    const add = async (count: number) => {
      for (let i = 0; i < count; i += 1)
        made.push(
          await insertCategoryBaseFilterLog(t.app.db, {
            userId,
            webhookEvent: 'EMAIL_SENT',
            leadId: `lead-${made.length}`,
            createdAt: new Date().toISOString(),
          }),
        );
    };
    await add(25);
    const get = async (query: string) =>
      categoryBaseFilterPage.parse(
        json(
          await t.app.inject(call('GET', `/api/admin/category-base-filters${query}`, cookies.user)),
        ),
      );
    const first = await get('');
    await add(4);
    const second = await get(`?page=2&before=${first.nextCursor ?? 0}`);
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(
      made.slice(0, 25).reverse(),
    );
    expect(second).toMatchObject({ page: 2, totalItems: 29, nextCursor: null });
    expect((await get(`?after=${first.data[0]?.id ?? 0}`)).data.map((row) => row.id)).toEqual(
      made.slice(25).reverse(),
    );
  });

  it('answers 400 for a cursor that is not a row id', async () => {
    for (const query of ['?before=x', '?after=-1', '?before=1.5']) {
      const response = await t.app.inject(
        call('GET', `/api/admin/webhook-logs${query}`, cookies.admin),
      );
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toMatch(/before|after/);
    }
  });
});
