import type { SystemStyleObject } from '@chakra-ui/react';
import { logColumnShownFrom, type LogColumnPriority } from './log-column';

/** Class names of a log table's plain elements, styled by logTableCss (which spells them out). */
export const logTableClass = {
  /** A row that opens (a click or Enter). */
  opens: 'log-opens',
  lines: 'log-lines',
  spaced: 'log-spaced',
  truncate: 'log-truncate',
  small: 'log-small',
  muted: 'log-muted',
  error: 'log-error',
  badge: 'log-badge',
} as const;

/** The class of a column of this priority's header and cells (hidden in a narrow box). */
export const logPriorityClass = (priority: LogColumnPriority) => `log-priority-${priority}`;

/** Each priority's columns hidden while the box (the table's scroll area, a size container) is narrower than they need. */
const hiddenWhileNarrow = Object.fromEntries(
  ([2, 3] as const).map((priority) => [
    `@container (max-width: ${logColumnShownFrom[priority] - 0.02}px)`,
    { [`& .${logPriorityClass(priority)}`]: { display: 'none' } },
  ]),
);

/**
 * The look of a log table's body, set once on the table: its rows and cells are plain `tr`/`td`s with
 * class names (Chakra's Table.Row/Table.Cell work out their styles for every row on every render, the
 * most of what a scroll frame cost). The cells look as Chakra's table recipe draws them (size sm, variant
 * line); the texts as Text with `truncate`, `textStyle="xs"` and the muted and error colours, the lines as a
 * Stack, the badges as Badge (variant subtle, size sm) in the palette of their data-palette.
 *
 * The table is laid out by its columns (fixed, the box's width): no value widens it, none wraps or breaks
 * inside a word; a long one ends in an ellipsis, whole in its title.
 */
export const logTableCss: SystemStyleObject = {
  tableLayout: 'fixed',
  width: '100%',
  '& th, & td': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& tbody > tr': { bg: 'bg' },
  '& tbody > tr > td': {
    textAlign: 'start',
    alignItems: 'center',
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
  },
  '& tr.log-opens': { cursor: 'pointer', _hover: { bg: 'bg.muted' } },
  '& .log-lines': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0' },
  '& .log-lines.log-spaced': { gap: '1' },
  '& .log-truncate': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxW: '100%',
  },
  '& .log-small': { textStyle: 'xs' },
  '& .log-muted': { color: 'fg.muted' },
  '& .log-error': { color: 'fg.error' },
  '& .log-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'gray.subtle',
    color: 'gray.fg',
  },
  '& .log-badge[data-palette="green"]': { bg: 'green.subtle', color: 'green.fg' },
  '& .log-badge[data-palette="red"]': { bg: 'red.subtle', color: 'red.fg' },
  '& .log-badge[data-palette="orange"]': { bg: 'orange.subtle', color: 'orange.fg' },
  ...hiddenWhileNarrow,
};
