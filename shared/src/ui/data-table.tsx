import type { ReactNode } from 'react';
import { Button, HStack, Table, Text, type ButtonProps, type TableCellProps, type TableRowProps } from '@chakra-ui/react';

export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Props of this column's cells, e.g. `{ wordBreak: 'break-all' }` or `{ whiteSpace: 'nowrap' }`. */
  cellProps?: TableCellProps;
}

export interface DataTableProps<Row extends { id: number | string }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  /** A last column of buttons (see RowButton), at the end of the row; its header says "Actions" to screen readers only. */
  actions?: (row: Row) => ReactNode;
  /** Props of a row, e.g. to make it clickable. */
  rowProps?: (row: Row) => TableRowProps;
}

/** A small bordered, scrolling table: one header per column, one row per item keyed by its id. */
export function DataTable<Row extends { id: number | string }>({ label, columns, rows, actions, rowProps }: DataTableProps<Row>) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
            {actions && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} {...rowProps?.(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.header} {...column.cellProps}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
              {actions && (
                <Table.Cell>
                  <HStack gap="1" justify="flex-end" wrap="nowrap">
                    {actions(row)}
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A small outlined button in a row's actions; its click is its own, not the row's (rows may be clickable). */
export function RowButton({ onClick, ...props }: ButtonProps) {
  return (
    <Button
      size="xs"
      variant="outline"
      {...props}
      onClick={(event) => {
        event.stopPropagation();
        onClick?.(event);
      }}
      onKeyDown={(event) => event.stopPropagation()}
    />
  );
}
