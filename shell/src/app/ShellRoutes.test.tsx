import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testUsers } from 'shared/testing';
import { fakeRemoteModule, renderShell } from '../test/render-shell';
import type { RemoteLoader } from '../features/remotes/RemoteArea';

jest.mock('../features/remotes/federation', () => ({
  registerRuntimeRemotes: jest.fn(),
  loadRemoteApp: jest.fn(),
  registeredRemotes: () => [],
}));

const bannerText =
  'You are on a free plan, email support@crm-sync.example to upgrade and start syncing live data.';

describe('routes (spec §2 route table)', () => {
  it('shows the welcome page with SECURE LOGIN going to /auth/login', async () => {
    renderShell('/');
    expect(await screen.findByRole('link', { name: 'SECURE LOGIN' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(
      screen.getByText('Tracking outbound attribution of leads, meetings, deals and revenue'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@crm-sync.example',
    );
    expect(screen.getByText('© 2024 CRM Sync')).toBeInTheDocument();
  });

  it('shows "Unauthorized!" with a link to the main page', async () => {
    renderShell('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows "The Page Not Found" for an unknown path', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'The Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('dashboard shell', () => {
  it('loads the current user and shows nickname and email labelled Name and Email', async () => {
    const { api } = renderShell('/admin/dashboard/webhooks', { me: testUsers.admin });
    expect(await screen.findByTestId('user-email')).toHaveTextContent('admin@example.com');
    expect(screen.getByText('Name:')).toBeInTheDocument();
    expect(screen.getByText('Email:')).toBeInTheDocument();
    expect(screen.getByTestId('user-nickname')).toHaveTextContent('admin');
    expect(api.calls.some((call) => call.path === '/api/admin/me')).toBe(true);
  });

  it.each([
    ['admin', true],
    ['manager', true],
    ['user', false],
  ] as const)('navigation for %s shows Users: %s', async (who, showsUsers) => {
    renderShell('/admin/dashboard/webhooks', { me: testUsers[who] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of [
      'HubSpot',
      'Salesforce',
      'API keys',
      'Webhook endpoint',
      'Webhook receiver',
      'Block lists',
      'Webhooks',
      'Block Lists',
      'Category Base Filter',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Users' }) !== null).toBe(showsUsers);
    expect(within(nav).queryByRole('link', { name: 'Embedding' }) !== null).toBe(who === 'admin');
    expect(within(nav).queryByRole('link', { name: 'Releases' }) !== null).toBe(who === 'admin');
    expect(within(nav).getByText('Connected accounts')).toBeInTheDocument();
    expect(within(nav).getByText('History')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/oauth/logout',
    );
    expect(within(nav).getByRole('link', { name: 'Email support' })).toHaveAttribute(
      'href',
      'mailto:support@crm-sync.example',
    );
    expect(within(nav).getByRole('link', { name: 'Knowledge base' })).toHaveAttribute(
      'href',
      'https://docs.crm-sync.example',
    );
    expect(await within(nav).findByText('All systems operational')).toBeInTheDocument();
  });

  it("turns the status widget amber when a CRM account's backlog passes 5 minutes (issue 55)", async () => {
    renderShell('/admin/dashboard/webhooks', {
      me: testUsers.admin,
      api: {
        'GET /api/admin/crm-backlog': {
          body: { accounts: [{ userProfileId: 2, crm: 'HUBSPOT', waiting: 9000, minutes: 14 }] },
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('HubSpot backlog: about 14 min')).toBeInTheDocument();
  });

  it("turns the status widget amber when the data folder's disk has under 10 % free (issue 53)", async () => {
    renderShell('/admin/dashboard/webhooks', {
      me: testUsers.admin,
      api: {
        'GET /health': {
          body: { status: 'ok', database: 'up', queue: 'up', disk: { freePercent: 7 } },
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      await within(nav).findByText('Disk almost full: 7 % free on the data folder'),
    ).toBeInTheDocument();
  });

  it('keeps the status widget green with 10 % free', async () => {
    renderShell('/admin/dashboard/webhooks', {
      me: testUsers.admin,
      api: {
        'GET /health': {
          body: { status: 'ok', database: 'up', queue: 'up', disk: { freePercent: 10 } },
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('All systems operational')).toBeInTheDocument();
  });

  it('links each entry to its route', async () => {
    renderShell('/admin/dashboard/webhooks', { me: testUsers.admin });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/dashboard/users',
    );
    expect(within(nav).getByRole('link', { name: 'Category Base Filter' })).toHaveAttribute(
      'href',
      '/admin/dashboard/history/category-base-filter-logs',
    );
  });

  it('shows the upgrade banner to the free tier only', async () => {
    renderShell('/admin/dashboard/webhooks', { me: testUsers.user });
    expect(await screen.findByText(bannerText)).toBeInTheDocument();
  });

  it('hides the upgrade banner from the paid tier', async () => {
    renderShell('/admin/dashboard/webhooks', { me: testUsers.admin });
    await screen.findByTestId('user-email');
    expect(screen.queryByText(bannerText)).not.toBeInTheDocument();
  });

  it('sends a 401 to /unauthorized', async () => {
    renderShell('/admin/dashboard/users', {
      me: { status: 401, body: { message: 'Sign in to continue' } },
    });
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/unauthorized');
  });

  it('offers a retry when the current user cannot be loaded', async () => {
    renderShell('/admin/dashboard/users', { me: { status: 503, body: { message: 'Down' } } });
    expect(await screen.findByText('Could not load your account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('remote areas', () => {
  it('renders the route through its remote with the current location', async () => {
    renderShell('/admin/dashboard/users', { me: testUsers.admin });
    expect(
      await screen.findByText('mfe_connections at /admin/dashboard/users'),
    ).toBeInTheDocument();
  });

  it('shows a fallback in the failed area only, and Retry loads it without a reload', async () => {
    // React reports the caught load failure on console.error; here that is the expected outcome.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
    let available = false;
    const load: RemoteLoader = async (name, retry) => {
      if (!available) throw new Error(`${name} is down`);
      expect(retry).toBe(true);
      return fakeRemoteModule(name);
    };
    renderShell('/admin/dashboard/users', { me: testUsers.admin, loadRemote: load });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Connections is unavailable right now')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Press Retry in a moment. If it keeps failing, use Email support in the menu.',
      ),
    ).toBeInTheDocument();
    // the runtime's message is for the console, not for the person
    expect(within(alert).queryByText(/is down/)).not.toBeInTheDocument();
    expect(reported).toHaveBeenCalledWith(
      'Connections could not be loaded:',
      expect.objectContaining({ message: 'mfe_connections is down' }),
    );
    // the rest of the dashboard still works
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    available = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('mfe_connections at /admin/dashboard/users'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a remote built for a newer host contract with "Webhooks needs a newer dashboard", and renders one that fits', async () => {
    const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
    const load: RemoteLoader = async (name) => ({
      ...fakeRemoteModule(name),
      hostContractRange: name === 'mfe_webhooks' ? '^2.0.0' : '^1.0.0',
    });
    renderShell('/admin/dashboard/webhooks', { me: testUsers.admin, loadRemote: load });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Webhooks needs a newer dashboard')).toBeInTheDocument();
    expect(screen.queryByText(/mfe_webhooks at/)).not.toBeInTheDocument();
    expect(reported).toHaveBeenCalledWith(
      'Webhooks could not be loaded:',
      expect.objectContaining({
        message: 'mfe_webhooks needs host contract ^2.0.0; this dashboard gives 1.0.0',
      }),
    );
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Users' }),
    );
    expect(
      await screen.findByText('mfe_connections at /admin/dashboard/users'),
    ).toBeInTheDocument();
  });

  it('names the area in the tab title', async () => {
    renderShell('/admin/dashboard/api-keys', { me: testUsers.admin });
    await screen.findByText('mfe_connections at /admin/dashboard/api-keys');
    expect(document.title).toBe('API keys · CRM Sync');
  });

  it('moves between areas of different remotes', async () => {
    renderShell('/admin/dashboard/users', { me: testUsers.admin });
    await screen.findByText('mfe_connections at /admin/dashboard/users');
    await userEvent.click(screen.getByRole('link', { name: 'Block lists' }));
    expect(
      await screen.findByText('mfe_blocklists at /admin/dashboard/smartlead-block-lists'),
    ).toBeInTheDocument();
  });
});
