import { useLayoutEffect, useRef, useState } from 'react';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { LogTable, type LogTableProps } from './LogTable';

/** A row's height before it is measured (a one-line row of a small table). */
export const ESTIMATED_ROW_HEIGHT = 41;
/** Rows drawn above and below the view, so a quick scroll shows no gap. */
const OVERSCAN = 8;

export type VirtualLogTableProps<Row extends { id: number }> = Pick<LogTableProps<Row>, 'label' | 'columns' | 'rowProps'> & { rows: readonly Row[] };

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
 * scroll), so thousands of loaded rows stay quick; still a table (see LogTable).
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
  const first = items[0];
  const last = items.at(-1);
  const drawn = items.flatMap((item) => {
    const row = rows[item.index];
    return row ? [{ row, index: item.index, key: item.key }] : [];
  });
  return (
    <LogTable
      label={label}
      columns={columns}
      rowCount={rows.length}
      drawn={drawn}
      above={first ? first.start - scrollMargin : 0}
      below={last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0}
      bodyRef={bodyRef}
      rowRef={virtualizer.measureElement}
      rowProps={rowProps}
    />
  );
}
