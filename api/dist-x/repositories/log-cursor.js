import { LOG_PAGE_SIZE } from 'shared/contract';
/** How many rows a window reads: one more than a page, to know whether any remain after it. */
export const WINDOW_ROWS = LOG_PAGE_SIZE + 1;
export const windowOffset = (window) => (window.before === undefined && window.after === undefined ? (window.page - 1) * LOG_PAGE_SIZE : 0);
/** A page out of the WINDOW_ROWS read, and the `before` that continues it (null when none remain). */
export function cutWindow(rows) {
    const page = rows.slice(0, LOG_PAGE_SIZE);
    return { rows: page, nextCursor: rows.length > LOG_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
}
//# sourceMappingURL=log-cursor.js.map