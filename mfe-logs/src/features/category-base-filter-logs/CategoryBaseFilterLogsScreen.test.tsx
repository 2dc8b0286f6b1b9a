import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryBaseFilterLog } from 'shared/contract';
import { fakeLogPage, onePage } from '../../lib/log-list/test-pages';
import {
  createNamedFakeApi,
  renderWithHost,
  setIntersecting,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { CategoryBaseFilterLogsScreen } from './CategoryBaseFilterLogsScreen';

const LOCATION = '/admin/dashboard/history/category-base-filter-logs';
const routes = {
  list: 'GET /api/admin/category-base-filters',
  types: 'GET /api/admin/category-base-filters/types',
} as const;

const logRow = (
  id: number,
  overrides: Partial<CategoryBaseFilterLog> = {},
): CategoryBaseFilterLog => ({
  id,
  webhook_id: 3,
  webhook_url: 'http://localhost:8080/webhooks/code-3',
  webhook_event: 'LEAD_CATEGORY_UPDATED',
  campaign_id: '501',
  lead_id: `L${id}`,
  smartlead_base_categories: ['Interested', 'Meeting booked'],
  category_name: 'Interested',
  dto: {
    subject: 'Re: intro',
    to_email: `lead${id}@acme.test`,
    from_email: 'rep@seller.test',
    event_type: 'LEAD_CATEGORY_UPDATED',
  },
  created_at: '2024-03-08T10:30:00.000Z',
  sent_at: '2024-03-08T10:32:00.000Z',
  ...overrides,
});

function renderScreen({
  user = testUsers.user,
  location = LOCATION,
  totalItems = 2,
  with: overrides = {},
}: {
  user?: typeof testUsers.user;
  location?: string;
  totalItems?: number;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const listQueries: Record<string, string>[] = [];
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    list: ({ query }) => {
      listQueries.push(Object.fromEntries(query));
      return { body: fakeLogPage(query, totalItems, (id) => logRow(id)) };
    },
    types: { body: ['LEAD_CATEGORY_UPDATED', 'EMAIL_REPLY'] },
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<CategoryBaseFilterLogsScreen />, { user, location, api }),
    events: userEvent.setup(),
    listQueries,
  };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Category base filter logs' }))
    .getAllByRole('row')
    .slice(1);

describe('Category base filter logs screen', () => {
  it("shows each event with the spec's fields and whether it was sent or is held", async () => {
    renderScreen({
      with: {
        list: { body: onePage([logRow(1), logRow(2, { sent_at: null, category_name: null })], 2) },
      },
    });
    const rows = await dataRows();
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells[0]!.slice(0, 9)).toEqual([
      '3http://localhost:8080/webhooks/code-3',
      'LEAD_CATEGORY_UPDATED',
      '501',
      'L1',
      'Interested, Meeting booked',
      'Interested',
      'lead1@acme.test',
      'rep@seller.test',
      'Re: intro',
    ]);
    expect(cells[0]![9]).toMatch(/^Mar 8, 2024, \d\d:32 (AM|PM)$/);
    expect(cells[1]!.slice(5)).toEqual([
      '—',
      'lead2@acme.test',
      'rep@seller.test',
      'Re: intro',
      'Held',
    ]);
  });

  it('opens a held row in full on a click or Enter: every field, and Held', async () => {
    const { events } = renderScreen({
      with: {
        list: { body: onePage([logRow(1), logRow(2, { sent_at: null, category_name: null })], 2) },
      },
    });
    const rows = await dataRows();
    await events.click(rows[1]!);
    const drawer = await screen.findByRole('dialog', { name: 'Category base filter log 2' });
    expect(await within(drawer).findByText('Held', { selector: 'span' })).toBeInTheDocument();
    const facts = Object.fromEntries(
      Array.from(drawer.querySelectorAll('dt'), (label) => [
        label.textContent,
        label.nextElementSibling?.textContent,
      ]),
    );
    expect(facts).toEqual({
      Time: expect.stringMatching(/^Mar 8, 2024, \d\d:30 (AM|PM)$/),
      'Webhook ID': '3',
      'Webhook URL': 'http://localhost:8080/webhooks/code-3',
      'Event type': 'LEAD_CATEGORY_UPDATED',
      Campaign: '501',
      Lead: 'L2',
      'Filter categories': 'Interested, Meeting booked',
      'Lead category': '—',
      To: 'lead2@acme.test',
      From: 'rep@seller.test',
      Subject: 'Re: intro',
      Sent: 'Not yet: held',
    });
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => rows[0]!.focus());
    await events.keyboard('{Enter}');
    const sent = await screen.findByRole('dialog', { name: 'Category base filter log 1' });
    expect(await within(sent).findByText('Sent', { selector: 'span' })).toBeInTheDocument();
  });

  it.each([
    ['a regular user', testUsers.user],
    ['an admin', testUsers.admin],
  ])(
    'gives %s the event type, webhook, campaign, lead and webhook URL filters, sent from page 1 (ANY: no filter)',
    async (_, user) => {
      const { events, listQueries } = renderScreen({ user });
      await dataRows();
      const form = screen.getByRole('search', { name: 'Category base filter log filters' });
      expect(Array.from(form.querySelectorAll('label'), (label) => label.textContent)).toEqual([
        'Event type',
        'Webhook ID',
        'Campaign ID',
        'Lead ID',
        'Webhook URL',
      ]);
      await events.selectOptions(
        screen.getByRole('combobox', { name: 'Event type' }),
        'EMAIL_REPLY',
      );
      await events.type(screen.getByRole('textbox', { name: 'Webhook ID' }), '3');
      await events.type(screen.getByRole('searchbox', { name: 'Campaign ID' }), ' 501 ');
      await events.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(listQueries.at(-1)).toEqual({
          page: '1',
          eventType: 'EMAIL_REPLY',
          webhookId: '3',
          campaignId: '501',
        }),
      );
      await events.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'ANY');
      await events.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(listQueries.at(-1)).toEqual({ page: '1', webhookId: '3', campaignId: '501' }),
      );
    },
  );

  it('loads the next page when the sentinel shows, and stops when none remain', async () => {
    const { listQueries } = renderScreen({ totalItems: 21 });
    expect(await dataRows()).toHaveLength(20);
    act(() => void setIntersecting(screen.getByTestId('infinite-scroll-sentinel')));
    await waitFor(async () => expect(await dataRows()).toHaveLength(21));
    await waitFor(() =>
      expect(setIntersecting(screen.getByTestId('infinite-scroll-sentinel'))).toBe(false),
    );
    expect(listQueries.map((query) => query.page)).toEqual(['1', '2']);
  });

  it('says what will show when nothing was held yet', async () => {
    renderScreen({ totalItems: 0 });
    expect(await screen.findByText('No category base filter logs yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each event the category-based filter holds shows here, with what became of it: released, dropped or expired.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when nothing matches the filters', async () => {
    renderScreen({ location: `${LOCATION}?campaignId=4242`, totalItems: 0 });
    expect(
      await screen.findByText('No category base filter logs match these filters'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No category base filter logs yet')).not.toBeInTheDocument();
  });
});
