import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
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

/** jsdom lays nothing out: a 600 px box, and a table 900 px wide while its rows show buttons. */
function layOut({ box, withButtons, withMenu }: { box: number; withButtons: number; withMenu: number }) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.querySelector(':scope > table') ? box : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.tagName !== 'TABLE') return 0;
    return within(this).queryAllByRole('button', { name: 'Delete' }).length > 0 ? withButtons : withMenu;
  });
}

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
});
