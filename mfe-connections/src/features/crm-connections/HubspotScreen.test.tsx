import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, HubspotProfiles } from 'shared/contract';
import {
  createNamedFakeApi,
  integrationRow,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { assignLocation } from '../../lib/browser-location';
import { HubspotScreen } from './HubspotScreen';
import { profileRow } from './test-data';

jest.mock('../../lib/browser-location', () => ({ assignLocation: jest.fn() }));
const assignLocationMock = jest.mocked(assignLocation);
beforeEach(() => {
  assignLocationMock.mockReset();
  window.sessionStorage.clear();
});

const LOCATION = '/admin/dashboard/hubspot';
const AUTHORIZE_URL =
  'http://sandbox.test/hubspot/oauth/authorize?client_id=app&redirect_uri=http%3A%2F%2Flocalhost%2Foauth&state=signed';
const routes = {
  organization: 'GET /api/admin/organizations/integrations',
  authorize: 'GET /api/admin/hubspot/authorize-url',
  profiles: 'GET /api/admin/hubspot/profiles',
  check: 'POST /api/admin/hubspot/profiles/check-connected-account',
  remove: 'DELETE /api/admin/hubspot/profiles/{id}',
} as const;

// testUsers.user has id 3: profile 1 is theirs (the api lets them delete it), profile 2 a colleague's (it does not).
const own = profileRow(1, { email: 'me@acme.test', userId: 3, canDelete: true });
const colleague = profileRow(2, {
  email: 'colleague@acme.test',
  userId: 2,
  firstName: '',
  lastName: '',
  status: 'DISCONNECTED',
  organizationDomain: null,
  canDelete: false,
});
const defaultProfiles: HubspotProfiles = {
  auth0Profiles: [own],
  organizationProfiles: [colleague],
};

function renderScreen({
  user = testUsers.user,
  location = LOCATION,
  with: overrides = {},
}: {
  user?: CurrentUser;
  location?: string;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    organization: {
      body: [
        integrationRow(1, { ownerUserId: 3, ownerEmail: 'user@example.com' }),
        integrationRow(2, { ownerUserId: 2, ownerEmail: 'manager@example.com' }),
      ],
    },
    authorize: { body: { url: AUTHORIZE_URL } },
    profiles: { body: defaultProfiles },
    check: { body: { title: null, message: null } },
    remove: ({ params }) => ({ body: { id: Number(params.id) } }),
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<HubspotScreen />, { user, location, api }),
    events: userEvent.setup(),
  };
}

const rowOf = async (email: string) => {
  const cell = await screen.findByRole('cell', { name: email });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${email}`);
  return row;
};

describe('HubSpot connection screen', () => {
  it('lists the connected profiles and the organization profiles with their columns', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'HubSpot', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading HubSpot accounts…');
    const mine = await rowOf('me@acme.test');
    expect(
      within(screen.getByRole('table', { name: 'Connected profiles' }))
        .getAllByRole('columnheader')
        .slice(0, 7)
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Hub ID', 'Domain', 'Email', 'Name', 'Status', 'Connected']);
    const cells = within(mine)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '1',
      '4411',
      'acme.hubspot.test',
      'me@acme.test',
      'Ada Lovelace',
      'Connected',
    ]);
    expect(cells[6]).toMatch(/^Mar 7, 2024, \d\d:\d\d (AM|PM)$/);
    const theirs = within(screen.getByRole('table', { name: 'Organization profiles' }))
      .getByRole('cell', { name: 'colleague@acme.test' })
      .closest('tr') as HTMLElement;
    expect(
      within(theirs)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['2', '4411', '—', 'colleague@acme.test', '—', 'Disconnected']);
  });

  it("tells organization profiles apart by their owner's email, and the confirmation names whose account it is", async () => {
    const { events } = renderScreen({
      user: testUsers.admin,
      with: {
        profiles: {
          body: { auth0Profiles: [own], organizationProfiles: [{ ...colleague, canDelete: true }] },
        },
      },
    });
    const organization = await screen.findByRole('table', { name: 'Organization profiles' });
    expect(
      within(organization)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toContain('Owner');
    const theirs = within(organization)
      .getByRole('cell', { name: 'colleague@acme.test' })
      .closest('tr') as HTMLElement;
    expect(
      await within(theirs).findByRole('cell', { name: 'manager@example.com' }),
    ).toBeInTheDocument();
    await events.click(within(theirs).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      "Do you want to delete manager@example.com's HubSpot account colleague@acme.test (Hub ID 4411)?",
    );
  });

  it('says "Connected {account}" once, coming back from HubSpot\'s sign-in with a new profile', async () => {
    const first = renderScreen({
      with: { profiles: { body: { auth0Profiles: [], organizationProfiles: [] } } },
    });
    await screen.findByText('No HubSpot account connected yet');
    await first.events.click(screen.getByRole('button', { name: 'Sign in with HubSpot' }));
    await waitFor(() => expect(assignLocationMock).toHaveBeenCalledWith(AUTHORIZE_URL));
    first.unmount();
    const back = renderScreen();
    await waitFor(() =>
      expect(back.host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Connected me@acme.test', life: 3000 },
      ]),
    );
    back.unmount();
    const later = renderScreen();
    await rowOf('me@acme.test');
    expect(later.host.toasts).toEqual([]);
  });

  it('offers Delete only on the rows the api marks canDelete, and says who may delete the others', async () => {
    renderScreen();
    expect(
      within(await rowOf('me@acme.test')).getByRole('button', { name: 'Delete' }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('colleague@acme.test')).queryByRole('button', { name: 'Delete' }),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Organization profiles' })).getByText(
        'Profiles without Delete can be deleted only by their owner or an admin.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Connected profiles' })).queryByText(
        /Profiles without Delete/,
      ),
    ).not.toBeInTheDocument();
  });

  it("follows canDelete rather than the signed-in user: a colleague's row with canDelete gets Delete, an own row without it none", async () => {
    renderScreen({
      with: {
        profiles: {
          body: {
            auth0Profiles: [{ ...own, canDelete: false }],
            organizationProfiles: [{ ...colleague, canDelete: true }],
          },
        },
      },
    });
    expect(
      within(await rowOf('colleague@acme.test')).getByRole('button', { name: 'Delete' }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('me@acme.test')).queryByRole('button', { name: 'Delete' }),
    ).not.toBeInTheDocument();
  });

  it('shows an admin no Delete where the api says no (canDelete false)', async () => {
    renderScreen({ user: testUsers.admin });
    expect(
      within(await rowOf('colleague@acme.test')).queryByRole('button', { name: 'Delete' }),
    ).not.toBeInTheDocument();
    expect(
      within(await rowOf('me@acme.test')).getByRole('button', { name: 'Delete' }),
    ).toBeInTheDocument();
  });

  it("a deleted colleague's profile that canDelete allowed goes through DELETE and leaves the organization table", async () => {
    const { events, api } = renderScreen({
      user: testUsers.admin,
      with: {
        profiles: {
          body: { auth0Profiles: [own], organizationProfiles: [{ ...colleague, canDelete: true }] },
        },
      },
    });
    await events.click(
      within(await rowOf('colleague@acme.test')).getByRole('button', { name: 'Delete' }),
    );
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'colleague@acme.test' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/hubspot/profiles/2',
    ]);
  });

  it('says so when no account is connected and hides an empty organization table', async () => {
    renderScreen({ with: { profiles: { body: { auth0Profiles: [], organizationProfiles: [] } } } });
    expect(await screen.findByText('No HubSpot account connected yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Organization profiles' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with HubSpot' })).toBeInTheDocument();
  });

  it('"Sign in with HubSpot" reads the authorize URL and sends the browser there', async () => {
    const { events, api } = renderScreen();
    await events.click(screen.getByRole('button', { name: 'Sign in with HubSpot' }));
    await waitFor(() => expect(assignLocationMock).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(
      api.calls.filter((call) => call.path === '/api/admin/hubspot/authorize-url'),
    ).toHaveLength(1);
  });

  it('shows why the sign-in link could not be read', async () => {
    const { events, host } = renderScreen({
      with: { authorize: { status: 500, body: { message: 'HubSpot app is not configured' } } },
    });
    await events.click(screen.getByRole('button', { name: 'Sign in with HubSpot' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'HubSpot app is not configured',
          life: 3000,
        },
      ]),
    );
    expect(assignLocationMock).not.toHaveBeenCalled();
  });

  it('runs the connected-account check on entry and keeps its title and message as a persistent error', async () => {
    const { host, api } = renderScreen({
      with: {
        check: {
          body: {
            title: 'HubSpot account disconnected',
            message: 'Sign in with HubSpot again to reconnect.',
          },
        },
      },
    });
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'HubSpot account disconnected',
          detail: 'Sign in with HubSpot again to reconnect.',
          life: 0,
        },
      ]),
    );
    expect(api.calls.filter((call) => call.path.endsWith('check-connected-account'))).toHaveLength(
      1,
    );
  });

  it('shows nothing when the check finds every account working', async () => {
    const { host, api } = renderScreen();
    await rowOf('me@acme.test');
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.path.endsWith('check-connected-account')),
      ).toHaveLength(1),
    );
    expect(host.toasts).toEqual([]);
  });

  it('explains a denied or failed sign-in from ?error=, and Dismiss clears it from the address', async () => {
    const { events, host } = renderScreen({ location: `${LOCATION}?error=denied` });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The HubSpot account was not connected');
    expect(alert).toHaveTextContent('HubSpot access was denied: the account was not connected');
    await events.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(host.navigations).toEqual([LOCATION]);
  });

  it('asks before deleting; Yes deletes, says "Account deleted" and removes the row', async () => {
    const { events, api, host } = renderScreen();
    await events.click(within(await rowOf('me@acme.test')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Do you want to delete the HubSpot account me@acme.test (Hub ID 4411)?',
    );
    expect(within(confirm).getByRole('button', { name: 'No' })).toBeInTheDocument();
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/hubspot/profiles/1',
    ]);
    expect(host.toasts).toEqual([
      { severity: 'success', summary: 'Success', detail: 'Account deleted', life: 3000 },
    ]);
    expect(await screen.findByText('No HubSpot account connected yet')).toBeInTheDocument();
  });

  it('No keeps the profile', async () => {
    const { events, api } = renderScreen();
    await events.click(within(await rowOf('me@acme.test')).getByRole('button', { name: 'Delete' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(await rowOf('me@acme.test')).toBeInTheDocument();
  });

  it('shows a refused delete as an Error toast', async () => {
    const { events, host } = renderScreen({
      with: {
        remove: {
          status: 403,
          body: { message: 'Only the owner of this CRM profile or an admin can change it' },
        },
      },
    });
    await events.click(within(await rowOf('me@acme.test')).getByRole('button', { name: 'Delete' }));
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'Only the owner of this CRM profile or an admin can change it',
          life: 3000,
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await rowOf('me@acme.test')).toBeInTheDocument();
  });

  it('shows why the profiles could not be loaded while Sign in still works, and Retry loads them', async () => {
    let failures = 1;
    const { events } = renderScreen({
      with: {
        profiles: () =>
          failures-- > 0
            ? { status: 500, body: { message: 'Database is unavailable' } }
            : { body: defaultProfiles },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(screen.getByRole('button', { name: 'Sign in with HubSpot' })).toBeEnabled();
    await events.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('me@acme.test')).toBeInTheDocument();
  });

  it('hands a 401 to the host without toasts', async () => {
    const { host } = renderScreen({
      with: {
        profiles: { status: 401, body: { message: 'Unauthorized' } },
        check: { status: 401, body: { message: 'Unauthorized' } },
      },
    });
    await screen.findByRole('alert');
    await waitFor(() => expect(host.unauthorizedCount).toBe(2));
    expect(host.toasts).toEqual([]);
  });
});
