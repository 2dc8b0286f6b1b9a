import { queryKeys } from './query-keys';

describe('queryKeys: one key per call of the contract', () => {
  it('keys a call without params or query by its operation name alone', () => {
    expect(queryKeys.of('listApiKeys')).toEqual(['listApiKeys']);
    expect(queryKeys.of('listApiKeys', {})).toEqual(['listApiKeys']);
  });

  it('adds the params and query that tell one answer from another, and leaves out blank ones', () => {
    expect(queryKeys.of('listLeadCategories', { params: { id: 4 } })).toEqual([
      'listLeadCategories',
      { params: { id: 4 } },
    ]);
    expect(
      queryKeys.of('listUserApiKeys', { params: { userId: 2 }, query: { platform: 'bison' } }),
    ).toEqual(['listUserApiKeys', { params: { userId: 2 }, query: { platform: 'bison' } }]);
    expect(
      queryKeys.of('listUserApiKeys', { params: { userId: 2 }, query: { platform: undefined } }),
    ).toEqual(['listUserApiKeys', { params: { userId: 2 } }]);
  });

  it('names every answer of an operation with a prefix of each of its keys', () => {
    const all = queryKeys.all('listLeadCategories');
    expect(all).toEqual(['listLeadCategories']);
    expect(queryKeys.of('listLeadCategories', { params: { id: 4 } }).slice(0, 1)).toEqual(all);
  });
});
