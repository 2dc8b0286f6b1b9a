import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';
import { pageSystem } from './theme';

interface Key {
  id: number;
  description: string;
}
const rows: Key[] = [
  { id: 1, description: 'Smartlead main' },
  { id: 2, description: 'Instantly main' },
];

/** jsdom lays nothing out: a box so wide, and a table so wide while its rows show buttons, and with menus (a width a test may change). */
function layOut(widths: { box: number; withButtons: number; withMenu: number }) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.querySelector(':scope > table') ? widths.box : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.tagName !== 'TABLE') return 0;
    return within(this).queryAllByRole('button', { name: 'Delete' }).length > 0
      ? widths.withButtons
      : widths.withMenu;
  });
}

/** A ResizeObserver the test fires by hand: what it watches, and a resize of one of them. */
function watchResizes() {
  const watched: { element: Element; callback: ResizeObserverCallback }[] = [];
  class ManualResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(element: Element) {
      watched.push({ element, callback: this.callback });
    }
    unobserve() {}
    disconnect() {}
  }
  jest
    .spyOn(globalThis, 'ResizeObserver')
    .mockImplementation(
      (callback) => new ManualResizeObserver(callback) as unknown as ResizeObserver,
    );
  return (element: Element) =>
    act(() => {
      for (const watch of watched.filter((candidate) => candidate.element === element))
        watch.callback([], {} as ResizeObserver);
    });
}

const breaksWordsAnywhere = (table: HTMLElement) =>
  getComputedStyle(within(table).getAllByRole('cell')[0]!).overflowWrap === 'anywhere';

function renderKeys(onDelete: (key: Key) => void, onRowClick: () => void) {
  render(
    <ChakraProvider value={pageSystem()}>
      <DataTable
        label="API Keys"
        columns={[{ header: 'Description', cell: (key: Key) => key.description }]}
        rows={rows}
        rowProps={() => ({ onClick: onRowClick })}
        actions={(key) => [
          { label: 'Edit', onClick: () => {} },
          { label: 'Delete', colorPalette: 'red', onClick: () => onDelete(key) },
        ]}
      />
    </ChakraProvider>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('DataTable row actions', () => {
  it('shows the buttons when the table fits its box', async () => {
    layOut({ box: 1200, withButtons: 900, withMenu: 700 });
    const onDelete = jest.fn();
    const onRowClick = jest.fn();
    renderKeys(onDelete, onRowClick);
    const row = screen.getByRole('row', { name: /Instantly main/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('folds them into a menu per row when the table is wider than its box', async () => {
    layOut({ box: 600, withButtons: 900, withMenu: 580 });
    const onDelete = jest.fn();
    const onRowClick = jest.fn();
    renderKeys(onDelete, onRowClick);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Instantly main/ });
    await userEvent.click(await within(row).findByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('never breaks a word, even when the table grows wider than its box with no render of its own (a row menu arriving from its chunk)', async () => {
    const resized = watchResizes();
    const widths = { box: 600, withButtons: 900, withMenu: 580 };
    layOut(widths);
    renderKeys(jest.fn(), jest.fn());
    const table = screen.getByRole('table', { name: 'API Keys' });
    await within(table).findAllByRole('button', { name: 'Actions' });
    expect(breaksWordsAnywhere(table)).toBe(false);
    widths.withMenu = 620;
    resized(table);
    expect(breaksWordsAnywhere(table)).toBe(false);
    expect(within(table).getAllByRole('button', { name: 'Actions' })).toHaveLength(rows.length);
  });
});
