import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardUser } from 'shared/contract';
import { createFakeApi, renderWithHost, testUsers, type FakeHandler } from 'shared/testing';
import { UsersScreen } from './UsersScreen';

const LOCATION = '/admin/dashboard/users';

const ada: DashboardUser = {
  id: 11,
  accountId: 'acc-11',
  organizationId: 4411,
  account: 'Acme Inc',
  email: 'ada@acme.test',
  role: 'ADMIN',
  hubDomain: 'acme.hubspot.test',
  canWebhook: true,
  canUserAccount: false,
  canBlockList: true,
};
const bob: DashboardUser = {
  id: 12,
  accountId: 'acc-12',
  organizationId: null,
  account: null,
  email: 'bob@acme.test',
  role: null,
  hubDomain: null,
  canWebhook: false,
  canUserAccount: false,
  canBlockList: false,
};
const meg: DashboardUser = {
  ...bob,
  id: 13,
  accountId: 'acc-13',
  organizationId: 4413,
  email: 'meg@acme.test',
  role: 'MANAGER',
  canUserAccount: true,
};

const listRoute = 'GET /api/admin/dashboard/users';
const updateRoute = 'PUT /api/admin/dashboard/users/{id}';

/** A PUT that answers like the api: the row with the saved flags. */
const savesFlags: FakeHandler = ({ params, body }) => {
  const row = [ada, bob, meg].find((user) => user.id === Number(params.id));
  return row
    ? { body: { ...row, ...(body as object) } }
    : { status: 404, body: { message: 'User not found' } };
};

function renderUsers({
  user = testUsers.admin,
  routes = {},
}: {
  user?: typeof testUsers.admin;
  routes?: Record<string, FakeHandler | { status?: number; body?: unknown }>;
} = {}) {
  const api = createFakeApi({
    [listRoute]: { body: [ada, bob, meg] },
    [updateRoute]: savesFlags,
    ...routes,
  });
  return {
    ...renderWithHost(<UsersScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

/** The table row of a user; `hidden` also finds it behind the open (modal) dialog. */
const rowOf = async (email: string, { hidden = false } = {}) => {
  const cell = await screen.findByRole('cell', { name: email, hidden });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${email}`);
  return row;
};
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openDialogFor(events: ReturnType<typeof userEvent.setup>, email: string) {
  await events.click(within(await rowOf(email)).getByRole('button', { name: 'Update' }));
  return screen.findByRole('dialog', { name: email });
}

describe('Users screen', () => {
  it('shows the heading, the columns and every value of a row', async () => {
    renderUsers();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');

    const adaRow = await rowOf('ada@acme.test');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 8)).toEqual([
      'ID',
      'Account ID',
      'Organization ID',
      'Account',
      'Email',
      'Role',
      'Hub domain',
      'Approvals',
    ]);
    expect(cellsOf(adaRow).slice(0, 7)).toEqual([
      '11',
      'acc-11',
      '4411',
      'Acme Inc',
      'ada@acme.test',
      'Admin',
      'acme.hubspot.test',
    ]);
    expect(within(adaRow).getByText('Webhooks')).toHaveAttribute('title', 'canWebhook');
    expect(within(adaRow).getByText('Block lists')).toHaveAttribute('title', 'canBlockList');
    expect(within(adaRow).queryByText('Webhook endpoints')).not.toBeInTheDocument();

    const bobRow = await rowOf('bob@acme.test');
    expect(cellsOf(bobRow).slice(0, 8)).toEqual([
      '12',
      'acc-12',
      '—',
      '—',
      'bob@acme.test',
      'User',
      '—',
      'None',
    ]);
    expect(cellsOf(await rowOf('meg@acme.test'))[5]).toBe('Manager');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives an admin an Update button on every row', async () => {
    renderUsers();
    for (const email of ['ada@acme.test', 'bob@acme.test', 'meg@acme.test']) {
      expect(
        within(await rowOf(email)).getByRole('button', { name: 'Update' }),
      ).toBeInTheDocument();
    }
  });

  it('shows a manager the table without Update', async () => {
    renderUsers({ user: testUsers.manager });
    await rowOf('ada@acme.test');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('says "No users yet" when there are none', async () => {
    renderUsers({ routes: { [listRoute]: { body: [] } } });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens a dialog titled with the email with the three checkboxes filled from the row', async () => {
    const { events } = renderUsers();
    const dialog = await openDialogFor(events, 'ada@acme.test');
    expect(within(dialog).getByRole('heading', { name: 'ada@acme.test' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' })).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Webhook endpoints canUserAccount' }),
    ).not.toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Block lists canBlockList' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /close/i })).toBeInTheDocument();
  });

  it('saves the three flags, says "{email} updated", closes the dialog and shows the new flags in the row', async () => {
    const { events, api, host } = renderUsers();
    const dialog = await openDialogFor(events, 'bob@acme.test');
    await events.click(
      within(dialog).getByRole('checkbox', { name: 'Webhook endpoints canUserAccount' }),
    );
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/dashboard/users/12',
        body: { canWebhook: false, canUserAccount: true, canBlockList: false },
      },
    ]);
    expect(host.toasts).toEqual([
      { severity: 'success', summary: 'Success', detail: 'bob@acme.test updated', life: 3000 },
    ]);

    const bobRow = await rowOf('bob@acme.test');
    expect(within(bobRow).getByText('Webhook endpoints')).toBeInTheDocument();
    expect(within(bobRow).queryByText('None')).not.toBeInTheDocument();
    // the row was replaced from the PUT's answer, not by loading the list again
    expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('disables Save while saving', async () => {
    let answer: (response: { body: unknown }) => void = () => {};
    const { events } = renderUsers({
      routes: { [updateRoute]: () => new Promise((resolve) => (answer = resolve)) },
    });
    const dialog = await openDialogFor(events, 'ada@acme.test');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled(),
    );

    answer({ body: ada });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an Error toast with the server message on a failed save and keeps the dialog open with the choices', async () => {
    const { events, host } = renderUsers({
      routes: {
        [updateRoute]: { status: 403, body: { message: 'Only admins can change permissions' } },
      },
    });
    const dialog = await openDialogFor(events, 'ada@acme.test');
    await events.click(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' }));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'Only admins can change permissions',
          life: 3000,
        },
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'ada@acme.test' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' })).not.toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Block lists canBlockList' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    // the row behind the dialog still shows what the server has
    expect(
      within(await rowOf('ada@acme.test', { hidden: true })).getByText('Webhooks'),
    ).toBeInTheDocument();
  });

  it('Cancel and the close X close the dialog without saving, and reopening starts from the row again', async () => {
    const { events, api } = renderUsers();
    let dialog = await openDialogFor(events, 'ada@acme.test');
    await events.click(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' }));
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialogFor(events, 'ada@acme.test');
    expect(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' })).toBeChecked();
    await events.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialogFor(events, 'meg@acme.test');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Webhook endpoints canUserAccount' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Webhooks canWebhook' })).not.toBeChecked();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server message when loading fails, and Retry loads the users', async () => {
    let failures = 1;
    const { events, host } = renderUsers({
      routes: {
        [listRoute]: () =>
          failures-- > 0
            ? { status: 500, body: { message: 'Database is unavailable' } }
            : { body: [ada] },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();

    await events.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('ada@acme.test')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(host.toasts).toEqual([]);
  });

  it('tells a regular user calmly that the page is for managers and admins, and asks the api nothing', async () => {
    const { api } = renderUsers({ user: testUsers.user });
    expect(screen.getByText('This page is for managers and admins')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('hands a 401 on load to the host', async () => {
    const { host } = renderUsers({
      routes: { [listRoute]: { status: 401, body: { message: 'Unauthorized' } } },
    });
    await screen.findByRole('alert');
    expect(host.unauthorizedCount).toBe(1);
  });

  it('hands a 401 on save to the host without an error toast', async () => {
    const { events, host } = renderUsers({
      routes: { [updateRoute]: { status: 401, body: { message: 'Unauthorized' } } },
    });
    const dialog = await openDialogFor(events, 'ada@acme.test');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.unauthorizedCount).toBe(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(host.toasts).toEqual([]);
  });
});
