import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesforceSettingsCreate } from 'shared/contract';
import {
  createFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { assignLocation } from '../../lib/browser-location';
import { SalesforceScreen } from './SalesforceScreen';
import { settingsRow } from './test-data';

jest.mock('../../lib/browser-location', () => ({ assignLocation: jest.fn() }));
const assignLocationMock = jest.mocked(assignLocation);
beforeEach(() => {
  assignLocationMock.mockReset();
  window.sessionStorage.clear();
});

const LOCATION = '/admin/dashboard/salesforce';
const routes = {
  list: 'GET /api/admin/salesforce/profiles',
  check: 'POST /api/admin/salesforce/profiles/check-connected-account',
  create: 'POST /api/admin/salesforce/profiles',
  connect: 'GET /api/admin/salesforce/profiles/{id}',
  remove: 'DELETE /api/admin/salesforce/{id}',
} as const;

const saved = settingsRow(1, { connected: true, userProfileId: 5 });
const authorizeUrl = (id: string) =>
  `https://org${id}.my.salesforce.com/services/oauth2/authorize?response_type=code&prompt=login&client_id=key-${id}&redirect_uri=http%3A%2F%2Flocalhost%2Foauth%2Fsalesforce&state=signed`;

const createsSettings: FakeHandler = ({ body }) => {
  const sent = body as SalesforceSettingsCreate;
  return {
    status: 201,
    body: settingsRow(2, { domain: sent.domain, consumer_key: sent.consumer_key }),
  };
};

function renderScreen({
  location = LOCATION,
  with: overrides = {},
}: {
  location?: string;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    // the check's path also matches {id}: it comes first
    check: { body: { message: null } },
    list: { body: [saved] },
    create: createsSettings,
    connect: ({ params }) => ({
      body: {
        id: Number(params.id),
        domain: `https://org${params.id}.my.salesforce.com`,
        consumer_key: `key-${params.id}`,
        authorizeUrl: authorizeUrl(params.id),
      },
    }),
    remove: ({ params }) => ({ body: { id: Number(params.id) } }),
    ...overrides,
  };
  const order: (keyof typeof routes)[] = ['check', 'list', 'create', 'connect', 'remove'];
  const api = createFakeApi(
    Object.fromEntries(order.map((name) => [routes[name], handlers[name]])),
  );
  return {
    ...renderWithHost(<SalesforceScreen />, { user: testUsers.user, location, api }),
    events: userEvent.setup(),
  };
}

const form = () => screen.getByRole('form', { name: 'Add Salesforce settings' });
const rowOf = async (domain: string) => {
  const cell = await screen.findByRole('cell', { name: domain });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${domain}`);
  return row;
};
const warning = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});

async function fill(
  events: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Domain' | 'Consumer Key' | 'Consumer Secret', string>>,
) {
  for (const [label, text] of Object.entries(values))
    await events.type(within(form()).getByLabelText(label), text);
}

/** The screen's writes: its POSTs other than the connected-account check it runs on entry. */
const writes = (api: { calls: { method: string; path: string }[] }) =>
  api.calls.filter(
    (call) => call.method === 'POST' && !call.path.endsWith('/check-connected-account'),
  );

describe('Salesforce connection screen', () => {
  it('shows the form and the saved settings with Connect and Delete', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Salesforce', level: 1 })).toBeInTheDocument();
    for (const label of ['Domain', 'Consumer Key', 'Consumer Secret'])
      expect(within(form()).getByLabelText(label)).toBeInTheDocument();
    expect(within(form()).getByLabelText('Consumer Secret')).toHaveAttribute('type', 'password');
    const row = await rowOf('https://org1.my.salesforce.com');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      '1',
      'https://org1.my.salesforce.com',
      'key-1',
      'Connected',
    ]);
    expect(within(row).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('says "Domain is required", "Consumer key is required" and "Consumer secret is required" for blank (or only spaces) values', async () => {
    const { events, host, api } = renderScreen();
    const create = () => events.click(within(form()).getByRole('button', { name: 'Create' }));
    await create();
    await fill(events, { Domain: '   ' });
    await create();
    await fill(events, { Domain: 'acme.my.salesforce.com', 'Consumer Key': ' ' });
    await create();
    await fill(events, { 'Consumer Key': 'key' });
    await create();
    expect(host.toasts).toEqual([
      warning('Domain is required'),
      warning('Domain is required'),
      warning('Consumer key is required'),
      warning('Consumer secret is required'),
    ]);
    expect(writes(api)).toEqual([]);
  });

  it('creates settings with trimmed values and https:// added, adds the row and clears the form', async () => {
    const { events, api, host } = renderScreen();
    await rowOf('https://org1.my.salesforce.com');
    await fill(events, {
      Domain: ' acme.my.salesforce.com ',
      'Consumer Key': ' key-2 ',
      'Consumer Secret': ' secret ',
    });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    const row = await rowOf('https://acme.my.salesforce.com');
    expect(within(row).getByText('Not connected')).toBeInTheDocument();
    expect(writes(api)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/salesforce/profiles',
        body: {
          domain: 'https://acme.my.salesforce.com',
          consumer_key: 'key-2',
          consumer_secret: 'secret',
        },
      },
    ]);
    expect(within(form()).getByLabelText('Domain')).toHaveValue('');
    expect(within(form()).getByLabelText('Consumer Secret')).toHaveValue('');
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: 'Created Salesforce settings for acme.my.salesforce.com',
        life: 3000,
      },
    ]);
  });

  it("shows the server's message when it refuses the settings", async () => {
    const { events, host } = renderScreen({
      with: {
        create: {
          status: 400,
          body: { message: 'Domain must be a domain name such as acme.my.salesforce.com' },
        },
      },
    });
    await fill(events, { Domain: 'acme', 'Consumer Key': 'k', 'Consumer Secret': 's' });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'Domain must be a domain name such as acme.my.salesforce.com',
          life: 3000,
        },
      ]),
    );
    expect(within(form()).getByLabelText('Domain')).toHaveValue('acme');
  });

  it('Connect fetches the settings first, then sends the browser to the authorize URL', async () => {
    const { events, api } = renderScreen();
    await events.click(
      within(await rowOf('https://org1.my.salesforce.com')).getByRole('button', {
        name: 'Connect',
      }),
    );
    await waitFor(() => expect(assignLocationMock).toHaveBeenCalledWith(authorizeUrl('1')));
    expect(api.calls.filter((call) => call.path === '/api/admin/salesforce/profiles/1')).toEqual([
      { method: 'GET', path: '/api/admin/salesforce/profiles/1', body: undefined },
    ]);
  });

  it('says "Connected {account}" once, coming back from the sign-in Connect started', async () => {
    const first = renderScreen({ with: { list: { body: [settingsRow(1)] } } });
    await first.events.click(
      within(await rowOf('https://org1.my.salesforce.com')).getByRole('button', {
        name: 'Connect',
      }),
    );
    await waitFor(() => expect(assignLocationMock).toHaveBeenCalled());
    first.unmount();
    // Salesforce sends the browser back to the screen, the settings now connected
    const back = renderScreen();
    await waitFor(() =>
      expect(back.host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Connected org1.my.salesforce.com',
          life: 3000,
        },
      ]),
    );
    back.unmount();
    const later = renderScreen();
    await rowOf('https://org1.my.salesforce.com');
    expect(later.host.toasts).toEqual([]);
  });

  it('says nothing of a connection when the sign-in came back with an error', async () => {
    const first = renderScreen({ with: { list: { body: [settingsRow(1)] } } });
    await first.events.click(
      within(await rowOf('https://org1.my.salesforce.com')).getByRole('button', {
        name: 'Connect',
      }),
    );
    await waitFor(() => expect(assignLocationMock).toHaveBeenCalled());
    first.unmount();
    const back = renderScreen({
      location: `${LOCATION}?error=${encodeURIComponent('Salesforce access was denied: the account was not connected')}`,
    });
    await rowOf('https://org1.my.salesforce.com');
    expect(back.host.toasts).toEqual([]);
  });

  it('shows why Connect could not start', async () => {
    const { events, host } = renderScreen({
      with: {
        connect: {
          status: 403,
          body: { message: 'Only the owner of these Salesforce settings can connect with them' },
        },
      },
    });
    await events.click(
      within(await rowOf('https://org1.my.salesforce.com')).getByRole('button', {
        name: 'Connect',
      }),
    );
    await waitFor(() => expect(host.toasts).toHaveLength(1));
    expect(host.toasts[0].detail).toBe(
      'Only the owner of these Salesforce settings can connect with them',
    );
    expect(assignLocationMock).not.toHaveBeenCalled();
  });

  it('asks before deleting; Yes deletes, says so and removes the row', async () => {
    const { events, api, host } = renderScreen();
    await events.click(
      within(await rowOf('https://org1.my.salesforce.com')).getByRole('button', { name: 'Delete' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Do you want to delete the Salesforce settings of https://org1.my.salesforce.com?',
    );
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/salesforce/1',
    ]);
    expect(await screen.findByText('No Salesforce settings yet')).toBeInTheDocument();
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: 'Deleted Salesforce settings of org1.my.salesforce.com',
        life: 3000,
      },
    ]);
  });

  it('explains a failed sign-in from ?error=', async () => {
    renderScreen({ location: `${LOCATION}?error=badConsumerKey` });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The Salesforce account was not connected');
    expect(alert).toHaveTextContent(
      'Salesforce did not accept the consumer key: check the settings',
    );
  });

  it('names a profile Salesforce no longer accepts', async () => {
    renderScreen({
      with: {
        check: {
          body: {
            message:
              'Salesforce no longer accepts the sign-in of a@acme.test. Press Connect on its settings to reconnect.',
          },
        },
      },
    });
    expect(
      await screen.findByText(
        'Salesforce no longer accepts the sign-in of a@acme.test. Press Connect on its settings to reconnect.',
      ),
    ).toBeInTheDocument();
  });

  it('shows why the settings could not be loaded while the form still works', async () => {
    renderScreen({ with: { list: { status: 500, body: { message: 'Database is unavailable' } } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is unavailable');
    expect(form()).toBeInTheDocument();
  });
});
