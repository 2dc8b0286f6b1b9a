import type { ReactNode } from 'react';

/** A column of a log table. Its cells are plain `td`s styled by the table (logTableCss), so a row costs no style work of its own. */
export interface LogColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A short value that must not break, e.g. a time. */
  nowrap?: boolean;
  /** A long value without spaces (an email) that breaks between any letters when space is short: the table fits its box rather than scrolling sideways. */
  breakAnywhere?: boolean;
}
