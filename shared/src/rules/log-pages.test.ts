import { newestLogId, nextLogPageParam, withNewerLogRows, type CursorLogPage } from './log-pages';

const page = (ids: number[], overrides: Partial<CursorLogPage<{ id: number }>> = {}): CursorLogPage<{ id: number }> => ({
  page: 1,
  limit: 20,
  totalItems: 45,
  nextCursor: null,
  data: ids.map((id) => ({ id })),
  ...overrides,
});

describe('spec §4 "Infinite-scroll tables" by cursor', () => {
  it('continues after the last row shown while the api says more remain', () => {
    expect(nextLogPageParam({ page: 1, nextCursor: 26 })).toEqual({ page: 2, before: 26 });
    expect(nextLogPageParam({ page: 3, nextCursor: null })).toBeUndefined();
  });

  it('asks for newer rows after the newest row shown', () => {
    expect(newestLogId([page([50, 49]), page([48])])).toBe(50);
    expect(newestLogId([page([])])).toBeUndefined();
    expect(newestLogId([])).toBeUndefined();
  });

  it('puts the rows that arrived on top of the first page with the new total, once each', () => {
    const pages = [page([50, 49], { nextCursor: 49 }), page([48], { page: 2 })];
    expect(withNewerLogRows(pages, page([52, 51, 50], { totalItems: 47 }))).toEqual([page([52, 51, 50, 49], { totalItems: 47, nextCursor: 49 }), page([48], { page: 2 })]);
    expect(withNewerLogRows(pages, page([], { totalItems: 45 }))).toEqual(pages);
  });

  it('reads the list again from the top when more than a page arrived', () => {
    expect(withNewerLogRows([page([50])], page([80, 79], { nextCursor: 79 }))).toBeUndefined();
  });
});
