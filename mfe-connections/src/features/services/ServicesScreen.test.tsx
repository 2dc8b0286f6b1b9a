import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, UserAccount } from 'shared/contract';
import {
  createNamedFakeApi,
  integrationRow,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { ServicesScreen } from './ServicesScreen';

const LOCATION = '/admin/dashboard/services';
const routes = {
  integrations: 'GET /api/admin/users/integrations',
  list: 'GET /api/admin/user-accounts',
  create: 'POST /api/admin/user-accounts',
  remove: 'DELETE /api/admin/user-accounts/{id}',
  secret: 'GET /api/admin/user-accounts/{id}/secret',
} as const;

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const mine: UserAccount = {
  id: 1,
  url: 'https://hooks.example.test/mine',
  description: 'Mirror',
  canDelete: true,
  canRevealSecret: true,
  userProfileId: 7,
};
const theirs: UserAccount = {
  id: 2,
  url: 'https://hooks.example.test/theirs',
  description: 'Theirs',
  canDelete: false,
  canRevealSecret: false,
  userProfileId: 9,
};
const PROFILE = 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test';

const createsAccount: FakeHandler = ({ body }) => ({
  body: { id: 30, canDelete: true, canRevealSecret: true, ...(body as object) },
});

function renderScreen({
  user = testUsers.user,
  with: overrides = {},
}: {
  user?: CurrentUser;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    integrations: { body: [integrationRow(7)] },
    list: { body: [mine, theirs] },
    create: createsAccount,
    remove: ({ params }) => ({ body: { id: Number(params.id) } }),
    secret: { body: { secret: SECRET } },
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<ServicesScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

const form = () => screen.getByRole('form', { name: 'Add a webhook endpoint' });
const rowOf = async (url: string) => {
  const cell = await screen.findByRole('cell', { name: url });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${url}`);
  return row;
};
const warning = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});

describe('Webhook endpoint screen', () => {
  it('shows the heading, the form and the table ID, URL, description', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Webhook endpoint', level: 1 })).toBeInTheDocument();
    const row = await rowOf('https://hooks.example.test/mine');
    expect(
      screen
        .getAllByRole('columnheader')
        .slice(0, 3)
        .map((header) => header.textContent),
    ).toEqual(['ID', 'URL', 'Description']);
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'https://hooks.example.test/mine', 'Mirror']);
    expect(await screen.findByRole('form', { name: 'Add a webhook endpoint' })).toBeInTheDocument();
    for (const label of ['Profile', 'Webhook URL', 'Description'])
      expect(within(form()).getByLabelText(label)).toBeInTheDocument();
  });

  it('offers delete only where canDelete', async () => {
    renderScreen({ user: testUsers.admin });
    expect(
      within(await rowOf('https://hooks.example.test/mine')).getByRole('button', {
        name: 'Delete',
      }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('https://hooks.example.test/theirs')).queryByRole('button', {
        name: 'Delete',
      }),
    ).not.toBeInTheDocument();
  });

  it('says "No webhook endpoints yet" when there are none', async () => {
    renderScreen({ with: { list: { body: [] } } });
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "You don\'t have any integrations!" without profiles', async () => {
    renderScreen({ with: { integrations: { body: [] } } });
    expect(await screen.findByText("You don't have any integrations!")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a webhook endpoint' })).not.toBeInTheDocument();
  });

  it('shows "Select Profile", "Fill URL", "Fill Description" and "Your webhook URL is not accepting data" as Validation warnings', async () => {
    const { events, host, api } = renderScreen();
    await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    const create = () => events.click(within(form()).getByRole('button', { name: 'Create' }));
    await create();
    await events.selectOptions(within(form()).getByLabelText('Profile'), PROFILE);
    await create();
    await events.type(within(form()).getByLabelText('Webhook URL'), 'hooks.example.test');
    await create();
    await events.type(within(form()).getByLabelText('Description'), 'Mirror');
    await create();
    expect(host.toasts).toEqual([
      warning('Select Profile'),
      warning('Fill URL'),
      warning('Fill Description'),
      warning('Your webhook URL is not accepting data'),
    ]);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates an endpoint with the trimmed values, adds its row and keeps the profile', async () => {
    const { events, api, host } = renderScreen();
    await rowOf('https://hooks.example.test/mine');
    await events.selectOptions(within(form()).getByLabelText('Profile'), PROFILE);
    await events.type(
      within(form()).getByLabelText('Webhook URL'),
      ' https://hooks.example.test/new ',
    );
    await events.type(within(form()).getByLabelText('Description'), 'New');
    await events.click(within(form()).getByRole('button', { name: 'Create' }));

    expect(await rowOf('https://hooks.example.test/new')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/admin/user-accounts',
        body: { userProfileId: 7, url: 'https://hooks.example.test/new', description: 'New' },
      },
    ]);
    expect(within(form()).getByLabelText('Webhook URL')).toHaveValue('');
    expect(within(form()).getByLabelText('Profile')).toHaveValue('7');
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: 'Created webhook endpoint https://hooks.example.test/new',
        life: 3000,
      },
    ]);
  });

  it('shows the server message of a refused create, and "Something went wrong" when there is none or no answer at all', async () => {
    const answers: FakeResponse[] = [
      { status: 403, body: { message: 'You need the canUserAccount approval' } },
      { status: 500, body: { message: '' } },
    ];
    const { events, host } = renderScreen({
      with: {
        create: () => {
          const answer = answers.shift();
          if (!answer) throw new TypeError('Failed to fetch');
          return answer;
        },
      },
    });
    await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await events.selectOptions(within(form()).getByLabelText('Profile'), PROFILE);
    await events.type(
      within(form()).getByLabelText('Webhook URL'),
      'https://hooks.example.test/new',
    );
    await events.type(within(form()).getByLabelText('Description'), 'New');
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(host.toasts).toHaveLength(1));
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(host.toasts).toHaveLength(2));
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(host.toasts).toHaveLength(3));
    expect(host.toasts).toEqual([
      {
        severity: 'error',
        summary: 'Error',
        detail: 'You need the canUserAccount approval',
        life: 3000,
      },
      { severity: 'error', summary: 'Error', detail: 'Something went wrong', life: 3000 },
      { severity: 'error', summary: 'Error', detail: 'Something went wrong', life: 3000 },
    ]);
    expect(within(form()).getByLabelText('Webhook URL')).toHaveValue(
      'https://hooks.example.test/new',
    );
  });

  it('asks before deleting; Yes deletes, says so and removes the row', async () => {
    const { events, api, host } = renderScreen();
    await events.click(
      within(await rowOf('https://hooks.example.test/mine')).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Do you want to delete the endpoint https://hooks.example.test/mine?',
    );
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/user-accounts/1',
    ]);
    expect(
      screen.queryByRole('cell', { name: 'https://hooks.example.test/mine' }),
    ).not.toBeInTheDocument();
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: 'Deleted webhook endpoint https://hooks.example.test/mine',
        life: 3000,
      },
    ]);
  });

  it('No keeps the endpoint', async () => {
    const { events, api } = renderScreen();
    await events.click(
      within(await rowOf('https://hooks.example.test/mine')).getByRole('button', {
        name: 'Delete',
      }),
    );
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(await rowOf('https://hooks.example.test/mine')).toBeInTheDocument();
  });

  it('shows why the endpoints could not be loaded while the form still works, and Retry loads them', async () => {
    let failures = 1;
    const { events } = renderScreen({
      with: {
        list: () =>
          failures-- > 0
            ? { status: 500, body: { message: 'Database is unavailable' } }
            : { body: [mine] },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(await screen.findByRole('form', { name: 'Add a webhook endpoint' })).toBeInTheDocument();
    await events.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('https://hooks.example.test/mine')).toBeInTheDocument();
  });

  it('hands a 401 to the host without a toast', async () => {
    const { host } = renderScreen({
      with: { list: { status: 401, body: { message: 'Unauthorized' } } },
    });
    await screen.findByRole('alert');
    expect(host.unauthorizedCount).toBe(1);
    expect(host.toasts).toEqual([]);
  });
  describe('signing secrets', () => {
    const secretCalls = (api: { calls: { method: string; path: string }[] }) =>
      api.calls
        .filter((call) => call.method === 'GET' && call.path.endsWith('/secret'))
        .map((call) => call.path);
    const openSecret = async (events: ReturnType<typeof userEvent.setup>, url: string) => {
      await events.click(within(await rowOf(url)).getByRole('button', { name: 'Signing secret' }));
      return screen.findByRole('dialog', { name: 'Signing secret' });
    };

    it('asks for the secret only when its dialog opens, masks it until Show, copies it, and says how to verify', async () => {
      const { events, api, host } = renderScreen();
      await rowOf('https://hooks.example.test/mine');
      expect(secretCalls(api)).toEqual([]);

      const dialog = await openSecret(events, 'https://hooks.example.test/mine');
      expect(dialog).toHaveTextContent('https://hooks.example.test/mine');
      const field = await within(dialog).findByLabelText('Signing secret');
      expect(field).toHaveValue(SECRET);
      expect(field).toHaveAttribute('type', 'password');
      expect(secretCalls(api)).toEqual(['/api/admin/user-accounts/1/secret']);
      expect(dialog).toHaveTextContent(
        'signed with Standard Webhooks headers: webhook-id, webhook-timestamp and webhook-signature',
      );
      expect(dialog).toHaveTextContent('new Webhook(secret).verify(body, headers)');

      await events.click(within(dialog).getByRole('button', { name: 'Show' }));
      expect(field).toHaveAttribute('type', 'text');

      await events.click(within(dialog).getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(SECRET);
      expect(host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Copied the signing secret of https://hooks.example.test/mine',
          life: 3000,
        },
      ]);

      await events.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('offers no Signing secret on a row whose secret the user may not see', async () => {
      const { api } = renderScreen({ user: testUsers.admin });
      expect(
        within(await rowOf('https://hooks.example.test/theirs')).queryByRole('button', {
          name: 'Signing secret',
        }),
      ).not.toBeInTheDocument();
      expect(
        within(await rowOf('https://hooks.example.test/mine')).getByRole('button', {
          name: 'Signing secret',
        }),
      ).toBeInTheDocument();
      expect(secretCalls(api)).toEqual([]);
    });

    it("shows the api's message when the secret cannot be read, with nothing to copy", async () => {
      const { events } = renderScreen({
        with: {
          secret: {
            status: 403,
            body: {
              message: "Only its owner or an admin can see this webhook endpoint's signing secret",
            },
          },
        },
      });
      const dialog = await openSecret(events, 'https://hooks.example.test/mine');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        "Only its owner or an admin can see this webhook endpoint's signing secret",
      );
      expect(within(dialog).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Signing secret')).not.toBeInTheDocument();
    });

    it('says so when the clipboard refuses', async () => {
      const { events, host } = renderScreen();
      const dialog = await openSecret(events, 'https://hooks.example.test/mine');
      await within(dialog).findByLabelText('Signing secret');
      const writeText = jest
        .spyOn(navigator.clipboard, 'writeText')
        .mockRejectedValueOnce(new Error('denied'));
      await events.click(within(dialog).getByRole('button', { name: 'Copy' }));
      await waitFor(() => expect(host.toasts).toHaveLength(1));
      expect(writeText).toHaveBeenCalledWith(SECRET);
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'The signing secret could not be copied: select it and copy it by hand',
          life: 3000,
        },
      ]);
    });
  });
});
