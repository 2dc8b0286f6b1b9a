import { screen, waitFor, within, act } from '@testing-library/react';
import { NEWER_ROWS_POLL_MS } from '../../lib/log-list/use-operation-infinite-query';
import { ESTIMATED_ROW_HEIGHT } from '../../lib/log-list/VirtualLogTable';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, WebhookLog } from 'shared/contract';
import {
  createNamedFakeApi,
  renderWithHost,
  setIntersecting,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { onePage } from '../../lib/log-list/test-pages';
import { webhookLogDetail, webhookLogPage, webhookLogRow } from './test-data';
import { WebhookLogsScreen } from './WebhookLogsScreen';

const LOCATION = '/admin/dashboard/history/webhook-logs';
const routes = {
  list: 'GET /api/admin/webhook-logs',
  types: 'GET /api/admin/webhook-logs/types',
  detail: 'GET /api/admin/webhook-logs/{id}',
  replay: 'POST /api/admin/webhook-logs/{id}/replay',
} as const;

function renderScreen({
  user = testUsers.user,
  location = LOCATION,
  totalItems = 3,
  with: overrides = {},
}: {
  user?: CurrentUser;
  location?: string;
  totalItems?: number;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  /** The query of every list call, in order. */
  const listQueries: Record<string, string>[] = [];
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    list: ({ query }) => {
      // the asks for newer rows (every 5 s) are tested apart
      if (!query.has('after')) listQueries.push(Object.fromEntries(query));
      return { body: webhookLogPage(query, totalItems) };
    },
    types: { body: ['EMAIL_SENT', 'EMAIL_REPLY'] },
    detail: ({ params }) => ({ body: webhookLogDetail(Number(params.id)) }),
    replay: ({ params }) => ({ body: { id: Number(params.id), processing: true, deliveries: 1 } }),
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<WebhookLogsScreen />, { user, location, api }),
    events: userEvent.setup(),
    listQueries,
  };
}

const table = () => screen.findByRole('table', { name: 'Webhook logs' });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
/** How many rows the list holds (rows are virtualised: only those near the view are drawn). */
const loadedRows = async () => Number((await table()).getAttribute('aria-rowcount')) - 1;
const filterLabels = () =>
  Array.from(
    screen.getByRole('search', { name: 'Webhook log filters' }).querySelectorAll('label'),
    (label) => label.textContent,
  );
const sentinel = () => screen.getByTestId('infinite-scroll-sentinel');

describe('Webhook logs screen', () => {
  it('shows the total and each event: time, user, webhook, event type, to, from, subject and Error or Success with its errors', async () => {
    renderScreen({
      with: {
        list: {
          body: onePage([
            webhookLogRow(1, {
              webhookLogResults: { errors: ['HubSpot: contact lookup failed'] },
              state: 'failed',
            }),
            webhookLogRow(2),
          ]),
        },
      },
    });
    expect(screen.getByRole('heading', { name: 'Webhook logs', level: 1 })).toBeInTheDocument();
    const rows = await dataRows();
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'User', 'Webhook', 'Event type', 'To', 'From', 'Subject', 'Status']);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^Mar 8, 2024, \d\d:30 (AM|PM)$/);
    expect(cells.slice(1)).toEqual([
      'user@example.com',
      '1',
      'EMAIL_SENT',
      'lead1@acme.test',
      'rep@seller.test',
      'Subject 1',
      'ErrorHubSpot: contact lookup failed',
    ]);
    expect(within(rows[1]!).getAllByRole('cell').at(-1)).toHaveTextContent(/^Success$/);
  });

  it('gives a regular user the email and event type filters (ANY first, then the types)', async () => {
    renderScreen();
    await table();
    expect(filterLabels()).toEqual(['Email', 'Event type', 'State']);
    const eventType = screen.getByRole('combobox', { name: 'Event type' });
    expect(
      within(eventType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ANY', 'EMAIL_SENT', 'EMAIL_REPLY']);
  });

  it.each([
    ['manager', testUsers.manager],
    ['admin', testUsers.admin],
  ])('gives a %s the user, webhook ID, URL and hub ID filters too (spec §6)', async (_, user) => {
    renderScreen({ user });
    await table();
    expect(filterLabels()).toEqual([
      'Email',
      'Event type',
      'State',
      'User',
      'Webhook ID',
      'Webhook URL',
      'Hub ID',
    ]);
  });

  it('searches with the email lowercased and trimmed, ANY as no filter, from page 1, and keeps the filters in the URL', async () => {
    const { events, listQueries, host } = renderScreen({ user: testUsers.manager });
    await table();
    await events.type(screen.getByRole('searchbox', { name: 'Email' }), '  Lead1@ACME.test ');
    await events.type(screen.getByRole('searchbox', { name: 'User' }), 'User@Example.com');
    await events.type(screen.getByRole('textbox', { name: 'Webhook ID' }), '1');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listQueries).toHaveLength(2));
    expect(listQueries[0]).toEqual({ page: '1' });
    expect(listQueries[1]).toEqual({
      page: '1',
      email: 'lead1@acme.test',
      userEmail: 'user@example.com',
      webhookId: '1',
    });
    expect(host.navigations.at(-1)).toBe(
      `${LOCATION}?email=Lead1%40ACME.test&userEmail=User%40Example.com&webhookId=1`,
    );

    await events.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'EMAIL_REPLY');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listQueries.at(-1)).toEqual({
        page: '1',
        email: 'lead1@acme.test',
        userEmail: 'user@example.com',
        webhookId: '1',
        eventType: 'EMAIL_REPLY',
      }),
    );
  });

  it('filters by state: Held lists the events the category-based filter holds, in amber, and stays in the URL', async () => {
    const hold = 'Held by the category-based filter: the lead has none of its categories yet';
    const states: (string | null)[] = [];
    const { events, host } = renderScreen({
      with: {
        list: ({ query }) => {
          states.push(query.get('state'));
          const held = webhookLogRow(7, { state: 'held', webhookLogResults: { errors: [hold] } });
          return { body: onePage(query.get('state') === 'held' ? [held] : [webhookLogRow(1)]) };
        },
      },
    });
    await table();
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All states',
      'Held',
      'Failed',
      'Processed',
      'Queued',
      'Waiting for its CRM',
      'Expired',
      'Refused',
      'Invalid',
    ]);
    await events.selectOptions(state, 'Held');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(states.at(-1)).toBe('held'));
    expect(states[0]).toBeNull();
    expect(host.navigations.at(-1)).toBe(`${LOCATION}?state=held`);
    const rows = await waitFor(async () => {
      const shown = await dataRows();
      expect(shown).toHaveLength(1);
      return shown;
    });
    const status = within(rows[0]!).getAllByRole('cell').at(-1)!;
    expect(status).toHaveTextContent(`Held${hold}`);
    expect(within(status).getByText('Held')).toHaveAttribute('data-palette', 'orange');
  });

  it("reads the webhook from ?webhookId= (the webhooks screen's link) and lets a regular user drop it", async () => {
    const { events, listQueries } = renderScreen({ location: `${LOCATION}?webhookId=5` });
    await table();
    expect(listQueries[0]).toEqual({ page: '1', webhookId: '5' });
    expect(screen.getByText('Webhook ID: 5')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Show every webhook' }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1' }));
    expect(screen.queryByText('Webhook ID: 5')).not.toBeInTheDocument();
  });

  it('loads the next page when the sentinel shows, while more remain (45 items: 3 pages)', async () => {
    const { listQueries } = renderScreen({ totalItems: 45 });
    expect(await dataRows()).toHaveLength(20);
    expect(screen.getByText('Total: 45')).toBeInTheDocument();
    act(() => void setIntersecting(sentinel()));
    await waitFor(async () => expect(await loadedRows()).toBe(40));
    await waitFor(() => expect(setIntersecting(sentinel(), false)).toBe(true));
    act(() => void setIntersecting(sentinel()));
    await waitFor(async () => expect(await loadedRows()).toBe(45));
    // each next page continues after the last row shown (the api's cursor), not at an offset
    expect(listQueries).toEqual([
      { page: '1' },
      { page: '2', before: '20' },
      { page: '3', before: '40' },
    ]);
    // nothing remains: the sentinel is no longer watched
    await waitFor(() => expect(setIntersecting(sentinel())).toBe(false));
  });

  it('starts again at page 1 on a new search', async () => {
    const { events, listQueries } = renderScreen({ totalItems: 45 });
    await dataRows();
    act(() => void setIntersecting(sentinel()));
    await waitFor(async () => expect(await loadedRows()).toBe(40));
    await events.type(screen.getByRole('searchbox', { name: 'Email' }), 'lead2@acme.test');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listQueries.at(-1)).toEqual({ page: '1', email: 'lead2@acme.test' }),
    );
    await waitFor(async () => expect(await loadedRows()).toBe(20));
  });

  it('says what will show when there is no log yet', async () => {
    renderScreen({ totalItems: 0 });
    expect(await screen.findByText('No webhook logs yet')).toBeInTheDocument();
    expect(
      screen.getByText('Each event a platform posts to a webhook shows here as it arrives.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when no log matches the filters', async () => {
    renderScreen({ location: `${LOCATION}?email=nobody%40acme.test`, totalItems: 0 });
    expect(await screen.findByText('No webhook logs match these filters')).toBeInTheDocument();
    expect(screen.queryByText('No webhook logs yet')).not.toBeInTheDocument();
  });

  it('counts only the filters a regular user has: a manager filter left in the URL filters nothing for them', async () => {
    renderScreen({ location: `${LOCATION}?hubId=4411`, totalItems: 0 });
    expect(await screen.findByText('No webhook logs yet')).toBeInTheDocument();
  });

  it('hands a 401 to the host (which goes to /unauthorized) without a toast', async () => {
    const { host } = renderScreen({
      with: { list: { status: 401, body: { message: 'Unauthorized' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The webhook logs could not be loaded',
    );
    expect(host.unauthorizedCount).toBe(1);
    expect(host.toasts).toEqual([]);
  });
});

describe('Webhook logs screen: what happened to an event', () => {
  const failed = webhookLogDetail(1, {
    state: 'failed',
    webhookLogResults: { errors: ['HubSpot: 500 Internal Server Error'] },
    deliveries: [
      {
        id: 8,
        url: 'https://hooks.partner.test/in',
        state: 'dead',
        attempts: 5,
        lastStatusCode: 503,
        lastError: 'Service Unavailable',
        nextAttemptAt: null,
        deliveredAt: null,
      },
    ],
    attempts: [
      {
        kind: 'process',
        deliveryId: null,
        attempt: 1,
        startedAt: '2024-03-08T10:30:01.000Z',
        durationMs: 120,
        statusCode: 500,
        answer: '{"status":"error"}',
        error: 'HubSpot: 500 Internal Server Error',
        outcome: 'failed',
      },
      {
        kind: 'forward',
        deliveryId: 8,
        attempt: 5,
        startedAt: '2024-03-08T10:40:00.000Z',
        durationMs: 30,
        statusCode: 503,
        answer: null,
        error: 'Service Unavailable',
        outcome: 'dead',
      },
    ],
  });

  it('opens the steps, deliveries and payload of a row; the owner replays it and sees what was set going', async () => {
    const { events, api } = renderScreen({ with: { detail: { body: failed } } });
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    await within(drawer).findByText('Received');
    expect(
      within(drawer).getAllByText('HubSpot: 500 Internal Server Error').length,
    ).toBeGreaterThan(0);
    const steps = within(drawer).getByRole('table', { name: 'Steps and attempts' });
    const stepCells = within(steps)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(stepCells).toEqual([
      [
        'Processing (attempt 1)',
        'failed (500)',
        '120 ms',
        '{"status":"error"}',
        'HubSpot: 500 Internal Server Error',
      ],
      [
        'Delivery to https://hooks.partner.test/in (attempt 5)',
        'dead (503)',
        '30 ms',
        '—',
        'Service Unavailable',
      ],
    ]);
    expect(
      within(within(drawer).getByRole('table', { name: 'Deliveries' })).getByText('dead'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/"to_email": "lead@acme.test"/)).toBeInTheDocument();

    await events.click(within(drawer).getByRole('button', { name: 'Replay' }));
    expect(
      await within(drawer).findByText(
        'Replay started: the event is being processed again and 1 delivery sent again.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/webhook-logs/1/replay',
    ]);
  });

  it("offers no Replay to a manager on someone else's event", async () => {
    const { events } = renderScreen({
      user: testUsers.manager,
      with: { detail: { body: failed } },
    });
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    await within(drawer).findByText('Received');
    expect(within(drawer).queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
  });

  it('offers no Replay to the owner on an event that succeeded', async () => {
    const { events } = renderScreen();
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    await within(drawer).findByText('Received');
    expect(within(drawer).getByText('Not processed yet.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
  });

  it("lists a processing run's steps: which record each wrote, what it skipped and why, what failed", async () => {
    const answer = JSON.stringify([
      { name: 'contact', ok: true, detail: 'updated 7000123 (by email)' },
      { name: 'company', ok: true, skipped: 'No company domain' },
      { name: 'task', ok: false, error: 'HubSpot refused the task' },
    ]);
    const processed = webhookLogDetail(1, {
      state: 'failed',
      webhookLogResults: { errors: ['task: HubSpot refused the task'] },
      attempts: [
        {
          kind: 'process',
          deliveryId: null,
          attempt: 1,
          startedAt: '2024-03-08T10:30:01.000Z',
          durationMs: 640,
          statusCode: null,
          answer,
          error: 'task: HubSpot refused the task',
          outcome: 'failed',
        },
      ],
    });
    const { events } = renderScreen({ with: { detail: { body: processed } } });
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    const steps = await within(drawer).findByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'contact: updated 7000123 (by email)',
      'company: skipped, No company domain',
      'task: failed',
    ]);
  });

  it('says a post that was no event will never be processed', async () => {
    const invalid = webhookLogDetail(1, {
      state: 'invalid',
      event: null,
      webhookLogResults: { errors: ['The body is not valid JSON'] },
      attempts: [],
    });
    const { events } = renderScreen({ with: { detail: { body: invalid } } });
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    expect(
      await within(drawer).findByText(
        'Not processed: the body is not an event (see the error above).',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).queryByText('Not processed yet.')).not.toBeInTheDocument();
  });

  it('shows a failed replay as an Error toast', async () => {
    const { events, host } = renderScreen({
      with: {
        detail: { body: failed },
        replay: { status: 400, body: { message: 'A test event cannot be replayed' } },
      },
    });
    await events.click((await dataRows())[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Event 1' });
    await events.click(await within(drawer).findByRole('button', { name: 'Replay' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        expect.objectContaining({
          severity: 'error',
          summary: 'Error',
          detail: 'A test event cannot be replayed',
        }),
      ]),
    );
  });
});

describe('Webhook logs screen: new events without a reload', () => {
  const setTabVisibility = (state: DocumentVisibilityState) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const later = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  // only the clocks are fake: the fake api's answers and React's scheduling go on as usual
  beforeEach(() =>
    jest.useFakeTimers({
      doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'performance'],
    }),
  );
  afterEach(() => {
    setTabVisibility('visible');
    jest.useRealTimers();
  });

  /** A fake list api over these rows (newest first): a page of 20 and, with `after`, the rows above it. */
  const listOf = (rows: () => WebhookLog[], listQueries: Record<string, string>[]) => ({
    list: ({ query }: { query: URLSearchParams }) => {
      listQueries.push(Object.fromEntries(query));
      const after = Number(query.get('after') ?? 0);
      const shown = rows().filter((row) => row.id > after);
      return {
        body: {
          ...onePage(shown.slice(0, 20), rows().length),
          nextCursor: shown.length > 20 ? (shown[19]?.id ?? null) : null,
        },
      };
    },
  });

  it('asks every 5 s for the events that arrived and puts them on top with the new total; a hidden tab waits', async () => {
    let rows = [webhookLogRow(3), webhookLogRow(2), webhookLogRow(1)];
    const listQueries: Record<string, string>[] = [];
    renderScreen({ with: listOf(() => rows, listQueries) });
    expect(await dataRows()).toHaveLength(3);
    await later(NEWER_ROWS_POLL_MS);
    // the first poll reads the first page again, then each reads again what the poll before it brought
    expect(listQueries).toEqual([{ page: '1' }, { page: '1', after: '1' }]);
    expect(await dataRows()).toHaveLength(3);

    rows = [
      webhookLogRow(101, {
        smartleadPayload: {
          path: null,
          payload: {
            subject: 'Just in',
            to_email: null,
            from_email: null,
            event_type: 'EMAIL_REPLY',
          },
        },
      }),
      ...rows,
    ];
    await later(NEWER_ROWS_POLL_MS);
    expect(listQueries.at(-1)).toEqual({ page: '1', after: '3' });
    expect(await screen.findByText('Total: 4')).toBeInTheDocument();
    const shown = await dataRows();
    expect(shown).toHaveLength(4);
    expect(within(shown[0]!).getByText('Just in')).toBeInTheDocument();

    setTabVisibility('hidden');
    const asked = listQueries.length;
    await later(NEWER_ROWS_POLL_MS * 4);
    expect(listQueries).toHaveLength(asked);
    setTabVisibility('visible');
    await waitFor(() => expect(listQueries.slice(asked)).toEqual([{ page: '1', after: '3' }]));
    await later(NEWER_ROWS_POLL_MS);
    expect(listQueries.at(-1)).toEqual({ page: '1', after: '101' });
  });

  it('shows an event that became visible after a newer one in its place, and the status of an event processed since', async () => {
    const received = webhookLogRow(3, { state: 'queued', placeInLine: 4 });
    let rows = [received, webhookLogRow(1)];
    renderScreen({ with: listOf(() => rows, []) });
    expect(
      (await dataRows()).map((row) => within(row).getAllByRole('cell')[6]?.textContent),
    ).toEqual(['Subject 3', 'Subject 1']);
    // not written yet: Waiting, with its place in its CRM account's line (issue 55)
    expect(within((await dataRows())[0]!).getByText('Waiting')).toBeInTheDocument();
    expect(within((await dataRows())[0]!).getByText('4 in line')).toBeInTheDocument();

    // event 2 took its id before event 3 and committed after it (PostgreSQL's concurrent intakes); event 3 failed
    rows = [
      {
        ...received,
        state: 'failed',
        webhookLogResults: { errors: ['HubSpot: 429 Too Many Requests'] },
      },
      webhookLogRow(2),
      webhookLogRow(1),
    ];
    await later(NEWER_ROWS_POLL_MS);
    await waitFor(async () =>
      expect(
        (await dataRows()).map((row) => within(row).getAllByRole('cell')[6]?.textContent),
      ).toEqual(['Subject 3', 'Subject 2', 'Subject 1']),
    );
    const [first] = await dataRows();
    expect(within(first!).getByText('Error')).toBeInTheDocument();
    expect(within(first!).queryByText('4 in line')).not.toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
  });

  it('reads the list again from the top when more than a page arrived', async () => {
    let top = 0;
    const listQueries: Record<string, string>[] = [];
    renderScreen({
      with: {
        list: ({ query }) => {
          listQueries.push(Object.fromEntries(query));
          if (query.has('after'))
            return { body: { ...onePage([webhookLogRow(500)], 60), nextCursor: 480 } };
          return { body: onePage([webhookLogRow(top + 1)], 60) };
        },
      },
    });
    await dataRows();
    top = 499;
    await later(NEWER_ROWS_POLL_MS);
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1' }));
    expect(await screen.findByText('Subject 500')).toBeInTheDocument();
  });
});

describe('Webhook logs screen: many rows', () => {
  const scrollWindowTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };
  afterEach(async () => {
    act(() => scrollWindowTo(0));
    // the virtualiser's "scrolling" state ends 150 ms after the last scroll
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  });

  it('keeps a row in its element while it stays in view, and gives the elements of rows scrolled away to the rows scrolled to', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => webhookLogRow(index + 1));
    renderScreen({ with: { list: { body: onePage(many) } } });
    const before = await dataRows();
    const tenth = screen.getByRole('row', { name: 'Webhook log 10' });

    act(() => scrollWindowTo(5 * ESTIMATED_ROW_HEIGHT));
    expect(await screen.findByRole('row', { name: 'Webhook log 30' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Webhook log 10' })).toBe(tenth);

    act(() => scrollWindowTo(5_000 * ESTIMATED_ROW_HEIGHT));
    expect(await screen.findByText('Subject 5001')).toBeInTheDocument();
    const scrolled = await dataRows();
    expect(before.every((element) => scrolled.includes(element))).toBe(true);
    expect(within(tenth).queryByText('Subject 10')).not.toBeInTheDocument();
  });

  it('keeps the focus on the focused row while it is in view, and never on another row once it is scrolled away', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => webhookLogRow(index + 1));
    renderScreen({ with: { list: { body: onePage(many) } } });
    await dataRows();
    act(() => screen.getByRole('row', { name: 'Webhook log 10' }).focus());

    act(() => scrollWindowTo(5 * ESTIMATED_ROW_HEIGHT));
    expect(await screen.findByRole('row', { name: 'Webhook log 30' })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName('Webhook log 10');

    act(() => scrollWindowTo(5_000 * ESTIMATED_ROW_HEIGHT));
    expect(await screen.findByText('Subject 5001')).toBeInTheDocument();
    const focused = document.activeElement;
    expect(
      focused instanceof HTMLTableRowElement ? focused.getAttribute('aria-label') : 'no row',
    ).toMatch(/^(Webhook log 10|no row)$/);
  });

  it('keeps the drawn rows few with 10,000 loaded, as a table that says how many rows it has, and draws those scrolled to', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => webhookLogRow(index + 1));
    renderScreen({ with: { list: { body: onePage(many) } } });
    expect(await loadedRows()).toBe(10_000);
    const drawn = await dataRows();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThanOrEqual(100);
    expect(drawn[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(drawn[0]!).getByText('Subject 1')).toBeInTheDocument();

    act(() => scrollWindowTo(5_000 * ESTIMATED_ROW_HEIGHT));
    expect(await screen.findByText('Subject 5001')).toBeInTheDocument();
    const scrolled = await dataRows();
    expect(scrolled.length).toBeLessThanOrEqual(100);
    expect(screen.queryByText('Subject 1')).not.toBeInTheDocument();
    expect(within(scrolled[0]!).getAllByRole('cell')).toHaveLength(8);
  });
});
