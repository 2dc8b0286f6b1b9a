import type { FastifyInstance } from 'fastify';
import { makeSandbox } from './helpers.js';

describe('HeyReach', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const headers = { 'x-api-key': 'hr-valid-key' };
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/heyreach/api/public${url}`, headers, payload });

  it('checks the API key: 200 for the seeded key, 401 for any other', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/heyreach/api/public/auth/CheckApiKey',
      headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('');
    const wrong = await app.inject({
      method: 'GET',
      url: '/heyreach/api/public/auth/CheckApiKey',
      headers: { 'x-api-key': 'hr-wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/heyreach/api/public/list/GetAll', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('gets all lists with offset/limit paging and totalCount', async () => {
    const all = (await post('/list/GetAll', { offset: 0, limit: 10 })).json();
    expect(all.totalCount).toBe(3);
    expect(all.items[0]).toMatchObject({
      id: 51001,
      name: 'Do not contact (LinkedIn)',
      listType: 'USER_LIST',
      totalItemsCount: 5,
    });
    const second = (await post('/list/GetAll', { offset: 1, limit: 1 })).json();
    expect(second.items.map((list: { id: number }) => list.id)).toEqual([51002]);
    expect(
      (await post('/list/GetAll', { listType: 'COMPANY_LIST' }))
        .json()
        .items.map((list: { id: number }) => list.id),
    ).toEqual([51003]);
    expect((await post('/list/GetAll', { limit: 101 })).statusCode).toBe(400);
  });

  it('creates an empty list and adds leads (at most 100 a call), counting added, updated and failed', async () => {
    const list = (
      await post('/list/CreateEmptyList', { name: 'Blocked profiles', type: 'USER_LIST' })
    ).json();
    expect(list).toMatchObject({
      id: expect.any(Number),
      name: 'Blocked profiles',
      listType: 'USER_LIST',
      totalItemsCount: 0,
    });
    const leads = Array.from({ length: 100 }, (_, index) => ({
      firstName: `First${index}`,
      lastName: 'Last',
      profileUrl: `https://www.linkedin.com/in/person-${index}`,
    }));
    const added = (await post('/list/AddLeadsToListV2', { listId: list.id, leads })).json();
    expect(added).toEqual({ addedLeadsCount: 100, updatedLeadsCount: 0, failedLeadsCount: 0 });
    const mixed = (
      await post('/list/AddLeadsToListV2', {
        listId: list.id,
        leads: [
          { profileUrl: 'https://linkedin.com/in/person-0/' },
          { profileUrl: 'not a url' },
          { profileUrl: 'https://www.linkedin.com/in/new-one' },
        ],
      })
    ).json();
    expect(mixed).toEqual({ addedLeadsCount: 1, updatedLeadsCount: 1, failedLeadsCount: 1 });
    const tooMany = await post('/list/AddLeadsToListV2', {
      listId: list.id,
      leads: [...leads, { profileUrl: 'https://www.linkedin.com/in/extra' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await post('/list/AddLeadsToListV2', { listId: 1, leads })).statusCode).toBe(404);
    expect((await post('/list/AddLeadsToListV2', { listId: 51003, leads })).statusCode).toBe(400);
    expect((await post('/list/CreateEmptyList', { name: '  ' })).statusCode).toBe(400);
  });

  it('gets the leads of a list, paged', async () => {
    const page = (
      await post('/list/GetLeadsFromList', { listId: 51001, offset: 0, limit: 2 })
    ).json();
    expect(page.totalCount).toBe(5);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      profileUrl: 'https://www.linkedin.com/in/avery-ortiz',
      firstName: 'Avery',
      lastName: 'Ortiz',
    });
    const rest = (
      await post('/list/GetLeadsFromList', { listId: 51001, offset: 2, limit: 10 })
    ).json();
    expect(rest.items).toHaveLength(3);
    expect(
      (
        await post('/list/GetLeadsFromList', {
          listId: 51001,
          leadProfileUrl: 'https://linkedin.com/in/riley-kim/',
        })
      ).json().totalCount,
    ).toBe(1);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/heyreach/api/public/list/GetById?listId=51002',
          headers,
        })
      ).json(),
    ).toMatchObject({ name: 'Webinar attendees (March)', totalItemsCount: 3 });
  });
});
