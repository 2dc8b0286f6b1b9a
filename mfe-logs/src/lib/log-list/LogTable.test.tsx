import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithHost } from 'shared/testing';
import { LogTable, type OpenRow } from './LogTable';
import type { LogColumn } from './log-column';

interface Entry {
  id: number;
  text: string;
}

const cellCalls: number[] = [];
const columns: readonly LogColumn<Entry>[] = [
  {
    header: 'Text',
    cell: (entry) => {
      cellCalls.push(entry.id);
      return entry.text;
    },
  },
];
const drawnOf = (entries: readonly Entry[], first = 0) =>
  entries.map((row, place) => ({ row, index: first + place, key: row.id }));
const opening = (onOpen: (row: Entry) => void): OpenRow<Entry> => ({
  label: (row) => `Open ${row.text}`,
  onOpen,
});

function tableOf(
  entries: readonly Entry[],
  { first = 0, openRow }: { first?: number; openRow?: OpenRow<Entry> } = {},
) {
  return (
    <LogTable
      label="Entries"
      columns={columns}
      rowCount={100}
      drawn={drawnOf(entries, first)}
      openRow={openRow}
    />
  );
}

const shownRows = () =>
  within(screen.getByRole('table', { name: 'Entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => `${row.getAttribute('aria-rowindex')} ${row.textContent}`);

beforeEach(() => {
  cellCalls.length = 0;
});

describe('LogTable rows drawn again', () => {
  const a = { id: 1, text: 'first' };
  const b = { id: 2, text: 'second' };

  it('draws only the rows that changed: the rows kept are not drawn again', () => {
    const { rerender } = renderWithHost(tableOf([a, b]));
    expect(cellCalls).toEqual([1, 2]);
    const c = { id: 3, text: 'third' };
    rerender(tableOf([a, b, c]));
    expect(cellCalls).toEqual([1, 2, 3]);
    expect(shownRows()).toEqual(['2 first', '3 second', '4 third']);
  });

  it('shows a row given anew (the same id, fresh contents) with its new contents', () => {
    const { rerender } = renderWithHost(tableOf([a, b]));
    rerender(tableOf([a, { ...b, text: 'second, processed' }]));
    expect(shownRows()).toEqual(['2 first', '3 second, processed']);
  });

  it('gives a row that moved its new place in the list', () => {
    const { rerender } = renderWithHost(tableOf([a, b]));
    rerender(tableOf([a, b], { first: 5 }));
    expect(shownRows()).toEqual(['7 first', '8 second']);
  });

  it('opens a row with the handler given last', async () => {
    const before = jest.fn();
    const after = jest.fn();
    const { rerender } = renderWithHost(tableOf([a, b], { openRow: opening(before) }));
    rerender(tableOf([a, b], { openRow: opening(after) }));
    await userEvent.setup().click(screen.getByRole('row', { name: 'Open second' }));
    expect(after).toHaveBeenCalledWith(b);
    expect(before).not.toHaveBeenCalled();
  });
});
