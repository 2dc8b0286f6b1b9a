import type { ReactNode } from 'react';

/**
 * How much a column matters when the table's box is narrow: 1 always shown (what a person scans first),
 * 2 from a box of 1000 px (a 1440 px window), 3 from 1300 px. What a hidden column holds is in the
 * row's detail.
 */
export type LogColumnPriority = 1 | 2 | 3;

/** The least box width at which a column of each priority shows. */
export const logColumnShownFrom: Record<LogColumnPriority, number> = { 1: 0, 2: 1000, 3: 1300 };

/**
 * A column of a log table. Its cells are plain `td`s styled by the table (logTableCss), so a row costs no
 * style work of its own. The table lays out by its columns' widths, never by the rows' contents: a long
 * value is cut with an ellipsis on one line and whole on hover (a cell's text is its title).
 */
export interface LogColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A fixed width (e.g. '10rem') for a short value; columns without one share the rest equally. */
  width?: string;
  /** 1 when left out (always shown). */
  priority?: LogColumnPriority;
}
