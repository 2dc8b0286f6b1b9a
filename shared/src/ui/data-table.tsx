import { Fragment, lazy, Suspense, type ReactNode, type SyntheticEvent } from 'react';
import { HStack, Table, Text, type TableCellProps, type TableRowProps } from '@chakra-ui/react';
import { RowButtons, type RowAction } from './row-actions.js';
import { useTableFit } from './use-table-fit.js';

export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Props of this column's cells, e.g. `{ whiteSpace: 'nowrap' }` for a short value that must not break. */
  cellProps?: TableCellProps;
}

export interface DataTableProps<Row extends { id: number | string }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  /** A row's actions, in a last column, the first the most frequent: see row-actions.tsx for the pattern. */
  actions?: (row: Row) => readonly RowAction[];
  /** What a row's actions cell says when the user may take none of its actions: why not (row-actions.tsx). */
  noActionsNote?: string;
  /** Props of a row, e.g. to make it clickable. */
  rowProps?: (row: Row) => TableRowProps;
}

// loaded when a table first runs short of space: most screens never need it
const RowActionsMenu = lazy(() =>
  import('./row-actions-menu.js').then((module) => ({ default: module.RowActionsMenu })),
);

// a row may be clickable: a click or a key press on its actions (menu included) is the action's alone
const keepInActions = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A bordered table that fits its box: long values wrap between words (or truncate, see TruncatedText),
 * never inside one; when space is short the row actions fold into a menu (useTableFit).
 */
export function DataTable<Row extends { id: number | string }>({
  label,
  columns,
  rows,
  actions,
  noActionsNote,
  rowProps,
}: DataTableProps<Row>) {
  const { containerRef, fit } = useTableFit();
  const collapsed = fit >= 1;
  return (
    <Table.ScrollArea ref={containerRef} borderWidth="1px" rounded="md" bg="bg">
      {/* whiteSpace inherited by the cells (the scroll area sets nowrap), so that a column's cellProps (a nowrap date) can override it;
          overflowWrap on the cells and what they hold (the global reset sets it on every element, so it is not inherited) */}
      <Table.Root
        size="sm"
        aria-label={label}
        whiteSpace="normal"
        css={{
          // Chromium lets break-word squeeze a table's column below its longest word: words stay whole
          '& th, & td, & td *': { overflowWrap: 'normal', wordBreak: 'normal' },
          // a header wraps between its words only ("Category-based" whole)
          '& th > span': { whiteSpace: 'nowrap' },
        }}
      >
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>
                {column.header.split(' ').map((word, index) => (
                  <Fragment key={index}>
                    {index > 0 && ' '}
                    <span>{word}</span>
                  </Fragment>
                ))}
              </Table.ColumnHeader>
            ))}
            {actions && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const rowActions = actions?.(row) ?? [];
            return (
              <Table.Row key={row.id} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} {...column.cellProps}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
                {actions && (
                  <Table.Cell
                    textAlign="end"
                    onClick={keepInActions}
                    onKeyDown={keepInActions}
                    data-row-actions=""
                  >
                    {rowActions.length === 0 && noActionsNote && (
                      <Text fontSize="xs" color="fg.muted" textAlign="start">
                        {noActionsNote}
                      </Text>
                    )}
                    {rowActions.length > 0 &&
                      (collapsed && rowActions.length > 1 ? (
                        // the row-action pattern (row-actions.tsx): the first action stays a button
                        <HStack gap="1" justify="flex-end" wrap="nowrap">
                          <RowButtons actions={rowActions.slice(0, 1)} />
                          <Suspense>
                            <RowActionsMenu actions={rowActions.slice(1)} />
                          </Suspense>
                        </HStack>
                      ) : (
                        <RowButtons actions={rowActions} />
                      ))}
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
