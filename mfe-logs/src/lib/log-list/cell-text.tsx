import type { ReactNode } from 'react';
import { logTableClass as c } from './log-table-css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface CellTextProps {
  children: string;
  /** Cut with an ellipsis on one line, 14rem wide (the full text shows on hover). */
  truncate?: boolean;
  small?: boolean;
  tone?: 'muted' | 'error';
}

/** A text in a log table cell: a plain element the table styles (see logTableCss). */
export function CellText({ children, truncate = false, small = false, tone }: CellTextProps) {
  return (
    <p
      className={classes(truncate && c.truncate, small && c.small, tone && c[tone])}
      title={truncate ? children : undefined}
    >
      {children}
    </p>
  );
}

/** Lines one under the other in a log table cell (`spaced` puts a little room between them). */
export function CellLines({ children, spaced = false }: { children: ReactNode; spaced?: boolean }) {
  return <div className={classes(c.lines, spaced && c.spaced)}>{children}</div>;
}

/** The palettes a log table's badges come in (see logTableCss). */
export type CellBadgePalette = 'gray' | 'green' | 'red';

/** A badge in a log table cell, e.g. a status: looks as Chakra's Badge, a plain element the table styles. */
export function CellBadge({
  children,
  palette = 'gray',
}: {
  children: string;
  palette?: CellBadgePalette;
}) {
  return (
    <span className={c.badge} data-palette={palette}>
      {children}
    </span>
  );
}
