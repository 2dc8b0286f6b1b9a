import type { SystemStyleObject } from '@chakra-ui/react';

/** Class names of a log table's plain elements, styled by logTableCss (which spells them out). */
export const logTableClass = {
  nowrap: 'log-nowrap',
  anywhere: 'log-anywhere',
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

/**
 * The look of a log table's body, set once on the table: its rows and cells are plain `tr`/`td`s with
 * class names (Chakra's Table.Row/Table.Cell work out their styles for every row on every render, the
 * most of what a scroll frame cost). The cells look as Chakra's table recipe draws them (size sm, variant
 * line); the texts as Text with `truncate`, `textStyle="xs"` and the muted and error colours, the lines as a
 * Stack, the badges as Badge (variant subtle, size sm) in the palette of their data-palette.
 */
export const logTableCss: SystemStyleObject = {
  '& th, & td': { whiteSpace: 'normal', overflowWrap: 'break-word' },
  '& tbody > tr': { bg: 'bg' },
  '& tbody > tr > td': {
    textAlign: 'start',
    alignItems: 'center',
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
  },
  '& td.log-nowrap': { whiteSpace: 'nowrap' },
  // on what the cell holds too: the global reset sets overflow-wrap on every element, so it is not inherited
  '& td.log-anywhere, & td.log-anywhere *': { overflowWrap: 'anywhere' },
  '& tr.log-opens': { cursor: 'pointer', _hover: { bg: 'bg.muted' } },
  '& .log-lines': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0' },
  '& .log-lines.log-spaced': { gap: '1' },
  '& .log-truncate': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    maxW: '14rem',
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
};
