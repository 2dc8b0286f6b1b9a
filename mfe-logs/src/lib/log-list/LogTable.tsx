import { Table } from '@chakra-ui/react';
import { memo, type KeyboardEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import type { LogColumn } from './log-column';
import { logPriorityClass, logTableClass, logTableCss } from './log-table-css';

/** Rows that open (e.g. a detail panel) on a click or Enter, each with its accessible name. */
export interface OpenRow<Row> {
  label: (row: Row) => string;
  onOpen: (row: Row) => void;
}

export interface LogTableProps<Row extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly LogColumn<Row>[];
  /** How many rows the list holds (aria-rowcount counts them with the header). */
  rowCount: number;
  /** The rows drawn, each with its place in the list (from 0). */
  drawn: readonly { row: Row; index: number; key: string | number | bigint }[];
  /** The height of the rows not drawn above and below the drawn ones. */
  above?: number;
  below?: number;
  bodyRef?: Ref<HTMLTableSectionElement>;
  rowRef?: Ref<HTMLTableRowElement>;
  openRow?: OpenRow<Row>;
}

/**
 * A log table of the rows drawn. Rows not drawn (virtualised) are stood for by two hidden spacer rows,
 * and aria-rowcount / aria-rowindex tell assistive technology how many rows there are and where each
 * drawn one sits.
 */
export function LogTable<Row extends { id: number }>({
  label,
  columns,
  rowCount,
  ...body
}: LogTableProps<Row>) {
  return (
    <LogTableFrame label={label} columns={columns} rowCount={rowCount}>
      <LogTableBody columns={columns} {...body} />
    </LogTableFrame>
  );
}

/** Column widths kept for a table: each column's share of it, and the least width it takes. */
export interface FrozenColumns {
  shares: readonly number[];
  width: number;
}

/** The widths a laid-out table's columns have now (null where nothing is laid out, as in tests). */
export function measureColumns(table: HTMLTableElement): FrozenColumns | null {
  // the columns shown: a column a narrow box hides has no place in the table
  const widths = Array.from(
    table.querySelectorAll('thead th'),
    (header) => (header as HTMLElement).offsetWidth,
  ).filter((width) => width > 0);
  const width = widths.reduce((sum, each) => sum + each, 0);
  return width > 0 ? { shares: widths.map((each) => each / width), width } : null;
}

/**
 * The table around a log table's body: its box, name, row count and header. With `frozen` columns the
 * table lays out by them (fixed), not by its rows' contents.
 */
export function LogTableFrame<Row>({
  label,
  columns,
  rowCount,
  frozen = null,
  children,
}: {
  label: string;
  columns: readonly LogColumn<Row>[];
  rowCount: number;
  frozen?: FrozenColumns | null;
  children: ReactNode;
}) {
  return (
    // a size container: the columns a narrow box hides are picked by its width (logTableCss)
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg" css={{ containerType: 'inline-size' }}>
      <Table.Root size="sm" aria-label={label} aria-rowcount={rowCount + 1} css={logTableCss}>
        {frozen && (
          <colgroup>
            {frozen.shares.map((share, index) => (
              <col key={index} style={{ width: `${(share * 100).toFixed(3)}%` }} />
            ))}
          </colgroup>
        )}
        <LogTableHeader columns={columns} />
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}

export type LogTableBodyProps<Row extends { id: number }> = Omit<
  LogTableProps<Row>,
  'label' | 'rowCount'
>;

/**
 * The rows drawn, between the spacers. Plain elements the table styles once (logTableCss): a scroll frame
 * renders the rows that come into view and nothing else.
 */
export function LogTableBody<Row extends { id: number }>({
  columns,
  drawn,
  above = 0,
  below = 0,
  bodyRef,
  rowRef,
  openRow,
}: LogTableBodyProps<Row>) {
  return (
    <tbody ref={bodyRef}>
      <SpacerRow height={above} span={columns.length} />
      {drawn.map(({ row, index, key }) => (
        <LogTableRow
          key={key}
          row={row}
          index={index}
          columns={columns}
          rowRef={rowRef}
          openRow={openRow}
        />
      ))}
      <SpacerRow height={below} span={columns.length} />
    </tbody>
  );
}

// the header does not change while the rows scroll
const LogTableHeader = memo(function LogTableHeader<Row>({
  columns,
}: {
  columns: readonly LogColumn<Row>[];
}) {
  return (
    <Table.Header>
      <Table.Row aria-rowindex={1}>
        {columns.map((column) => (
          <Table.ColumnHeader
            key={column.header}
            className={logPriorityClass(column.priority ?? 1)}
            style={column.width ? { width: column.width } : undefined}
            title={column.header}
          >
            {column.header}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}) as <Row>(props: { columns: readonly LogColumn<Row>[] }) => ReactElement;

function SpacerRow({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={span} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

interface LogTableRowProps<Row extends { id: number }> extends Pick<
  LogTableProps<Row>,
  'columns' | 'rowRef' | 'openRow'
> {
  row: Row;
  index: number;
}

// memoised: while the list scrolls only the rows that come into view render, not every drawn one each frame
const LogTableRow = memo(function LogTableRow<Row extends { id: number }>({
  row,
  index,
  columns,
  rowRef,
  openRow,
}: LogTableRowProps<Row>) {
  const opens = openRow && {
    className: logTableClass.opens,
    'aria-label': openRow.label(row),
    tabIndex: 0,
    onClick: () => openRow.onOpen(row),
    onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && openRow.onOpen(row),
  };
  return (
    <tr ref={rowRef} data-index={index} aria-rowindex={index + 2} {...opens}>
      {columns.map((column) => {
        const value = column.cell(row);
        return (
          <td
            key={column.header}
            className={logPriorityClass(column.priority ?? 1)}
            // a text cut at the cell's end shows whole on hover
            title={typeof value === 'string' ? value : undefined}
          >
            {value}
          </td>
        );
      })}
    </tr>
  );
}) as <Row extends { id: number }>(props: LogTableRowProps<Row>) => ReactElement;
