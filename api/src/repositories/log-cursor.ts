import { LOG_PAGE_SIZE } from 'shared/contract';

/**
 * Which slice of a log list to read, newest first (highest id: rows are numbered as they arrive). With
 * a cursor the page number only names the answer; without one it is an offset (the spec's ?page=).
 */
export interface LogWindow {
  page: number;
  /** Rows older than this id: the next page, unmoved by rows inserted since the first. */
  before?: number | undefined;
  /** Rows newer than this id: what arrived since the list was read. */
  after?: number | undefined;
}

/** How many rows a window reads: one more than a page, to know whether any remain after it. */
export const WINDOW_ROWS = LOG_PAGE_SIZE + 1;

export const windowOffset = (window: LogWindow): number =>
  window.before === undefined && window.after === undefined ? (window.page - 1) * LOG_PAGE_SIZE : 0;

/** A page out of the WINDOW_ROWS read, and the `before` that continues it (null when none remain). */
export function cutWindow<Row extends { id: number }>(
  rows: readonly Row[],
): { rows: Row[]; nextCursor: number | null } {
  const page = rows.slice(0, LOG_PAGE_SIZE);
  return { rows: page, nextCursor: rows.length > LOG_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}
