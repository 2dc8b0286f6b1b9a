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
export function nextLogPageParam(
  last: Pick<CursorLogPage<{ id: number }>, 'page' | 'nextCursor'>,
): LogPageParam | undefined {
  return last.nextCursor === null ? undefined : { page: last.page + 1, before: last.nextCursor };
}

/** A list's first page as the list keeps it: the api's page, and where its next poll reads from. */
export interface PolledLogPage<Row extends { id: number }> extends CursorLogPage<Row> {
  /** The newest id shown before the last poll: the next poll reads the rows above it again. */
  rereadAfter?: number;
}

// a loop, not Math.min(...ids): the first page grows with every poll while the screen stays open
const lowestId = (rows: readonly { id: number }[]): number =>
  rows.reduce((lowest, row) => Math.min(lowest, row.id), Infinity);
const highestId = (rows: readonly { id: number }[]): number =>
  rows.reduce((highest, row) => Math.max(highest, row.id), -Infinity);

/**
 * The id the list asks for newer rows after; none when it shows no row. Not the newest row shown: on
 * PostgreSQL concurrent intakes take ids before they commit, so a row can become visible after a row
 * numbered above it was shown. Each poll therefore reads again the rows the poll before it brought (the
 * first poll, the first page), and a row that commits within a poll interval of its neighbours is
 * still found.
 */
export function logPollAfter(pages: readonly PolledLogPage<{ id: number }>[]): number | undefined {
  const first = pages[0];
  if (!first || first.data.length === 0) return undefined;
  return first.rereadAfter ?? lowestId(first.data);
}

/**
 * The answer of a poll (rows above logPollAfter, newest first) merged into the list: rows not shown yet
 * take their place by id, rows shown are replaced by their fresh copy (a processed event's status), the
 * total is the new one. Undefined when rows arrived beyond the answer's page and above every row shown
 * (a gap): the list is read again from the top.
 */
export function withNewerLogRows<Row extends { id: number }, Page extends PolledLogPage<Row>>(
  pages: readonly Page[],
  newer: CursorLogPage<Row>,
): Page[] | undefined {
  const [first, ...rest] = pages;
  if (!first) return undefined;
  const newestShown = first.data.length > 0 ? highestId(first.data) : undefined;
  const reachesShown = newestShown !== undefined && newer.data.some((row) => row.id <= newestShown);
  if (newer.nextCursor !== null && !reachesShown) return undefined;
  const rereadAfter = newestShown ?? first.rereadAfter;
  // a quiet poll (the usual one) keeps the rows shown as they are: no copy of a first page grown long while the screen stayed open
  if (newer.data.length === 0)
    return [{ ...first, totalItems: newer.totalItems, rereadAfter }, ...rest];
  const fresh = new Map(newer.data.map((row) => [row.id, row]));
  const shown = new Set(first.data.map((row) => row.id));
  const arrived = newer.data.filter((row) => !shown.has(row.id)).sort((a, b) => b.id - a.id);
  const data: Row[] = [];
  let next = 0;
  for (const row of first.data) {
    while (next < arrived.length && arrived[next].id > row.id) data.push(arrived[next++]);
    data.push(fresh.get(row.id) ?? row);
  }
  data.push(...arrived.slice(next));
  return [{ ...first, totalItems: newer.totalItems, data, rereadAfter }, ...rest];
}
