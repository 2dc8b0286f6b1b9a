import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { createRowHeights, type RowHeights } from './row-heights';
import { assignRowSlots } from './row-slots';
import {
  LogTableBody,
  LogTableFrame,
  measureColumns,
  type FrozenColumns,
  type LogTableProps,
} from './LogTable';

/**
 * A row's height before any row is measured: a one-line row (20 px of text, 8 px of padding above and
 * below, a 1 px border). From the first row measured, the estimate is the rows' typical height (row-heights.ts).
 */
export const ESTIMATED_ROW_HEIGHT = 37;
/** Rows drawn above and below the view, so a quick scroll shows no gap (each scroll renders before its frame is drawn). */
const OVERSCAN = 6;

export type VirtualLogTableProps<Row extends { id: number }> = Pick<
  LogTableProps<Row>,
  'label' | 'columns' | 'openRow'
> & { rows: readonly Row[] };

/** How far below the top of the page an element starts (its offsets up to the page, whatever the scroll). */
function pageTop(element: HTMLElement | null): number {
  let top = 0;
  for (let current = element; current; current = current.offsetParent as HTMLElement | null)
    top += current.offsetTop;
  return top;
}

/** The height the ResizeObserver last reported for each row element, whichever row it showed then. */
const reportedHeights = new WeakMap<Element, number>();

/**
 * A row's height as the ResizeObserver saw it once laid out (recorded in the list's `heights`). Rows differ
 * (a failed event's errors take lines), so each is measured, but never by reading the layout when the row
 * mounts: that forces a layout in the middle of the render, every frame of a scroll. Until the observer
 * reports, the row's last size stands; for a row never measured, the height its element last reported (an
 * element reused for another row is reported again only if its height changes, so an unchanged height is
 * the new row's); else the estimate (and where nothing is laid out, in tests, the estimate).
 */
function measureRow(
  element: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, HTMLTableRowElement>,
  heights: RowHeights,
): number {
  const observed = entry?.borderBoxSize?.[0]?.blockSize;
  if (observed) {
    const height = Math.round(observed);
    reportedHeights.set(element, height);
    heights.record(height);
    return height;
  }
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ??
    reportedHeights.get(element) ??
    heights.typical()
  );
}

/**
 * Rows are keyed by slot (assignRowSlots), so an element can come to show another row. The virtualizer
 * learned of it by the row it showed when mounted; after each render, an element showing another row is
 * handed to it for its new row (and forgotten for the old one) and that row is given its height
 * (measureRow). Not by `virtualizer.measureElement`: it measures nothing while the list scrolls, and a
 * reused element, already observed, is reported again only if its height changes.
 */
function useRowsReusedMeasured(
  virtualizer: Virtualizer<Window, HTMLTableRowElement>,
  body: RefObject<HTMLTableSectionElement | null>,
  heights: RowHeights,
): void {
  const shown = useRef(new WeakMap<Element, ReturnType<typeof virtualizer.options.getItemKey>>());
  useLayoutEffect(() => {
    for (const element of Array.from(body.current?.rows ?? [])) {
      if (!element.hasAttribute('data-index')) continue;
      const index = virtualizer.indexFromElement(element);
      const key = virtualizer.options.getItemKey(index);
      const before = shown.current.get(element);
      shown.current.set(element, key);
      if (before === undefined || before === key) continue;
      if (virtualizer.elementsCache.get(before) === element)
        virtualizer.elementsCache.delete(before);
      virtualizer.elementsCache.set(key, element);
      virtualizer.resizeItem(index, measureRow(element, undefined, virtualizer, heights));
    }
  });
}

/** The id of the row whose element has the keyboard focus, if one of this body's rows has it. */
function focusedRowId(
  body: HTMLTableSectionElement | null,
  rows: readonly { id: number }[],
): number | undefined {
  const focused = document.activeElement;
  if (!body || !(focused instanceof HTMLTableRowElement) || focused.parentElement !== body)
    return undefined;
  return rows[Number(focused.dataset.index)]?.id;
}

/**
 * The log table with only the rows near the view in the DOM (TanStack Virtual, following the window's
 * scroll), so thousands of loaded rows stay quick; still a table (see LogTable). A scroll renders the
 * body alone: the table around it and its header stay as they are.
 */
export function VirtualLogTable<Row extends { id: number }>({
  label,
  columns,
  rows,
  openRow,
}: VirtualLogTableProps<Row>) {
  // the columns keep the widths the rows drawn first gave them: an automatic table would work them out
  // again from the rows of each scroll frame (most of the frame's layout), and they would jump; when the
  // table's box changes width (the window resized), the rows drawn then give them again
  const [frozen, setFrozen] = useState<FrozenColumns | null>(null);
  const freeze = useCallback(
    (table: HTMLTableElement) => setFrozen((kept) => kept ?? measureColumns(table)),
    [],
  );
  const thaw = useCallback(() => setFrozen(null), []);
  return (
    <LogTableFrame label={label} columns={columns} rowCount={rows.length} frozen={frozen}>
      <VirtualLogTableBody
        columns={columns}
        rows={rows}
        openRow={openRow}
        onRowsDrawn={frozen ? undefined : freeze}
        onBoxResized={thaw}
      />
    </LogTableFrame>
  );
}

/** Calls `onResized` each time the box around the table (its scroll area) changes width after it was first seen. */
function useTableBoxResized(
  body: RefObject<HTMLTableSectionElement | null>,
  onResized: () => void,
): void {
  useEffect(() => {
    const box = body.current?.closest('table')?.parentElement;
    if (!box) return;
    let width: number | undefined;
    const observer = new ResizeObserver(([entry]) => {
      const now = entry?.contentRect.width;
      if (width !== undefined && now !== width) onResized();
      width = now;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [body, onResized]);
}

function VirtualLogTableBody<Row extends { id: number }>({
  columns,
  rows,
  openRow,
  onRowsDrawn,
  onBoxResized,
}: Omit<VirtualLogTableProps<Row>, 'label'> & {
  onRowsDrawn?: (table: HTMLTableElement) => void;
  onBoxResized: () => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useTableBoxResized(bodyRef, onBoxResized);
  const [scrollMargin, setScrollMargin] = useState(0);
  // where the rows start on the page: read again when the list changes (what is above it may have too)
  useLayoutEffect(() => setScrollMargin(pageTop(bodyRef.current)), [rows]);
  // the same function while the rows are the same: a new one makes the virtualizer work out every row's place again (thousands of keys) on each scroll frame
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const [heights] = useState(() => createRowHeights(ESTIMATED_ROW_HEIGHT));
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: heights.typical,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey,
    measureElement: (element, entry, instance) => measureRow(element, entry, instance, heights),
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const inView = items.flatMap((item) => {
    const row = rows[item.index];
    return row ? [{ row, index: item.index }] : [];
  });
  // keyed by slot, not by id: a row coming into view reuses the element of one that left (row-slots.ts)
  const committedSlots = useRef<ReadonlyMap<number, number>>(new Map());
  const { slots, byId } = assignRowSlots(
    committedSlots.current,
    inView.map(({ row }) => row.id),
    focusedRowId(bodyRef.current, rows),
  );
  useLayoutEffect(() => {
    committedSlots.current = byId;
  }, [byId]);
  useRowsReusedMeasured(virtualizer, bodyRef, heights);
  const drawn = inView.map((item, place) => ({ ...item, key: slots[place]! }));
  useLayoutEffect(() => {
    const table = bodyRef.current?.closest('table');
    if (onRowsDrawn && table && drawn.length > 0) onRowsDrawn(table);
  }, [onRowsDrawn, drawn.length]);
  return (
    <LogTableBody
      columns={columns}
      drawn={drawn}
      above={first ? first.start - scrollMargin : 0}
      below={last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0}
      bodyRef={bodyRef}
      rowRef={virtualizer.measureElement}
      openRow={openRow}
    />
  );
}
