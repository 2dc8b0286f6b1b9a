import { useLayoutEffect, useRef, useState } from 'react';
import { Table } from '@chakra-ui/react';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import type { DataColumn, DataTableProps } from 'shared/ui';

/** A row's height before it is measured (a one-line row of a small table). */
export const ESTIMATED_ROW_HEIGHT = 41;
/** Rows drawn above and below the view, so a quick scroll shows no gap. */
const OVERSCAN = 8;

export interface VirtualLogTableProps<Row extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowProps?: DataTableProps<Row>['rowProps'];
}

/** How far below the top of the page an element starts (its offsets up to the page, whatever the scroll). */
function pageTop(element: HTMLElement | null): number {
  let top = 0;
  for (let current = element; current; current = current.offsetParent as HTMLElement | null) top += current.offsetTop;
  return top;
}

// a row never measures 0 on screen; where nothing is laid out (tests) the estimate stands in
const measureRow: typeof measureElement = (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_HEIGHT;

/**
 * The log table with only the rows near the view in the DOM (TanStack Virtual, following the window's
 * scroll), so thousands of loaded rows stay quick. It stays a table: the rows above and below are
 * stood for by two hidden spacer rows, and aria-rowcount / aria-rowindex tell assistive technology
 * how many rows there are and where each drawn one sits.
 */
export function VirtualLogTable<Row extends { id: number }>({ label, columns, rows, rowProps }: VirtualLogTableProps<Row>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // where the rows start on the page: read again when the list changes (what is above it may have too)
  useLayoutEffect(() => setScrollMargin(pageTop(bodyRef.current)), [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index,
    measureElement: measureRow,
  });
  const items = virtualizer.getVirtualItems();
  const above = items.length > 0 ? (items[0]?.start ?? scrollMargin) - scrollMargin : 0;
  const below = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? scrollMargin) - scrollMargin) : 0;
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" style={{ height }}>
        <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
      </tr>
    );

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={label} aria-rowcount={rows.length + 1} css={{ '& th, & td': { whiteSpace: 'normal', overflowWrap: 'break-word' } }}>
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body ref={bodyRef}>
          {spacer(above)}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Table.Row key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} {...column.cellProps}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            );
          })}
          {spacer(below)}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
