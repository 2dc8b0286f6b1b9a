/** The heights a list's rows were measured at, and the estimate for a row not measured yet. */
export interface RowHeights {
  /** A row's height as laid out. */
  record(height: number): void;
  /** The height most rows measured so far have (the first to reach the most, on a tie); `initial` before any. */
  typical(): number;
}

/**
 * Rows whose height the virtualizer estimated right cost nothing when measured; a wrong estimate makes
 * it place every row after them again and render once more, for each row that comes into view. Rows'
 * heights depend on the window's width and the data (an email that breaks over two lines), so the
 * estimate is learned: the most common measured height, which most rows then match exactly.
 */
export function createRowHeights(initial: number): RowHeights {
  const counts = new Map<number, number>();
  let typical = initial;
  let typicalCount = 0;
  return {
    record(height) {
      const count = (counts.get(height) ?? 0) + 1;
      counts.set(height, count);
      if (count > typicalCount) {
        typical = height;
        typicalCount = count;
      }
    },
    typical: () => typical,
  };
}
