import { Table } from '@chakra-ui/react';
import { memo, type ReactElement, type Ref } from 'react';
import type { DataColumn, DataTableProps } from 'shared/ui';

export interface LogTableProps<Row extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  /** How many rows the list holds (aria-rowcount counts them with the header). */
  rowCount: number;
  /** The rows drawn, each with its place in the list (from 0). */
  drawn: readonly { row: Row; index: number; key: string | number | bigint }[];
  /** The height of the rows not drawn above and below the drawn ones. */
  above?: number;
  below?: number;
  bodyRef?: Ref<HTMLTableSectionElement>;
  rowRef?: Ref<HTMLTableRowElement>;
  rowProps?: DataTableProps<Row>['rowProps'];
}

/**
 * A log table of the rows drawn. Rows not drawn (virtualised) are stood for by two hidden spacer rows,
 * and aria-rowcount / aria-rowindex tell assistive technology how many rows there are and where each
 * drawn one sits.
 */
export function LogTable<Row extends { id: number }>({ label, columns, rowCount, drawn, above = 0, below = 0, bodyRef, rowRef, rowProps }: LogTableProps<Row>) {
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" style={{ height }}>
        <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
      </tr>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={label} aria-rowcount={rowCount + 1} css={{ '& th, & td': { whiteSpace: 'normal', overflowWrap: 'break-word' } }}>
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body ref={bodyRef}>
          {spacer(above)}
          {drawn.map(({ row, index, key }) => (
            <LogTableRow key={key} row={row} index={index} columns={columns} rowRef={rowRef} rowProps={rowProps} />
          ))}
          {spacer(below)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

interface LogTableRowProps<Row extends { id: number }> extends Pick<LogTableProps<Row>, 'columns' | 'rowRef' | 'rowProps'> {
  row: Row;
  index: number;
}

// memoised: while the list scrolls only the rows that come into view render, not every drawn one each frame
const LogTableRow = memo(function LogTableRow<Row extends { id: number }>({ row, index, columns, rowRef, rowProps }: LogTableRowProps<Row>) {
  return (
    <Table.Row ref={rowRef} data-index={index} aria-rowindex={index + 2} {...rowProps?.(row)}>
      {columns.map((column) => (
        <Table.Cell key={column.header} {...column.cellProps}>
          {column.cell(row)}
        </Table.Cell>
      ))}
    </Table.Row>
  );
}) as <Row extends { id: number }>(props: LogTableRowProps<Row>) => ReactElement;
