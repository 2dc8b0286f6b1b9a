/** What the list keeps of each page of a cursor-paged log answer. */
export interface CursorLogPage<Row extends { id: number }> {
  page: number;
  limit: number;
  totalItems: number;
  nextCursor: number | null;
  data: Row[];
}

/** Where a log list reads a page: its number (named in the answer) and the row it continues after. */
export interface LogPageParam {
  page: number;
  before?: number;
}

export const FIRST_LOG_PAGE: LogPageParam = { page: 1 };

/**
 * spec §4 "Infinite-scroll tables": the next page while more items remain. The api's nextCursor says so
 * (null once the last row is shown), and the page continues from it, so rows that arrive meanwhile
 * neither repeat nor push a row past the page boundary.
 */
export function nextLogPageParam(last: Pick<CursorLogPage<{ id: number }>, 'page' | 'nextCursor'>): LogPageParam | undefined {
  return last.nextCursor === null ? undefined : { page: last.page + 1, before: last.nextCursor };
}

/** The id the list asks for newer rows after: its newest row's, none when it shows no row. */
export function newestLogId(pages: readonly { data: readonly { id: number }[] }[]): number | undefined {
  return pages[0]?.data[0]?.id;
}

/**
 * The rows that arrived since (an `after` answer) put on top of the list, with the new total; undefined
 * when more than a page arrived (the answer has a nextCursor): the list is read again from the top.
 */
export function withNewerLogRows<Row extends { id: number }, Page extends CursorLogPage<Row>>(pages: readonly Page[], newer: CursorLogPage<Row>): Page[] | undefined {
  if (newer.nextCursor !== null) return undefined;
  const [first, ...rest] = pages;
  if (!first) return undefined;
  const shown = new Set(first.data.map((row) => row.id));
  const arrived = newer.data.filter((row) => !shown.has(row.id));
  return [{ ...first, totalItems: newer.totalItems, data: [...arrived, ...first.data] }, ...rest];
}
