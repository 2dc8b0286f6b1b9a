import { useMemo, useState } from 'react';
import type { OpenRow } from './LogTable';

/**
 * The row whose detail panel is open, and the table's `openRow` that opens it (a click or Enter on the
 * row). Give a `label` defined once (at module level): the same `openRow` then comes back on every
 * render, and the table's rows need not render again for it.
 */
export function useOpenRow<Row>(label: (row: Row) => string): {
  opened: Row | null;
  openRow: OpenRow<Row>;
  close: () => void;
} {
  const [opened, setOpened] = useState<Row | null>(null);
  const openRow = useMemo<OpenRow<Row>>(() => ({ label, onOpen: setOpened }), [label]);
  return { opened, openRow, close: () => setOpened(null) };
}
