import { bearer, hubspotTokens, makeSandbox } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('HubSpot lists', () => {
  let app: App;
  let auth: { authorization: string };
  beforeEach(async () => {
    app = await makeSandbox();
    auth = bearer((await hubspotTokens(app)).access_token);
  });
  afterEach(() => app.close());

  const search = (payload: object) =>
    app.inject({ method: 'POST', url: '/hubspot/crm/v3/lists/search', headers: auth, payload });
  const memberships = (listId: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/hubspot/crm/v3/lists/${listId}/memberships${query}`,
      headers: auth,
    });

  it('searches lists with hs_list_size as a string, contact (0-1) and company (0-2) lists alike', async () => {
    const response = await search({
      query: '',
      count: 20,
      offset: 0,
      additionalProperties: ['hs_list_size'],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ offset: 4, hasMore: false, total: 4 });
    const summary = body.lists.map(
      (list: {
        listId: string;
        objectTypeId: string;
        processingType: string;
        additionalProperties: { hs_list_size: string };
      }) => [
        list.listId,
        list.objectTypeId,
        list.processingType,
        list.additionalProperties.hs_list_size,
      ],
    );
    expect(summary).toEqual([
      ['101', '0-1', 'MANUAL', '13'],
      ['102', '0-1', 'DYNAMIC', '20'],
      ['103', '0-2', 'MANUAL', '3'],
      ['104', '0-1', 'SNAPSHOT', '10000'],
    ]);
    const byName = (await search({ query: 'competitor' })).json();
    expect(byName.lists.map((list: { listId: string }) => list.listId)).toEqual(['103']);
    const paged = (await search({ count: 2, offset: 0 })).json();
    expect(paged).toMatchObject({ offset: 2, hasMore: true });
    const companyLists = (await search({ objectTypeId: '0-2' })).json();
    expect(companyLists.lists).toHaveLength(1);
    expect((await search({ processingTypes: ['DYNAMIC'] })).json().lists[0].name).toBe(
      'Contacts with a LinkedIn profile',
    );
  });

  it('reads one list, and answers 404 for an unknown one', async () => {
    const list = (
      await app.inject({ method: 'GET', url: '/hubspot/crm/v3/lists/104', headers: auth })
    ).json();
    expect(list.list).toMatchObject({
      listId: '104',
      name: 'Scale test: 10,000 contacts',
      size: 10000,
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/hubspot/crm/v3/lists/999',
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
    expect((await memberships('999')).statusCode).toBe(404);
  });

  it('pages through all 10,000 members of the scale list, 250 at a time, in id order', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const body = (await memberships('104', `?limit=250${after ? `&after=${after}` : ''}`)).json();
      pages += 1;
      expect(body.total).toBe(10000);
      seen.push(...body.results.map((member: { recordId: string }) => member.recordId));
      after = body.paging.next?.after;
    } while (after);
    expect(pages).toBe(40);
    expect(seen).toHaveLength(10000);
    expect(new Set(seen).size).toBe(10000);
    expect(seen[0]).toBe('5000001');
    expect(seen[9999]).toBe('5010000');
    const contacts = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts/batch/read',
      headers: auth,
      payload: { inputs: seen.slice(0, 100).map((id) => ({ id })), properties: ['email'] },
    });
    expect(contacts.json().results).toHaveLength(100);
    expect(contacts.json().results[99].properties.email).toBe('scale.test.100@scale-test.example');
  });

  it('defaults to 100 members a page, goes back with before, and refuses a limit over 250', async () => {
    const first = (await memberships('104')).json();
    expect(first.results).toHaveLength(100);
    expect(first.results[0]).toEqual({
      recordId: '5000001',
      membershipTimestamp: '2024-04-04T09:00:00.000Z',
    });
    expect(first.paging.prev).toBeUndefined();
    const second = (await memberships('104', `?after=${first.paging.next.after}`)).json();
    expect(second.results[0].recordId).toBe('5000101');
    const back = (await memberships('104', `?before=${second.paging.prev.before}`)).json();
    expect(back.results.map((member: { recordId: string }) => member.recordId)).toEqual(
      first.results.map((member: { recordId: string }) => member.recordId),
    );
    expect((await memberships('104', '?limit=251')).statusCode).toBe(400);
  });

  it('keeps a dynamic list current: a contact written with a LinkedIn URL joins it', async () => {
    const before = (await memberships('102')).json().total;
    const created = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts',
      headers: auth,
      payload: {
        properties: { email: 'li@acme.example', hs_linkedin_url: 'https://www.linkedin.com/in/li' },
      },
    });
    const after = (await memberships('102', '?limit=250')).json();
    expect(after.total).toBe(before + 1);
    expect(after.results.map((member: { recordId: string }) => member.recordId)).toContain(
      created.json().id,
    );
  });

  it('lists company members of a company list', async () => {
    const body = (await memberships('103')).json();
    expect(body.results.map((member: { recordId: string }) => member.recordId)).toEqual([
      '2007',
      '2009',
      '2010',
    ]);
  });
});
