import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockList, BlockListLog } from 'shared/contract';
import { fakeLogPage, onePage } from '../../lib/log-list/test-pages';
import {
  blockListRow,
  createNamedFakeApi,
  renderWithHost,
  setIntersecting,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { BlockListLogsScreen } from './BlockListLogsScreen';

const LOCATION = '/admin/dashboard/history/block-list-logs';
const routes = {
  history: 'GET /api/admin/dashboard/smartlead/blocked-lists/history',
  blockLists: 'GET /api/admin/dashboard/smartlead/blocked-lists',
} as const;

const blockList = (id: number, listName: string): BlockList =>
  blockListRow(id, { listId: `${id}00`, listName, status: 'ACTIVE' });

const logRow = (id: number, overrides: Partial<BlockListLog> = {}): BlockListLog => ({
  id,
  blockListId: 7,
  syncBlockList: { id: 7, listName: 'Customers', blockType: 'ADDRESS', isEnabled: true },
  entity: `lead${id}@acme.test`,
  entityDetails: {},
  syncedAt: '2024-03-08T10:31:00.000Z',
  lastError: null,
  createdAt: '2024-03-08T10:30:00.000Z',
  ...overrides,
});

function renderScreen({
  location = LOCATION,
  totalItems = 2,
  with: overrides = {},
}: {
  location?: string;
  totalItems?: number;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const historyQueries: Record<string, string>[] = [];
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    history: ({ query }) => {
      historyQueries.push(Object.fromEntries(query));
      return { body: fakeLogPage(query, totalItems, (id) => logRow(id)) };
    },
    blockLists: { body: [blockList(7, 'Customers'), blockList(8, 'Competitors')] },
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<BlockListLogsScreen />, { user: testUsers.user, location, api }),
    events: userEvent.setup(),
    historyQueries,
  };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Block list logs' }))
    .getAllByRole('row')
    .slice(1);

describe('Block list logs screen', () => {
  it('shows each sync: the list, its type and state, what was synced, and the error', async () => {
    renderScreen({
      with: {
        history: {
          body: onePage([
            logRow(1),
            logRow(2, {
              syncedAt: null,
              lastError: 'Smartlead: rate limited',
              syncBlockList: {
                id: 8,
                listName: 'Competitors',
                blockType: 'DOMAIN',
                isEnabled: false,
              },
              entity: 'rival.test',
            }),
          ]),
        },
      },
    });
    const rows = await dataRows();
    expect(screen.getByRole('heading', { name: 'Block list logs', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Customers',
      'ADDRESS',
      'Yes',
      expect.stringMatching(/^lead1@acme\.testMar 8, 2024, \d\d:31 (AM|PM)$/),
      'Synced',
      '—',
    ]);
    expect(cells[1]).toEqual([
      'Competitors',
      'DOMAIN',
      'No',
      'rival.testNot synced',
      'Error',
      'Smartlead: rate limited',
    ]);
  });

  it('says what the sync did with each entry, names a run by what started it with its counts, and marks a member that left the CRM list', async () => {
    const note = 'Left the CRM list; removed from the platform by the sync';
    renderScreen({
      with: {
        history: {
          body: onePage([
            logRow(1, {
              entity: 'customers',
              entityDetails: {
                action: 'run',
                reason: 'sync-now',
                members: 3,
                entries: 3,
                pushed: 2,
                refused: 0,
                removed: 1,
                removedFromPlatform: 1,
              },
            }),
            logRow(2, {
              entityDetails: { action: 'pushed', platform: 'smartlead', recordId: '7' },
            }),
            logRow(3, {
              entityDetails: { action: 'pushed', platform: 'heyreach', alreadyInPlatform: true },
            }),
            logRow(4, {
              syncedAt: null,
              entityDetails: { action: 'removed-from-crm-list', platform: 'smartlead', note },
            }),
          ]),
        },
      },
      totalItems: 4,
    });
    const rows = await dataRows();
    const synced = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(synced.map((cells) => [cells[4], cells[5]])).toEqual([
      [
        'Sync now3 in the CRM list: 2 pushed, 0 not synced, 1 left the list, 1 removed from the platform',
        'Synced',
      ],
      ['lead2@acme.testPushed to Smartlead', 'Synced'],
      ["lead3@acme.testAlready in HeyReach's block list", 'Synced'],
      [`lead4@acme.test${note}`, 'Left list'],
    ]);
  });

  it('opens a row in full on a click: every field, and the whole error', async () => {
    const error = 'Smartlead: rate limited, retry after 60 s; 3 entries waiting for the next sync';
    const { events } = renderScreen({
      with: {
        history: {
          body: onePage([
            logRow(1),
            logRow(2, {
              syncedAt: null,
              lastError: error,
              entityDetails: { action: 'refused', platform: 'smartlead' },
            }),
          ]),
        },
      },
    });
    await events.click((await dataRows())[1]!);
    const drawer = await screen.findByRole('dialog', { name: 'Block list log 2' });
    expect(await within(drawer).findByText('Error', { selector: 'span' })).toBeInTheDocument();
    const facts = Object.fromEntries(
      Array.from(drawer.querySelectorAll('dt'), (label) => [
        label.textContent,
        label.nextElementSibling?.textContent,
      ]),
    );
    expect(facts).toEqual({
      Time: expect.stringMatching(/^Mar 8, 2024, \d\d:30 (AM|PM)$/),
      'Block list': 'Customers',
      'Block list ID': '7',
      Type: 'ADDRESS',
      Enabled: 'Yes',
      Entry: 'lead2@acme.test',
      'What happened': 'Refused by Smartlead',
      Synced: 'Not synced',
    });
    expect(within(drawer).getByText(error)).toBeInTheDocument();
  });

  it('opens a row with Enter and closes it with Escape, back on the row', async () => {
    const { events } = renderScreen();
    const row = (await dataRows())[0]!;
    act(() => row.focus());
    await events.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Block list log 1' });
    expect(await within(drawer).findByText('Synced', { selector: 'span' })).toBeInTheDocument();
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(row).toHaveFocus();
  });

  it('filters by email (lowercased and trimmed) and block list, from page 1', async () => {
    const { events, historyQueries, host } = renderScreen();
    await dataRows();
    const selector = screen.getByRole('combobox', { name: 'Block list' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All block lists', 'Customers', 'Competitors']);
    await events.type(screen.getByRole('searchbox', { name: 'Email' }), ' Lead1@ACME.test ');
    await events.selectOptions(selector, 'Competitors');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(historyQueries.at(-1)).toEqual({
        page: '1',
        email: 'lead1@acme.test',
        'block-list-id': '8',
      }),
    );
    expect(host.navigations.at(-1)).toBe(`${LOCATION}?email=Lead1%40ACME.test&blockListId=8`);
  });

  it('loads the next page when the sentinel shows', async () => {
    const { historyQueries } = renderScreen({ totalItems: 25 });
    expect(await dataRows()).toHaveLength(20);
    act(() => void setIntersecting(screen.getByTestId('infinite-scroll-sentinel')));
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    expect(historyQueries.map((query) => query.page)).toEqual(['1', '2']);
  });

  it('says so when nothing was synced yet', async () => {
    renderScreen({ totalItems: 0 });
    expect(await screen.findByText('No block list logs yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each entry a block list sync sends to a platform shows here, with any error.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No block list logs match these filters')).not.toBeInTheDocument();
  });

  it('says the filters match nothing when they filter', async () => {
    renderScreen({ location: `${LOCATION}?email=nobody%40acme.test`, totalItems: 0 });
    expect(await screen.findByText('No block list logs match these filters')).toBeInTheDocument();
    expect(screen.queryByText('No block list logs yet')).not.toBeInTheDocument();
  });

  it('hands a 401 to the host without a toast', async () => {
    const { host } = renderScreen({
      with: { history: { status: 401, body: { message: 'Unauthorized' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The block list logs could not be loaded',
    );
    expect(host.unauthorizedCount).toBeGreaterThanOrEqual(1);
    expect(host.toasts).toEqual([]);
  });
});
