import type { ReactNode } from 'react';
import { logTableClass as c } from './log-table-css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface CellTextProps {
  children: string;
  small?: boolean;
  tone?: 'muted' | 'error';
  /** The text shown on hover, when it says more than the line (e.g. every error, not the first). */
  title?: string;
}

/** A text in a log table cell, on one line, cut with an ellipsis where the cell ends and whole on hover. */
export function CellText({ children, small = false, tone, title = children }: CellTextProps) {
  return (
    <p className={classes(c.truncate, small && c.small, tone && c[tone])} title={title}>
      {children}
    </p>
  );
}

/** Lines one under the other in a log table cell (`spaced` puts a little room between them). */
export function CellLines({ children, spaced = false }: { children: ReactNode; spaced?: boolean }) {
  return <div className={classes(c.lines, spaced && c.spaced)}>{children}</div>;
}

/** The palettes a log table's badges come in (see logTableCss): orange is a hold, amber. */
export type CellBadgePalette = 'gray' | 'green' | 'red' | 'orange';

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
