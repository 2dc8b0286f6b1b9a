import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Row buttons may take at most this share of the table's width before they fold into a menu. */
const MAX_ACTIONS_SHARE = 0.25;

/**
 * How much a table gives up to fit its box: 0 all row buttons; 1 row actions in a menu. Words are never
 * broken: a long value is cut with an ellipsis (TruncatedText), and a table's columns are chosen to fit.
 */
export type TableFit = 0 | 1;

/**
 * Measures the table after every render and on every resize of its box or of the table. A step is
 * taken when the table is wider than its box (or its buttons take more than a quarter of it); the
 * width the table needed before the step is remembered, and the step is undone only once the box has
 * that width, so the table never flips between two steps.
 */
export function useTableFit() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<TableFit>(0);
  const fitRef = useRef<TableFit>(0);
  const neededBefore = useRef<number[]>([]);

  const measure = useCallback(() => {
    const container = containerRef.current;
    const table = container?.querySelector('table');
    if (!container || !table) return;
    const width = container.clientWidth;
    const level = fitRef.current;
    const actions =
      level === 0
        ? Math.max(
            0,
            ...Array.from(
              container.querySelectorAll<HTMLElement>('[data-row-actions]'),
              (cell) => cell.scrollWidth,
            ),
          )
        : 0;
    const needed = Math.max(table.scrollWidth, actions / MAX_ACTIONS_SHARE);
    let next: TableFit = level;
    if (needed > width && level < 1) {
      neededBefore.current[level] = needed;
      next = (level + 1) as TableFit;
    } else if (level > 0 && width >= (neededBefore.current[level - 1] ?? Infinity)) {
      next = (level - 1) as TableFit;
    }
    if (next !== level) {
      fitRef.current = next;
      setFit(next);
    }
  }, []);

  // after every render: new rows may need more room
  useLayoutEffect(measure);
  // on every resize of the box, and of the table: a cell may grow without a render of the table (the row menu's chunk arriving)
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    const table = container.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);

  return { containerRef, fit };
}
