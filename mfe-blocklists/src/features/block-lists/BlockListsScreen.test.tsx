import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockList, CurrentUser } from 'shared/contract';
import {
  blockListRow,
  buttonTexts,
  cellTexts,
  createNamedFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { BlockListsScreen } from './BlockListsScreen';
import { answers, routes, type Route } from './test-data';

const LOCATION = '/admin/dashboard/smartlead-block-lists';
const longError =
  'Smartlead refused the API key: 401 Unauthorized, the key was revoked on 2024-03-01 by the account owner';

const syncing = blockListRow(1, {
  status: 'SYNCED',
  countItemsSynced: 120,
  countItemsNotSynced: 3,
  lastFetchedAt: '2024-03-08T10:30:00.000Z',
  lastAttemptedAt: '2024-03-08T10:31:00.000Z',
});
const paused = blockListRow(2, {
  listName: 'Competitors',
  listId: '201',
  listType: 'COMPANY_LIST',
  blockType: 'DOMAIN',
  isEnabled: false,
  status: 'PAUSED',
  apiKey: { id: 12, platform: 'instantly', description: 'Instantly' },
});
const failed = blockListRow(3, {
  status: 'FAILED',
  lastError: longError,
  crm: 'SALESFORCE',
  listId: null,
  listIdILS: '00B000000000001AAA',
  listType: null,
  listName: 'Open leads',
  userId: 8,
});
const theirs = blockListRow(4, {
  listName: 'Their list',
  canManage: false,
  userId: 9,
  user: {
    id: 9,
    email: 'other@acme.test',
    profile: 'HUBSPOT',
    organizationId: '4411',
    organizationDomain: null,
  },
});

function renderScreen({
  user = testUsers.user,
  with: overrides = {},
}: { user?: CurrentUser; with?: Partial<Record<Route, FakeHandler | FakeResponse>> } = {}) {
  const rows = [syncing, paused, failed, theirs];
  const api = createNamedFakeApi(routes, {
    ...answers(),
    list: { body: rows },
    remove: ({ params }) => ({ body: rows.find((row) => row.id === Number(params.id)) }),
    ...overrides,
  });
  return {
    ...renderWithHost(<BlockListsScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

const table = () => screen.findByRole('table', { name: 'Blocked List' });
const rowOf = async (name: string) => {
  const cell = await within(await table()).findByText(name);
  return cell.closest('tr')!;
};
const success = (detail: string) => ({
  severity: 'success',
  summary: 'Success',
  detail,
  life: 3000,
});

describe('Block lists screen: the "Blocked List" table', () => {
  it('shows the heading, the account choice and each list with its platform, block type, owner, status, items, dates and error', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Block lists', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Select Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Blocked List', level: 2 })).toBeInTheDocument();
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'List',
      'Platform',
      'Block type',
      'Owner',
      'Status',
      'Items',
      'Last sync',
      'Last error',
      'Actions',
    ]);
    const cells = cellTexts(await rowOf('List 1'));
    expect(cells.slice(0, 6)).toEqual([
      'List 1ID: 101',
      'Smartlead',
      'Individual addressContact list',
      'HUBSPOT - owner@acme.test',
      'SYNCED',
      'Synced: 120Not synced: 3',
    ]);
    expect(cells[6]).toMatch(
      /^Fetched: Mar 8, 2024, \d\d:30 (AM|PM)Attempted: Mar 8, 2024, \d\d:31 (AM|PM)$/,
    );
    expect(cellTexts(await rowOf('Competitors')).slice(0, 3)).toEqual([
      'CompetitorsID: 201',
      'Instantly',
      'Every domainCompany list (every domain)',
    ]);
    expect(cellTexts(await rowOf('Open leads'))[0]).toBe('Open leadsID: 00B000000000001AAA');
  });

  it("shows the server's status: the sync's, PAUSED, or PAUSED_PENDING_UPGRADE when the owner lacks canBlockList", async () => {
    const upgrade = blockListRow(6, {
      listName: 'Needs upgrade',
      status: 'PAUSED_PENDING_UPGRADE',
    });
    renderScreen({ with: { list: { body: [syncing, paused, failed, theirs, upgrade] } } });
    expect(cellTexts(await rowOf('List 1'))[4]).toBe('SYNCED');
    expect(cellTexts(await rowOf('Competitors'))[4]).toBe('PAUSED');
    expect(cellTexts(await rowOf('Open leads'))[4]).toBe('FAILED');
    expect(cellTexts(await rowOf('Their list'))[4]).toBe('PENDING');
    expect(cellTexts(await rowOf('Needs upgrade'))[4]).toBe('PAUSED_PENDING_UPGRADE');
  });

  it('asks again while a sync waits or runs, until it is done', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      const running = blockListRow(1, { status: 'SYNCING' });
      const done = blockListRow(1, { status: 'SYNCED', countItemsSynced: 42 });
      renderScreen({ with: { list: () => ({ body: [(calls += 1) < 2 ? running : done] }) } });
      const cellsOfList1 = () => cellTexts(screen.getByText('List 1').closest('tr')!);
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(cellsOfList1()[4]).toBe('SYNCING');
      await act(() => jest.advanceTimersByTimeAsync(3000));
      expect(cellsOfList1().slice(4, 6)).toEqual(['SYNCED', 'Synced: 42Not synced: 0']);
      await act(() => jest.advanceTimersByTimeAsync(9000));
      expect(calls).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('cuts the last error at 55 characters and shows the whole text on hover', async () => {
    renderScreen();
    const cell = within(await rowOf('Open leads')).getByText(/^Smartlead refused/);
    expect(cell).toHaveTextContent('Smartlead refused the API key: 401 Unauthorized, the ke…', {
      normalizeWhitespace: false,
    });
    expect(cell).toHaveAttribute('title', longError);
  });

  it('says so when there is no block list', async () => {
    renderScreen({ with: { list: { body: [] } } });
    expect(await screen.findByText('No block lists yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why the block lists could not be loaded, and the form still works', async () => {
    renderScreen({ with: { list: { status: 500, body: { message: 'Database is unavailable' } } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The block lists could not be loaded');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(screen.getByRole('combobox', { name: 'Select Profile' })).toBeEnabled();
  });
});

describe('Block lists screen: sync now, pause, resume and delete (spec §6)', () => {
  it('offers sync now, pause, resume and delete only where the user may manage the list; no sync for a paused one', async () => {
    renderScreen();
    expect(buttonTexts(await rowOf('List 1'))).toEqual(['Sync now', 'Pause', 'Delete']);
    expect(buttonTexts(await rowOf('Competitors'))).toEqual(['Resume', 'Delete']);
    expect(buttonTexts(await rowOf('Their list'))).toEqual([]);
    expect(
      within(await rowOf('Their list'))
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent(/^Only the owner of its profile or an admin can change it\.$/);
    expect(
      within(await rowOf('List 1'))
        .getAllByRole('cell')
        .at(-1),
    ).not.toHaveTextContent('Only the owner');
  });

  it('Sync now asks the server to sync, says so, and shows the list syncing', async () => {
    const { events, api, host } = renderScreen();
    await events.click(within(await rowOf('List 1')).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(host.toasts).toEqual([success('Syncing List 1 now')]));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/dashboard/smartlead/blocked-lists/1/sync',
    ]);
    expect(cellTexts(await rowOf('List 1'))[4]).toBe('SYNCING');
  });

  it("shows the server's message when a sync is refused", async () => {
    const message = 'This block list is paused: resume it to sync it';
    const { events, host } = renderScreen({ with: { sync: { status: 409, body: { message } } } });
    await events.click(within(await rowOf('List 1')).getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: message, life: 3000 },
      ]),
    );
    expect(cellTexts(await rowOf('List 1'))[4]).toBe('SYNCED');
  });

  it('pauses with "Paused blocking …" and resumes with "Resumed blocking …"', async () => {
    const { events, api, host } = renderScreen({ user: testUsers.admin });
    await events.click(within(await rowOf('List 1')).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(host.toasts).toEqual([success('Paused blocking List 1')]));
    expect(cellTexts(await rowOf('List 1'))[4]).toBe('PAUSED');
    await events.click(within(await rowOf('List 1')).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        success('Paused blocking List 1'),
        success('Resumed blocking List 1'),
      ]),
    );
    expect(
      api.calls.filter((call) => call.method === 'PUT').map(({ path, body }) => [path, body]),
    ).toEqual([
      ['/api/admin/dashboard/smartlead/blocked-lists/1', { isEnabled: false }],
      ['/api/admin/dashboard/smartlead/blocked-lists/1', { isEnabled: true }],
    ]);
  });

  it("shows the server's message when a pause is refused", async () => {
    const message = "Only admins and the profile's owner can pause this block list";
    const { events, host } = renderScreen({ with: { update: { status: 403, body: { message } } } });
    await events.click(within(await rowOf('List 1')).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: message, life: 3000 },
      ]),
    );
    expect(cellTexts(await rowOf('List 1'))[4]).toBe('SYNCED');
  });

  it('asks before deleting, says what stays in the platform; No keeps it, Yes deletes it with "Deleted …"', async () => {
    const { events, api, host } = renderScreen();
    await events.click(within(await rowOf('Competitors')).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Do you want to delete Competitors?');
    expect(confirm).toHaveTextContent(
      "What was already pushed stays in Instantly's block list: remove it there if it should be contacted again.",
    );
    await events.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await events.click(within(await rowOf('Competitors')).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog');
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/dashboard/smartlead/blocked-lists/2',
    ]);
    expect(host.toasts).toEqual([success('Deleted Competitors')]);
    expect(within(await table()).queryByText('Competitors')).not.toBeInTheDocument();
  });

  it('says the leads stay in the HeyReach list when deleting a heyreach block list', async () => {
    const heyReach: BlockList = blockListRow(5, {
      listName: 'Profiles',
      apiKey: { id: 13, platform: 'heyreach', description: 'HeyReach' },
    });
    const { events } = renderScreen({ with: { list: { body: [heyReach] } } });
    expect(cellTexts(await rowOf('Profiles'))[2]).toBe('Individual profileContact list');
    await events.click(within(await rowOf('Profiles')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The leads already added stay in their HeyReach list: remove them there if they should be contacted again.',
    );
  });
});
