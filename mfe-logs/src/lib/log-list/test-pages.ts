import type { CursorLogPage } from 'shared/rules/logs';

/**
 * A fake api's answer to a paged log query: 20 rows a page out of totalItems, the rows numbered by
 * their place in the list (1 on top), so the page after `?before=n` starts at row n + 1; nextCursor
 * while more remain. `after` is answered with no row (nothing arrived).
 */
export function fakeLogPage<Row extends { id: number }>(
  query: URLSearchParams,
  totalItems: number,
  row: (id: number) => Row,
): CursorLogPage<Row> {
  const page = Number(query.get('page') ?? 1);
  const before = query.has('before') ? Number(query.get('before')) : (page - 1) * 20;
  const first = before + 1;
  const count = query.has('after') ? 0 : Math.max(0, Math.min(20, totalItems - first + 1));
  const last = first + count - 1;
  return {
    page,
    limit: 20,
    totalItems,
    nextCursor: count > 0 && last < totalItems ? last : null,
    data: Array.from({ length: count }, (_, index) => row(first + index)),
  };
}

/** A single page answer of these rows (nothing more remains). */
export const onePage = <Row extends { id: number }>(
  data: Row[],
  totalItems = data.length,
): CursorLogPage<Row> => ({ page: 1, limit: 20, totalItems, nextCursor: null, data });
