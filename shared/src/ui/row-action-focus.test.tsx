import { useState } from 'react';
import { Button, ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable } from './data-table';
import { EditDialog, EditDialogFrame } from './edit-dialog';
import { pageSystem } from './theme';

interface Key {
  id: number;
  description: string;
}
const rows: Key[] = [
  { id: 1, description: 'Smartlead main' },
  { id: 2, description: 'Instantly main' },
];

/** jsdom lays nothing out: a box too narrow for the row buttons (they fold into menus), or wide enough. */
function layOut(folded: boolean) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.querySelector(':scope > table') ? (folded ? 600 : 1200) : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.tagName !== 'TABLE') return 0;
    return within(this).queryAllByRole('button', { name: 'Delete' }).length > 0 ? 900 : 580;
  });
}

/** The API keys of a screen: Edit and Delete open dialogs, Copy none; "Add key" opens the confirmation too. */
function KeysScreen() {
  const [editing, setEditing] = useState<Key | null>(null);
  const [deleting, setDeleting] = useState<Key | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button onClick={() => setAdding(true)}>Add key</Button>
      <DataTable
        label="API Keys"
        columns={[{ header: 'Description', cell: (key: Key) => key.description }]}
        rows={rows}
        actions={(key) => [
          { label: 'Copy', onClick: () => {} },
          { label: 'Edit', onClick: () => setEditing(key) },
          { label: 'Delete', colorPalette: 'red', onClick: () => setDeleting(key) },
        ]}
      />
      <EditDialog item={editing} open={editing !== null} onOpenChange={() => setEditing(null)}>
        {(key, close) => (
          <EditDialogFrame title={`Edit ${key.description}`} saving={false} onSave={close}>
            {key.description}
          </EditDialogFrame>
        )}
      </EditDialog>
      <ConfirmDialog
        open={deleting !== null || adding}
        onOpenChange={() => {
          setDeleting(null);
          setAdding(false);
        }}
        question="Do you want to delete it?"
        onConfirm={() => {
          setDeleting(null);
          setAdding(false);
        }}
      />
    </>
  );
}

function renderKeys(folded: boolean) {
  layOut(folded);
  render(
    <ChakraProvider value={pageSystem()}>
      <KeysScreen />
    </ChakraProvider>,
  );
  return userEvent.setup();
}

const row = (description: string) => screen.getByRole('row', { name: new RegExp(description) });
const dialogClosed = () =>
  waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

afterEach(() => jest.restoreAllMocks());

describe('focus after a dialog opened by a row action', () => {
  it.each([
    ['Escape', (events: ReturnType<typeof userEvent.setup>) => events.keyboard('{Escape}')],
    [
      'Cancel',
      (events: ReturnType<typeof userEvent.setup>) =>
        events.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    [
      'Save',
      (events: ReturnType<typeof userEvent.setup>) =>
        events.click(screen.getByRole('button', { name: 'Save' })),
    ],
  ])('returns to the row\'s "Actions" menu trigger after %s', async (_, close) => {
    const events = renderKeys(true);
    const trigger = await within(row('Instantly main')).findByRole('button', { name: 'Actions' });
    await events.click(trigger);
    await events.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Instantly main' })).toBeInTheDocument();
    await close(events);
    await dialogClosed();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('returns to the row\'s "Actions" trigger after a confirmation opened from its menu', async () => {
    const events = renderKeys(true);
    const trigger = await within(row('Smartlead main')).findByRole('button', { name: 'Actions' });
    await events.click(trigger);
    await events.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await events.click(await screen.findByRole('button', { name: 'No' }));
    await dialogClosed();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("returns to the row's button when the row shows its actions as buttons", async () => {
    const events = renderKeys(false);
    const remove = within(row('Instantly main')).getByRole('button', { name: 'Delete' });
    await events.click(remove);
    await events.click(await screen.findByRole('button', { name: 'Yes' }));
    await dialogClosed();
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('a dialog opened by another control gives focus back to that control', async () => {
    const events = renderKeys(false);
    await events.click(within(row('Instantly main')).getByRole('button', { name: 'Edit' }));
    await events.click(await screen.findByRole('button', { name: 'Save' }));
    await dialogClosed();
    await events.click(within(row('Smartlead main')).getByRole('button', { name: 'Copy' }));
    const add = screen.getByRole('button', { name: 'Add key' });
    await events.click(add);
    await events.keyboard('{Escape}');
    await dialogClosed();
    await waitFor(() => expect(add).toHaveFocus());
  });
});
