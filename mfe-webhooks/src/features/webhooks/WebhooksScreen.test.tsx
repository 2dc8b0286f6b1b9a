import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, Webhook, WebhookLists, WebhookPage } from 'shared/contract';
import {
  createNamedFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { salesforceProfile, webhookRow } from './table/test-data';
import { WebhooksScreen } from './WebhooksScreen';

const LOCATION = '/admin/dashboard/webhooks';
const routes = {
  list: 'GET /api/admin/webhooks/page',
  remove: 'DELETE /api/admin/webhooks/{id}',
  // the create section above the tables: no profiles ("You don't have any integrations!")
  integrations: 'GET /api/admin/users/integrations',
  register: 'POST /api/admin/webhooks/{id}/register-on-platform',
  backlog: 'GET /api/admin/crm-backlog',
} as const;

const own = webhookRow(1, {
  createOrUpdateCompany: true,
  assignContactOwner: true,
  smartleadBaseCategories: [
    { id: 3, name: 'Interested' },
    { id: 5, name: 'Meeting booked' },
  ],
  lastEvent: { id: 77, receivedAt: '2024-03-08T10:30:00.000Z', state: 'failed', isTest: false },
});
const salesforce = webhookRow(2, {
  user: salesforceProfile,
  emailService: 'instantly',
  ownerDetails: { firstName: 'Sam', lastName: 'Sales', email: 'sam@acme.test' },
  logType: 1,
  salesforceObjectType: 'Lead',
  createContactCustomProperties: true,
  salesforceCustomFieldObjects: ['Lead'],
  salesforceOnlyUpdate: true,
  objectLookupMethod: null,
});
// someone else's: the api lets an admin change it, not a manager
const theirs = (canManage: boolean) =>
  webhookRow(9, {
    ownerDetails: { firstName: 'Tess', lastName: 'Other', email: 'tess@acme.test' },
    addedBy: { id: 5, email: 'other@example.com' },
    canManage,
  });

/** The api's pages of the two tables from the lists: the own table, and other people's ("others"). */
const pagesOf =
  (lists: WebhookLists): FakeHandler =>
  ({ query }) => {
    const own = new Set(lists.webhooks.map((webhook) => webhook.id));
    const rows: Webhook[] =
      query.get('section') === 'own'
        ? lists.webhooks
        : lists.allWebhooks.filter((webhook) => !own.has(webhook.id));
    return { body: { page: 1, limit: 10, totalItems: rows.length, data: rows } };
  };

function renderScreen({
  user = testUsers.user,
  with: overrides = {},
}: {
  user?: CurrentUser;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const lists: WebhookLists = user.isManagerOrAdmin
    ? { webhooks: [own], allWebhooks: [own, theirs(user.isAdmin)] }
    : { webhooks: [own, salesforce], allWebhooks: [] };
  // the api forgets a deleted webhook: the pages read again leave it out
  const deleted = new Set<number>();
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    list: pagesOf(lists),
    integrations: { body: [] },
    backlog: { body: { accounts: [] } },
    remove: ({ params }) => {
      deleted.add(Number(params.id));
      return {
        body: {
          id: Number(params.id),
          ownerDetails: [own, salesforce, theirs(true)].find((row) => row.id === Number(params.id))
            ?.ownerDetails,
        },
      };
    },
    register: ({ params }) => {
      const row = [own, salesforce, theirs(true)].find(
        (candidate) => candidate.id === Number(params.id),
      )!;
      return {
        body: {
          platform: row.emailService,
          apiKeyId: 4,
          platformWebhookIds: ['84101'],
          registeredAt: '2024-03-09T08:00:00.000Z',
        },
      };
    },
    ...overrides,
  };
  const list = handlers.list;
  handlers.list = async (request) => {
    const answer = typeof list === 'function' ? await list(request) : list;
    if (answer.status !== undefined && answer.status !== 200) return answer;
    const page = answer.body as WebhookPage;
    const data = page.data.filter((webhook) => !deleted.has(webhook.id));
    return {
      body: { ...page, totalItems: page.totalItems - (page.data.length - data.length), data },
    };
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<WebhooksScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

type Events = ReturnType<typeof userEvent.setup>;
const table = (name: string) => screen.findByRole('table', { name });
const rowOf = async (id: number, tableName = 'Existing webhooks') =>
  within(await table(tableName)).getByRole('row', { name: `Webhook ${id}` });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);
const deleteCalls = (api: { calls: { method: string; path: string }[] }) =>
  api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path);

describe('Webhooks screen: the tables', () => {
  it('shows the heading and "Existing webhooks" with profile info, tags, category badges, the last event and the URL', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Loading webhooks…',
    );
    const row = await rowOf(1);
    expect(
      within(await table('Existing webhooks'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Owner',
      'Profile',
      'Tags',
      'Category-based filter',
      'Last event',
      'Webhook URL',
      'Actions',
    ]);
    const [ownerCell, profileCell, tagsCell, categoriesCell, lastEventCell, urlCell] =
      within(row).getAllByRole('cell');
    expect(ownerCell).toHaveTextContent('Olive Owner');
    expect(profileCell).toHaveTextContent('HUBSPOT - owner@acme.testSmartlead · Default Property');
    expect(
      within(tagsCell!)
        .getAllByText(/./)
        .map((tag) => tag.textContent),
    ).toEqual(['Create or update company', 'Assign contact owner']);
    expect(
      within(categoriesCell!)
        .getAllByText(/^ID: /)
        .map((badge) => badge.textContent),
    ).toEqual(['ID: 3 - Interested', 'ID: 5 - Meeting booked']);
    expect(lastEventCell).toHaveTextContent(/^ErrorMar 8, 2024, \d\d:30 (AM|PM)$/);
    expect(urlCell).toHaveTextContent('http://localhost:8080/webhooks/code-1');
    expect(buttonsOf(row)).toEqual([
      'Sync test',
      'Webhook Settings',
      'Copy URL',
      'Register on Smartlead',
      'Delete',
    ]);
    expect(screen.queryByRole('heading', { name: 'All webhooks' })).not.toBeInTheDocument();
  });

  it('shows a SALESFORCE webhook with its log type, object, "Custom {object} fields" and Update Only, and "No events yet"', async () => {
    renderScreen();
    const cells = cellsOf(await rowOf(2));
    expect(cells.slice(0, 5)).toEqual([
      'Sam Sales',
      'SALESFORCE - sf@acme.testInstantly · Task Object · Lead',
      'Custom Lead fieldsUpdate Only',
      '',
      'No events yet',
    ]);
  });

  it("shows the owner's details on hover", async () => {
    const { events } = renderScreen();
    await events.hover(within(await rowOf(1)).getByText('Olive Owner'));
    const details = await screen.findByLabelText("Details of Olive Owner's webhook");
    for (const text of [
      'ID1',
      'Hub ID4411',
      'Domainacme.hubspot.test',
      'Added byuser@example.com',
      'Profile hub ID4411',
      'Owner ID101',
      'Owner emailolive@acme.test',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(details).toHaveTextContent(/Created dateMar 7, 2024, \d\d:05 (AM|PM)/);
  });

  it("links the last event to the webhook's logs in History", async () => {
    const { events, host } = renderScreen();
    await events.click(
      within(await rowOf(1)).getByRole('link', {
        name: /^Logs of the webhook 1: last event .*, Error$/,
      }),
    );
    expect(host.navigations).toEqual(['/admin/dashboard/history/webhook-logs?webhookId=1']);
  });

  it('shows the welcome empty state when no webhook exists', async () => {
    renderScreen({ with: { list: pagesOf({ webhooks: [], allWebhooks: [] }) } });
    expect(await screen.findByText('Create a webhook to get started')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the webhook receiver')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'A platform sending events to the CRM through a webhook' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens the settings of the row ("Update Webhook HubSpot" for a HubSpot profile, "Update Webhook" for the others) and its Send Test Webhook dialog; the X closes them', async () => {
    const { events } = renderScreen();
    await events.click(within(await rowOf(2)).getByRole('button', { name: 'Webhook Settings' }));
    const generic = await screen.findByRole('dialog', { name: 'Update Webhook' });
    expect(within(generic).getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await events.click(within(generic).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(within(await rowOf(1)).getByRole('button', { name: 'Sync test' }));
    const testDialog = await screen.findByRole('dialog');
    expect(
      within(testDialog).getByRole('heading', { name: 'Send Test Webhook - Smartlead' }),
    ).toBeInTheDocument();
    await events.click(within(testDialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(within(await rowOf(1)).getByRole('button', { name: 'Webhook Settings' }));
    expect(
      await screen.findByRole('dialog', { name: 'Update Webhook HubSpot' }),
    ).toBeInTheDocument();
  });

  it('hands a 401 on loading webhooks to the host without a toast', async () => {
    const { host } = renderScreen({
      with: { list: { status: 401, body: { message: 'Unauthorized' } } },
    });
    await screen.findByRole('alert');
    expect(host.unauthorizedCount).toBe(1);
    expect(host.toasts).toEqual([]);
  });

  it('shows why the webhooks could not be loaded, and Retry loads them', async () => {
    let failures = 1;
    const { events } = renderScreen({
      with: {
        list: (request) =>
          failures-- > 0
            ? { status: 500, body: { message: 'Database is unavailable' } }
            : pagesOf({ webhooks: [own], allWebhooks: [] })(request),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The webhooks could not be loaded');
    expect(alert).toHaveTextContent('Database is unavailable');
    await events.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf(1)).toBeInTheDocument();
  });
});

describe('Webhooks screen: search, sort and pages (issue 56)', () => {
  it('asks the api for each table’s page: searched by URL, owner or platform, sorted, page after page', async () => {
    const queries: Record<string, string>[] = [];
    const { events } = renderScreen({
      user: testUsers.admin,
      with: {
        list: ({ query }) => {
          queries.push(Object.fromEntries(query));
          const rows = query.get('section') === 'own' ? [own] : [theirs(true)];
          return {
            body: { page: Number(query.get('page')), limit: 10, totalItems: 23, data: rows },
          };
        },
      },
    });
    await rowOf(9, 'All webhooks');
    expect(queries).toEqual([
      { section: 'own', sort: 'created', order: 'asc', page: '1' },
      { section: 'others', sort: 'created', order: 'asc', page: '1' },
    ]);
    const mine = screen.getByRole('region', { name: 'Existing webhooks' });
    expect(within(mine).getByText('Page 1 of 3 · 23 webhooks')).toBeInTheDocument();

    await events.click(within(mine).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ section: 'own', page: '2' }));
    expect(await within(mine).findByText('Page 2 of 3 · 23 webhooks')).toBeInTheDocument();

    const search = within(mine).getByRole('search', { name: 'Search Existing webhooks' });
    await events.type(within(search).getByRole('searchbox', { name: 'Search' }), 'HeyReach{Enter}');
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        section: 'own',
        sort: 'created',
        order: 'asc',
        page: '1',
        search: 'HeyReach',
      }),
    );
    await events.selectOptions(
      within(mine).getByRole('combobox', { name: 'Sort by' }),
      'Owner, Z to A',
    );
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        section: 'own',
        sort: 'owner',
        order: 'desc',
        page: '1',
        search: 'HeyReach',
      }),
    );
    // the other table keeps its own search, sort and page
    expect(queries.filter((query) => query.section === 'others')).toHaveLength(1);
  });

  it('says when a search finds nothing, and keeps the search to change', async () => {
    const { events } = renderScreen({
      with: {
        list: ({ query }) => {
          const rows = query.get('search') ? [] : [own];
          return { body: { page: 1, limit: 10, totalItems: rows.length, data: rows } };
        },
      },
    });
    await rowOf(1);
    await events.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByText('No webhook matches this search')).toBeInTheDocument();
    expect(screen.queryByText('Create a webhook to get started')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody');
  });
});

describe('Webhooks screen: roles (spec §6)', () => {
  it('lets a manager test any webhook of "All webhooks" (others\' only), not delete it, and says why its settings are read-only', async () => {
    const { events } = renderScreen({ user: testUsers.manager });
    expect(buttonsOf(await rowOf(1))).toEqual([
      'Sync test',
      'Webhook Settings',
      'Copy URL',
      'Register on Smartlead',
      'Delete',
    ]);
    // issue 56: "All webhooks" holds the other people's webhooks, the own one is not repeated
    expect(
      within(await table('All webhooks')).queryByRole('row', { name: 'Webhook 1' }),
    ).not.toBeInTheDocument();
    expect(buttonsOf(await rowOf(9, 'All webhooks'))).toEqual([
      'Sync test',
      'Webhook Settings',
      'Copy URL',
    ]);
    // spec §1-§2: a test can be sent to any webhook
    await events.click(
      within(await rowOf(9, 'All webhooks')).getByRole('button', { name: 'Sync test' }),
    );
    const test = await screen.findByRole('dialog', { name: 'Send Test Webhook - Smartlead' });
    expect(await within(test).findByRole('button', { name: 'Test Sync' })).toBeInTheDocument();
    await events.click(within(test).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.click(
      within(await rowOf(9, 'All webhooks')).getByRole('button', { name: 'Webhook Settings' }),
    );
    const settings = await screen.findByRole('dialog', { name: 'Update Webhook HubSpot' });
    expect(within(settings).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(
      within(settings).getByText('Only its owner or an admin can change this webhook.'),
    ).toBeInTheDocument();
  });

  it('lets an admin update and delete in "All webhooks"', async () => {
    const { events, api, host } = renderScreen({ user: testUsers.admin });
    expect(buttonsOf(await rowOf(9, 'All webhooks'))).toEqual([
      'Sync test',
      'Webhook Settings',
      'Copy URL',
      'Register on Smartlead',
      'Delete',
    ]);
    await events.click(
      within(await rowOf(9, 'All webhooks')).getByRole('button', { name: 'Delete' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent("Do you want to delete Tess Other's webhook?");
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCalls(api)).toEqual(['/api/admin/webhooks/9']);
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: "Deleted Tess Other's webhook.",
        life: 3000,
      },
    ]);
    // the only other person's webhook gone, "All webhooks" is not shown
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'All webhooks' })).not.toBeInTheDocument(),
    );
  });

  it('shows no "All webhooks" to a regular user', async () => {
    renderScreen();
    await rowOf(1);
    expect(screen.queryByRole('table', { name: 'All webhooks' })).not.toBeInTheDocument();
  });
});

describe('Webhooks screen: Register on {platform}', () => {
  const registerCalls = (api: { calls: { method: string; path: string; body?: unknown }[] }) =>
    api.calls
      .filter((call) => call.path.endsWith('/register-on-platform'))
      .map((call) => ({ path: call.path, body: call.body }));
  const listReads = (api: { calls: { method: string; path: string }[] }) =>
    api.calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/webhooks/page')
      .length;
  const registered = {
    ...own,
    platformRegistration: {
      registeredAt: '2024-03-08T09:15:00.000Z',
      platformWebhookIds: ['84100'],
    },
  };

  it("creates the webhook on the row's platform, says so, and reads the webhooks again", async () => {
    const { events, api, host } = renderScreen();
    await events.click(
      within(await rowOf(2)).getByRole('button', { name: 'Register on Instantly' }),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Registered the webhook on Instantly',
          life: 3000,
        },
      ]),
    );
    expect(registerCalls(api)).toEqual([
      { path: '/api/admin/webhooks/2/register-on-platform', body: { again: false } },
    ]);
    await waitFor(() => expect(listReads(api)).toBe(2));
  });

  it('shows where and when a webhook was registered, and asks before registering it again', async () => {
    const { events, api, host } = renderScreen({
      with: { list: pagesOf({ webhooks: [registered], allWebhooks: [] }) },
    });
    const row = await rowOf(1);
    expect(
      within(row).getByText('Registered on Smartlead, Mar 8, 2024, 09:15 AM'),
    ).toBeInTheDocument();
    expect(
      within(row).queryByRole('button', { name: 'Register on Smartlead' }),
    ).not.toBeInTheDocument();

    await events.click(within(row).getByRole('button', { name: 'Register again on Smartlead' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Register again' });
    expect(within(dialog).getByText('Register webhook 1 on Smartlead again?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'It was registered on Smartlead on Mar 8, 2024, 09:15 AM. Register it again only if its webhook was deleted on Smartlead: otherwise Smartlead sends every event twice.',
      ),
    ).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(registerCalls(api)).toEqual([]);

    await events.click(
      within(await rowOf(1)).getByRole('button', { name: 'Register again on Smartlead' }),
    );
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Register again' })).getByRole(
        'button',
        { name: 'Yes' },
      ),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Registered the webhook on Smartlead',
          life: 3000,
        },
      ]),
    );
    expect(registerCalls(api)).toEqual([
      { path: '/api/admin/webhooks/1/register-on-platform', body: { again: true } },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('reads the webhooks again when the server says the webhook is registered already', async () => {
    const message =
      'This webhook is registered on Smartlead already: registering it again makes Smartlead send every event twice';
    const { events, api, host } = renderScreen({
      with: { register: { status: 409, body: { message } } },
    });
    await events.click(
      within(await rowOf(1)).getByRole('button', { name: 'Register on Smartlead' }),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: message, life: 3000 },
      ]),
    );
    await waitFor(() => expect(listReads(api)).toBe(2));
  });

  it("shows the server's message when it cannot register (no API key for the platform)", async () => {
    const message =
      'There is no Smartlead API key to register this webhook with: add one for user@example.com on the API keys screen';
    const { events, host } = renderScreen({
      with: { register: { status: 400, body: { message } } },
    });
    await events.click(
      within(await rowOf(1)).getByRole('button', { name: 'Register on Smartlead' }),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: message, life: 3000 },
      ]),
    );
  });

  it('is not offered where the user may not change the webhook', async () => {
    renderScreen({ user: testUsers.manager });
    expect(
      within(await rowOf(9, 'All webhooks')).queryByRole('button', { name: /^Register on/ }),
    ).not.toBeInTheDocument();
  });
});

describe('Webhooks screen: Copy URL', () => {
  it('copies the URL and says "Copied webhook URL."', async () => {
    const { events, host } = renderScreen();
    await events.click(within(await rowOf(2)).getByRole('button', { name: 'Copy URL' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Copied webhook URL.', life: 3000 },
      ]),
    );
    expect(await navigator.clipboard.readText()).toBe('http://localhost:8080/webhooks/code-2');
  });

  it('only logs a clipboard failure', async () => {
    const { events, host } = renderScreen();
    const row = await rowOf(1);
    const failure = new Error('denied');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(failure);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await events.click(within(row).getByRole('button', { name: 'Copy URL' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The webhook URL could not be copied', failure),
    );
    expect(writeText).toHaveBeenCalledWith('http://localhost:8080/webhooks/code-1');
    expect(host.toasts).toEqual([]);
    warn.mockRestore();
  });
});

describe('Webhooks screen: delete', () => {
  async function askToDelete(events: Events, id: number) {
    await events.click(within(await rowOf(id)).getByRole('button', { name: 'Delete' }));
    return screen.findByRole('alertdialog');
  }

  it('asks first; No keeps the webhook, Yes deletes it, says so and removes the row', async () => {
    const { events, api, host } = renderScreen();
    let confirm = await askToDelete(events, 1);
    expect(confirm).toHaveTextContent("Do you want to delete Olive Owner's webhook?");
    await events.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCalls(api)).toEqual([]);

    confirm = await askToDelete(events, 1);
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCalls(api)).toEqual(['/api/admin/webhooks/1']);
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: "Deleted Olive Owner's webhook.",
        life: 3000,
      },
    ]);
    expect(
      within(await table('Existing webhooks')).queryByRole('row', { name: 'Webhook 1' }),
    ).not.toBeInTheDocument();
  });

  it('shows the server message of a failed delete and keeps the row', async () => {
    const { events, host } = renderScreen({
      with: {
        remove: {
          status: 403,
          body: { message: 'Only its owner or an admin can delete this webhook' },
        },
      },
    });
    await events.click(within(await askToDelete(events, 1)).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'Only its owner or an admin can delete this webhook',
          life: 3000,
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await rowOf(1)).toBeInTheDocument();
  });

  it('shows the welcome empty state once the last webhook is deleted', async () => {
    const { events } = renderScreen({
      with: { list: pagesOf({ webhooks: [own], allWebhooks: [] }) },
    });
    await events.click(within(await askToDelete(events, 1)).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Create a webhook to get started')).toBeInTheDocument();
  });
});
