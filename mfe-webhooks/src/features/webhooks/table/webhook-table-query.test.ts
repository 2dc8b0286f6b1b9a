import { webhookPageCount, webhookTableQuery } from './webhook-table-query';

describe('a webhooks table’s query', () => {
  it('sends the section, the sort and its order, the page, and a search only when there is one', () => {
    expect(webhookTableQuery('own', { search: '  ', sort: 'created:asc', page: 1 })).toEqual({
      section: 'own',
      sort: 'created',
      order: 'asc',
      page: 1,
    });
    expect(webhookTableQuery('others', { search: ' Tess ', sort: 'owner:desc', page: 3 })).toEqual({
      section: 'others',
      sort: 'owner',
      order: 'desc',
      page: 3,
      search: 'Tess',
    });
  });

  it('sorts oldest first when the sort is unknown', () => {
    expect(webhookTableQuery('own', { search: '', sort: 'colour:up', page: 1 })).toMatchObject({
      sort: 'created',
      order: 'asc',
    });
  });

  it('counts the pages of 10, at least one', () => {
    expect([0, 1, 10, 11, 25].map(webhookPageCount)).toEqual([1, 1, 1, 2, 3]);
  });
});
