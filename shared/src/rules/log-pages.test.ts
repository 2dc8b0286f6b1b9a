import { logPollAfter, nextLogPageParam, withNewerLogRows, type CursorLogPage } from './log-pages';

const page = (
  ids: number[],
  overrides: Partial<CursorLogPage<{ id: number }>> = {},
): CursorLogPage<{ id: number }> => ({
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

  it('first asks for the rows above the first page, then for those above the newest row shown one poll before', () => {
    expect(logPollAfter([page([50, 49, 47]), page([46])])).toBe(47);
    expect(logPollAfter([{ ...page([52, 51, 50]), rereadAfter: 50 }])).toBe(50);
    expect(logPollAfter([page([])])).toBeUndefined();
    expect(logPollAfter([])).toBeUndefined();
  });

  it('puts the rows that arrived on top of the first page with the new total, once each, and reads them again at the next poll', () => {
    const pages = [page([50, 49], { nextCursor: 49 }), page([48], { page: 2 })];
    const polled = withNewerLogRows(pages, page([52, 51, 50, 49], { totalItems: 47 }));
    expect(polled).toEqual([
      { ...page([52, 51, 50, 49], { totalItems: 47, nextCursor: 49 }), rereadAfter: 50 },
      page([48], { page: 2 }),
    ]);
    expect(logPollAfter(polled ?? [])).toBe(50);
    expect(withNewerLogRows(polled ?? [], page([52, 51], { totalItems: 47 }))?.[0]).toEqual({
      ...polled?.[0],
      rereadAfter: 52,
    });
  });

  it('finds a row that became visible after a row numbered above it was shown, and puts it in its place', () => {
    const shown = [{ ...page([53, 51, 50]), rereadAfter: 50 }];
    const polled = withNewerLogRows(shown, page([54, 53, 52, 51], { totalItems: 47 }));
    expect(polled?.[0]?.data.map((row) => row.id)).toEqual([54, 53, 52, 51, 50]);
    expect(polled?.[0]?.rereadAfter).toBe(53);
  });

  it('shows the fresh copy of a row read again (its event processed since)', () => {
    const shown = [
      {
        ...page([]),
        data: [
          { id: 51, status: 'received' },
          { id: 50, status: 'done' },
        ],
        rereadAfter: 50,
      },
    ];
    const polled = withNewerLogRows(shown, { ...page([]), data: [{ id: 51, status: 'done' }] });
    expect(polled?.[0]?.data).toEqual([
      { id: 51, status: 'done' },
      { id: 50, status: 'done' },
    ]);
  });

  it('keeps the rows shown as they are after a poll that found none, with the new total', () => {
    const shown = [page([52, 51, 50], { nextCursor: 50 }), page([49], { page: 2 })];
    const polled = withNewerLogRows(shown, page([], { totalItems: 44 }));
    expect(polled).toEqual([
      { ...page([52, 51, 50], { nextCursor: 50, totalItems: 44 }), rereadAfter: 52 },
      page([49], { page: 2 }),
    ]);
    expect(polled?.[0]?.data).toBe(shown[0]?.data);
    expect(polled?.[1]).toBe(shown[1]);
  });

  it('reads the list again from the top when more than a page arrived above every row shown', () => {
    expect(withNewerLogRows([page([50])], page([80, 79], { nextCursor: 79 }))).toBeUndefined();
    expect(
      withNewerLogRows([page([50, 49])], page([70, 50], { nextCursor: 50 }))?.[0]?.data.map(
        (row) => row.id,
      ),
    ).toEqual([70, 50, 49]);
  });
});
