import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, ApiKeyLists, CurrentUser, LeadCategory } from 'shared/contract';
import {
  createNamedFakeApi,
  integrationRow,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { ApiKeysScreen } from './ApiKeysScreen';
import { MASKED_API_KEY } from './rules';
import { category, keyRow } from './test-data';

const LOCATION = '/admin/dashboard/api-keys';
const routes = {
  integrations: 'GET /api/admin/users/integrations',
  list: 'GET /api/admin/dashboard/api-keys',
  create: 'POST /api/admin/dashboard/api-keys',
  check: 'POST /api/admin/dashboard/api-keys/check',
  update: 'PUT /api/admin/dashboard/api-keys/{id}',
  validate: 'PUT /api/admin/dashboard/api-keys/{id}/validate',
  remove: 'DELETE /api/admin/dashboard/smartlead/{id}',
  categories: 'GET /api/admin/dashboard/api-keys/{id}/lead-categories',
  addCategories: 'POST /api/admin/dashboard/api-keys/{id}/lead-categories',
  reveal: 'GET /api/admin/dashboard/api-keys/{id}/reveal',
} as const;

// Lists hold masks only: the full keys come from the reveal call.
const own = keyRow(1, { apiKey: '••••-key', description: 'Main Smartlead' });
const heyreach = keyRow(2, { apiKey: '••••-key', description: 'Social', platform: 'heyreach' });
const storedKeys: Record<number, string> = { 1: 'sl-valid-key', 2: 'hr-valid-key' };
// Another user's key: the api lets a manager read it but not change it (canManage false).
const others = keyRow(9, {
  apiKey: '••••9999',
  description: 'Someone else',
  userProfileId: 8,
  userProfile: {
    id: 8,
    profile: 'SALESFORCE',
    email: 'other@acme.test',
    organizationId: '00D8',
    organizationDomain: null,
  },
  canManage: false,
});
const changingButtons = ['Check API Key', 'Edit', 'Delete'] as const;
const defaultLists: ApiKeyLists = { apiKeys: [own, heyreach], allApiKeys: [own, heyreach, others] };

/** A create that answers like the api: the stored key. */
const createsKey: FakeHandler = ({ body }) => {
  const sent = body as {
    platform: ApiKey['platform'];
    apiKey: string;
    description: string;
    baseUrl?: string;
    userProfileId: number;
  };
  return { body: keyRow(20, { ...sent, baseUrl: sent.baseUrl ?? null, isValid: true }) };
};

function renderScreen({
  user = testUsers.user,
  with: overrides = {},
}: {
  user?: CurrentUser;
  with?: Partial<Record<keyof typeof routes, FakeHandler | FakeResponse>>;
} = {}) {
  const handlers: Record<keyof typeof routes, FakeHandler | FakeResponse> = {
    integrations: {
      body: [
        integrationRow(7),
        integrationRow(8, {
          profile: 'SALESFORCE',
          organizationId: '00D8',
          organizationDomain: null,
          email: 'sf@acme.test',
        }),
      ],
    },
    list: { body: user.isManagerOrAdmin ? defaultLists : { ...defaultLists, allApiKeys: [] } },
    create: createsKey,
    check: { body: { isValid: true, message: 'The key works' } },
    update: ({ params, body }) => ({
      body: {
        ...[own, heyreach].find((key) => key.id === Number(params.id)),
        ...(body as object),
        baseUrl: (body as { baseUrl?: string }).baseUrl ?? null,
      },
    }),
    validate: ({ params }) => ({ body: { id: Number(params.id), isValid: true } }),
    remove: ({ params }) => ({ body: { id: Number(params.id) } }),
    categories: { body: [] },
    addCategories: { body: [] },
    reveal: ({ params }) => ({ body: { apiKey: storedKeys[Number(params.id)] } }),
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  return {
    ...renderWithHost(<ApiKeysScreen />, { user, location: LOCATION, api }),
    events: userEvent.setup(),
  };
}

type Events = ReturnType<typeof userEvent.setup>;
const form = () => screen.getByRole('form', { name: 'Add an API key' });
const table = (name: string) => screen.findByRole('table', { name });
const rowOf = async (description: string, tableName = 'API Keys') =>
  within(await table(tableName)).getByRole('row', { name: `API key ${description}` });
const callsTo = (
  api: { calls: { method: string; path: string; body: unknown }[] },
  method: string,
  path: RegExp,
) => api.calls.filter((call) => call.method === method && path.test(call.path));

async function fill(
  events: Events,
  {
    profile,
    platform,
    apiKey,
    baseUrl,
    description,
  }: {
    profile?: string;
    platform?: string;
    apiKey?: string;
    baseUrl?: string;
    description?: string;
  },
) {
  const scope = within(form());
  if (profile) await events.selectOptions(scope.getByLabelText('Profile'), profile);
  if (platform) await events.selectOptions(scope.getByLabelText('Platform'), platform);
  if (apiKey !== undefined) await events.type(scope.getByLabelText('API Key'), apiKey);
  if (baseUrl !== undefined) await events.type(scope.getByLabelText('Base URL'), baseUrl);
  if (description !== undefined)
    await events.type(scope.getByLabelText('Description'), description);
}

describe('API keys screen: the create form', () => {
  it('offers the profiles by name, the four platforms and Base URL for bison only', async () => {
    const { events } = renderScreen();
    expect(screen.getByRole('heading', { name: 'API keys', level: 1 })).toBeInTheDocument();
    const profile = await screen.findByLabelText('Profile');
    expect(
      within(profile)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select Profile',
      'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
      'SALESFORCE - sf@acme.test - 00D8',
    ]);
    expect(
      within(screen.getByLabelText('Platform'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a platform', 'Smartlead', 'Instantly', 'EmailBison', 'HeyReach']);
    expect(screen.queryByLabelText('Base URL')).not.toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Platform'), 'EmailBison');
    expect(screen.getByLabelText('Base URL')).toBeInTheDocument();
    await events.selectOptions(screen.getByLabelText('Platform'), 'HeyReach');
    expect(screen.queryByLabelText('Base URL')).not.toBeInTheDocument();
  });

  it('says "You don\'t have any integrations!" without profiles, and still lists the keys', async () => {
    renderScreen({ with: { integrations: { body: [] } } });
    expect(await screen.findByText("You don't have any integrations!")).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add an API key' })).not.toBeInTheDocument();
    expect(await rowOf('Main Smartlead')).toBeInTheDocument();
  });

  it('shows each message of §5 "API key create" as a Validation warning, and sends nothing', async () => {
    const { events, host, api } = renderScreen();
    await screen.findByLabelText('Profile');
    const create = () => events.click(within(form()).getByRole('button', { name: 'Create' }));
    const warning = (detail: string) => ({
      severity: 'warn',
      summary: 'Validation',
      detail,
      life: 3000,
    });

    await create();
    await fill(events, { platform: 'EmailBison' });
    await create();
    await fill(events, { apiKey: 'eb-valid-key' });
    await create();
    await fill(events, { description: 'Bison key' });
    await create();
    await fill(events, { profile: 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test' });
    await create();
    await fill(events, { baseUrl: 'not a url' });
    await create();
    expect(host.toasts).toEqual([
      warning('Please select a platform'),
      warning('Please enter a valid API key'),
      warning('Please enter a description'),
      warning('Select Profile'),
      warning('Please enter a valid base URL'),
      warning('Please enter a valid base URL'),
    ]);
    expect(callsTo(api, 'POST', /api-keys$/)).toEqual([]);
  });

  it('creates a key with the trimmed values and the profile, adds its row and clears the inputs', async () => {
    const { events, api, host } = renderScreen();
    await rowOf('Main Smartlead');
    await fill(events, {
      profile: 'SALESFORCE - sf@acme.test - 00D8',
      platform: 'Smartlead',
      apiKey: '  sl-new-key ',
      description: ' New one ',
    });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));

    expect(await rowOf('New one')).toBeInTheDocument();
    expect(callsTo(api, 'POST', /api-keys$/).map((call) => call.body)).toEqual([
      { platform: 'smartlead', apiKey: 'sl-new-key', description: 'New one', userProfileId: 8 },
    ]);
    expect(within(form()).getByLabelText('API Key')).toHaveValue('');
    expect(within(form()).getByLabelText('Description')).toHaveValue('');
    expect(within(form()).getByLabelText('Profile')).toHaveValue('8');
    expect(host.toasts).toEqual([
      {
        severity: 'success',
        summary: 'Success',
        detail: 'Created API key: Smartlead accepted it',
        life: 3000,
      },
    ]);
    // the list was not loaded again
    expect(callsTo(api, 'GET', /api-keys$/)).toHaveLength(1);
  });

  it('says when the platform did not accept the new key, which is stored as invalid', async () => {
    const { events, host } = renderScreen({
      with: {
        create: ({ body }) => ({
          body: keyRow(21, { ...(body as Partial<ApiKey>), isValid: false }),
        }),
      },
    });
    await rowOf('Main Smartlead');
    await fill(events, {
      profile: 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
      platform: 'Instantly',
      apiKey: 'in-wrong-key',
      description: 'Wrong one',
    });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    expect(within(await rowOf('Wrong one')).getByText('Invalid')).toBeInTheDocument();
    expect(host.toasts).toEqual([
      {
        severity: 'warn',
        summary: 'Created',
        detail: 'Created API key, but Instantly did not accept it: check the key and use Edit',
        life: 3000,
      },
    ]);
  });

  it('sends the base URL for bison', async () => {
    const { events, api } = renderScreen();
    await rowOf('Main Smartlead');
    await fill(events, {
      profile: 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
      platform: 'EmailBison',
      apiKey: 'eb-valid-key',
      baseUrl: 'https://bison.example.test',
      description: 'Bison',
    });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await rowOf('Bison');
    expect(callsTo(api, 'POST', /api-keys$/)[0].body).toEqual({
      platform: 'bison',
      apiKey: 'eb-valid-key',
      description: 'Bison',
      userProfileId: 7,
      baseUrl: 'https://bison.example.test',
    });
  });

  it("shows a 403's server message as an Error toast and keeps the inputs", async () => {
    const { events, host } = renderScreen({
      with: { create: { status: 403, body: { message: 'Upgrade to add more keys' } } },
    });
    await screen.findByLabelText('Profile');
    await fill(events, {
      profile: 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
      platform: 'Instantly',
      apiKey: 'in-valid-key',
      description: 'Instantly',
    });
    await events.click(within(form()).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Upgrade to add more keys', life: 3000 },
      ]),
    );
    expect(within(form()).getByLabelText('API Key')).toHaveValue('in-valid-key');
  });

  it('says why the profiles could not be loaded, and the keys still show', async () => {
    renderScreen({
      with: { integrations: { status: 500, body: { message: 'Database is unavailable' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is unavailable');
    expect(await rowOf('Main Smartlead')).toBeInTheDocument();
  });
});

describe('API keys screen: the tables', () => {
  it('shows a regular user "API Keys" only', async () => {
    renderScreen();
    await rowOf('Main Smartlead');
    expect(screen.getByRole('heading', { name: 'API Keys' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All API Keys' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'All API Keys' })).not.toBeInTheDocument();
  });

  it.each([
    ['manager', testUsers.manager],
    ['admin', testUsers.admin],
  ])('shows a %s "All API Keys" too', async (_, user) => {
    renderScreen({ user });
    expect(await rowOf('Someone else', 'All API Keys')).toBeInTheDocument();
    expect(within(await table('All API Keys')).getAllByRole('row')).toHaveLength(4);
    expect(within(await table('API Keys')).getAllByRole('row')).toHaveLength(3);
  });

  it('offers Check API Key, Edit and Delete only on the rows the api marks canManage; View lead categories on every row', async () => {
    renderScreen({ user: testUsers.manager });
    const mine = await rowOf('Main Smartlead', 'All API Keys');
    for (const name of [...changingButtons, 'View lead categories'])
      expect(within(mine).getByRole('button', { name })).toBeInTheDocument();
    const theirs = await rowOf('Someone else', 'All API Keys');
    for (const name of changingButtons)
      expect(within(theirs).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(
      within(theirs).getByRole('button', { name: 'View lead categories' }),
    ).toBeInTheDocument();
  });

  it("says why other users' keys offer fewer actions, only where there are such keys", async () => {
    renderScreen({ user: testUsers.manager });
    const all = await screen.findByRole('region', { name: 'All API Keys' });
    expect(
      within(all).getByText(/Keys of other users offer View lead categories only/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'API Keys' })).queryByText(/Keys of other users/),
    ).not.toBeInTheDocument();
  });

  it('follows canManage rather than the role: an admin gets the actions on a key marked canManage, none on one that is not', async () => {
    renderScreen({
      user: testUsers.admin,
      with: {
        list: {
          body: {
            apiKeys: [{ ...own, canManage: false }],
            allApiKeys: [
              { ...own, canManage: false },
              { ...others, canManage: true },
            ],
          },
        },
      },
    });
    const theirs = await rowOf('Someone else', 'All API Keys');
    for (const name of [...changingButtons, 'View lead categories'])
      expect(within(theirs).getByRole('button', { name })).toBeInTheDocument();
    const mine = await rowOf('Main Smartlead');
    for (const name of changingButtons)
      expect(within(mine).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'View lead categories' })).toBeInTheDocument();
  });

  it('shows the columns of a row, the key masked with the fixed placeholder', async () => {
    renderScreen();
    const row = await rowOf('Main Smartlead');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('1');
    expect(cells[1]).toContain('owner@acme.test');
    expect(cells[2]).toBe('Smartlead');
    expect(cells[3]).toBe(MASKED_API_KEY);
    expect(cells[4]).toBe('Main Smartlead');
    expect(cells[5]).toBe('Valid');
    expect(cells[6]).toMatch(/^Mar 7, 2024, \d\d:\d\d (AM|PM)$/);
    for (const name of ['Check API Key', 'Edit', 'View lead categories', 'Delete'])
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByText('sl-valid-key')).not.toBeInTheDocument();
  });

  it("shows a bison key's base URL under its platform, whole on hover", async () => {
    const bison = keyRow(3, {
      description: 'Dedicated',
      platform: 'bison',
      baseUrl: 'https://dedicated.emailbison.test/api',
    });
    renderScreen({ with: { list: { body: { apiKeys: [bison], allApiKeys: [] } } } });
    const platform = within(await rowOf('Dedicated')).getAllByRole('cell')[2];
    expect(platform).toHaveTextContent('EmailBisonhttps://dedicated.emailbison.test/api');
    expect(
      within(platform).getByTitle('https://dedicated.emailbison.test/api'),
    ).toBeInTheDocument();
  });

  it('shows the key when its row is clicked and masks it on the next click, one row at a time', async () => {
    const { events, api } = renderScreen();
    const row = await rowOf('Main Smartlead');
    expect(callsTo(api, 'GET', /reveal$/)).toEqual([]);
    await events.click(within(row).getByText('Main Smartlead'));
    await waitFor(() =>
      expect(within(row).getByTestId('api-key-text')).toHaveTextContent('sl-valid-key'),
    );
    expect(callsTo(api, 'GET', /reveal$/).map((call) => call.path)).toEqual([
      '/api/admin/dashboard/api-keys/1/reveal',
    ]);
    expect(within(await rowOf('Social')).getByTestId('api-key-text')).toHaveTextContent(
      MASKED_API_KEY,
    );
    await events.click(within(row).getByTestId('api-key-text'));
    expect(within(row).getByTestId('api-key-text')).toHaveTextContent(MASKED_API_KEY);
  });

  it("shows another user's key as the api's mask, without asking for it", async () => {
    const { events, api } = renderScreen({ user: testUsers.manager });
    const row = await rowOf('Someone else', 'All API Keys');
    await events.click(within(row).getByText('Someone else'));
    expect(within(row).getByTestId('api-key-text')).toHaveTextContent('••••9999');
    expect(callsTo(api, 'GET', /reveal$/)).toEqual([]);
  });

  it('keeps the mask when the key cannot be revealed', async () => {
    const { events } = renderScreen({
      with: { reveal: { status: 403, body: { message: 'You can only change your own API keys' } } },
    });
    const row = await rowOf('Main Smartlead');
    await events.click(within(row).getByText('Main Smartlead'));
    await waitFor(() =>
      expect(within(row).getByTestId('api-key-text')).toHaveTextContent('••••-key'),
    );
  });

  it('does not toggle the key when an action button is clicked', async () => {
    const { events } = renderScreen();
    const row = await rowOf('Main Smartlead');
    await events.click(within(row).getByRole('button', { name: 'Check API Key' }));
    expect(within(row).getByTestId('api-key-text')).toHaveTextContent(MASKED_API_KEY);
  });

  it('says "No API keys yet" when there are none', async () => {
    renderScreen({ with: { list: { body: { apiKeys: [], allApiKeys: [] } } } });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows why the keys could not be loaded, and Retry loads them', async () => {
    let failures = 1;
    const { events, host } = renderScreen({
      with: {
        list: () =>
          failures-- > 0
            ? { status: 500, body: { message: 'Database is unavailable' } }
            : { body: { apiKeys: [own], allApiKeys: [] } },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API keys could not be loaded');
    expect(alert).toHaveTextContent('Database is unavailable');
    expect(await screen.findByRole('form', { name: 'Add an API key' })).toBeInTheDocument();
    await events.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Main Smartlead')).toBeInTheDocument();
    expect(host.toasts).toEqual([]);
  });

  it('hands a 401 to the host', async () => {
    const { host } = renderScreen({
      with: { list: { status: 401, body: { message: 'Unauthorized' } } },
    });
    await screen.findByRole('alert');
    expect(host.unauthorizedCount).toBe(1);
    expect(host.toasts).toEqual([]);
  });
});

describe('API keys screen: Check API Key', () => {
  it('validates the key, says "API key validated" and shows it valid', async () => {
    const { events, api, host } = renderScreen({
      with: { list: { body: { apiKeys: [{ ...own, isValid: false }], allApiKeys: [] } } },
    });
    const row = await rowOf('Main Smartlead');
    expect(within(row).getByText('Invalid')).toBeInTheDocument();
    await events.click(within(row).getByRole('button', { name: 'Check API Key' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'API key validated', life: 3000 },
      ]),
    );
    expect(within(row).getByText('Valid')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', /validate$/)).toEqual([
      { method: 'PUT', path: '/api/admin/dashboard/api-keys/1/validate', body: undefined },
    ]);
  });

  it('shows an invalid key as invalid', async () => {
    const { events, host } = renderScreen({
      with: { validate: { body: { id: 1, isValid: false } } },
    });
    const row = await rowOf('Main Smartlead');
    await events.click(within(row).getByRole('button', { name: 'Check API Key' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Invalid API key', life: 3000 },
      ]),
    );
    expect(within(row).getByText('Invalid')).toBeInTheDocument();
  });

  it('says "An unknown error occurred" when the check fails without a message, and the server message otherwise', async () => {
    let answers: FakeResponse[] = [
      { status: 500, body: { message: '' } },
      { status: 502, body: { message: 'Smartlead did not answer' } },
    ];
    const { events, host } = renderScreen({
      with: { validate: () => answers.shift() ?? { status: 500 } },
    });
    const row = await rowOf('Main Smartlead');
    await events.click(within(row).getByRole('button', { name: 'Check API Key' }));
    await waitFor(() => expect(host.toasts).toHaveLength(1));
    await events.click(within(row).getByRole('button', { name: 'Check API Key' }));
    await waitFor(() => expect(host.toasts).toHaveLength(2));
    expect(host.toasts.map((toast) => toast.detail)).toEqual([
      'An unknown error occurred',
      'Smartlead did not answer',
    ]);
    answers = [];
  });
});

describe('API keys screen: Edit', () => {
  /** Opens the dialog and waits for the revealed key to fill its inputs. */
  async function openEdit(events: Events, description = 'Main Smartlead') {
    await events.click(within(await rowOf(description)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    await within(dialog).findByLabelText('API Key');
    return dialog;
  }

  it('opens with the inputs of the row, the same inputs as the create form', async () => {
    const { events } = renderScreen();
    const dialog = await openEdit(events);
    expect(await within(dialog).findByLabelText('API Key')).toHaveValue('sl-valid-key');
    expect(within(dialog).getByLabelText('Platform')).toHaveValue('smartlead');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Main Smartlead');
    expect(within(dialog).queryByLabelText('Base URL')).not.toBeInTheDocument();
  });

  it('asks the api for the key; when it cannot be read, says why and starts with an empty key', async () => {
    const { events, api, host } = renderScreen({
      with: { reveal: { status: 403, body: { message: 'You can only change your own API keys' } } },
    });
    const dialog = await openEdit(events);
    expect(callsTo(api, 'GET', /reveal$/).map((call) => call.path)).toEqual([
      '/api/admin/dashboard/api-keys/1/reveal',
    ]);
    expect(within(dialog).getByLabelText('API Key')).toHaveValue('');
    await waitFor(() =>
      expect(host.toasts.map((toast) => toast.detail)).toEqual([
        'You can only change your own API keys',
      ]),
    );
  });

  it('checks the key with the platform, saves, says "Validated API key" and "Updated API key", and updates the row', async () => {
    const { events, api, host } = renderScreen();
    const dialog = await openEdit(events);
    await events.clear(within(dialog).getByLabelText('Description'));
    await events.type(within(dialog).getByLabelText('Description'), 'Renamed');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(api, 'POST', /check$/).map((call) => call.body)).toEqual([
      { platform: 'smartlead', apiKey: 'sl-valid-key' },
    ]);
    expect(callsTo(api, 'PUT', /api-keys\/1$/).map((call) => call.body)).toEqual([
      { platform: 'smartlead', apiKey: 'sl-valid-key', description: 'Renamed' },
    ]);
    expect(host.toasts.map((toast) => [toast.severity, toast.detail])).toEqual([
      ['success', 'Validated API key'],
      ['success', 'Updated API key'],
    ]);
    expect(await rowOf('Renamed')).toBeInTheDocument();
  });

  it('masks the key until the person presses Show, and Hide masks it again', async () => {
    const { events } = renderScreen();
    const dialog = await openEdit(events);
    const key = within(dialog).getByLabelText('API Key');
    expect(key).toHaveAttribute('type', 'password');
    await events.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(key).toHaveAttribute('type', 'text');
    expect(key).toHaveValue('sl-valid-key');
    await events.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(key).toHaveAttribute('type', 'password');
  });

  it('does nothing without a key (fails silently)', async () => {
    const { events, api, host } = renderScreen();
    const dialog = await openEdit(events);
    await events.clear(within(dialog).getByLabelText('API Key'));
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(host.toasts).toEqual([]);
    expect(callsTo(api, 'POST', /check$/)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit API key' })).toBeInTheDocument();
  });

  it('needs a valid base URL when the platform becomes bison', async () => {
    const { events, api, host } = renderScreen();
    const dialog = await openEdit(events);
    await events.selectOptions(within(dialog).getByLabelText('Platform'), 'EmailBison');
    await events.type(within(dialog).getByLabelText('Base URL'), 'bison');
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(host.toasts).toEqual([
      {
        severity: 'warn',
        summary: 'Validation',
        detail: 'Please enter a valid base URL',
        life: 3000,
      },
    ]);
    expect(callsTo(api, 'POST', /check$/)).toEqual([]);
  });

  it('keeps a failed server check until dismissed, saves nothing and stays open', async () => {
    const { events, api, host } = renderScreen({
      with: { check: { body: { isValid: false, message: 'Smartlead refused the API key' } } },
    });
    const dialog = await openEdit(events);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Smartlead refused the API key', life: 0 },
      ]),
    );
    expect(callsTo(api, 'PUT', /api-keys\/1$/)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit API key' })).toBeInTheDocument();
  });

  it('keeps "An unknown error occurred" when the check itself fails without a message', async () => {
    const { events, host } = renderScreen({
      with: { check: { status: 500, body: { message: '' } } },
    });
    const dialog = await openEdit(events);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'An unknown error occurred', life: 0 },
      ]),
    );
  });

  it('says "An unknown error occurred", not a network text, when the check gets no answer', async () => {
    const { events, host } = renderScreen({
      with: {
        check: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const dialog = await openEdit(events);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'An unknown error occurred', life: 0 },
      ]),
    );
  });

  it('shows a failed save as an Error toast and stays open', async () => {
    const { events, host } = renderScreen({
      with: { update: { status: 403, body: { message: 'Not your key' } } },
    });
    const dialog = await openEdit(events);
    await events.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.toasts.at(-1)).toEqual({
        severity: 'error',
        summary: 'Error',
        detail: 'Not your key',
        life: 3000,
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Edit API key' })).toBeInTheDocument();
  });
});

describe('API keys screen: lead categories', () => {
  async function openCategories(events: Events, description: string) {
    await events.click(
      within(await rowOf(description)).getByRole('button', { name: 'View lead categories' }),
    );
    return screen.findByRole('dialog', { name: 'Lead categories' });
  }

  it('lists id, created date and name, without the add form for other platforms', async () => {
    const { events, api } = renderScreen({
      with: {
        categories: { body: [category(1, 'Interested'), category('x-2', 'Meeting booked', null)] },
      },
    });
    const dialog = await openCategories(events, 'Main Smartlead');
    const rows = within(
      await within(dialog).findByRole('table', { name: 'Lead categories' }),
    ).getAllByRole('row');
    expect(
      rows
        .map((row) =>
          within(row)
            .queryAllByRole('columnheader')
            .map((cell) => cell.textContent),
        )
        .at(0),
    ).toEqual(['ID', 'Created', 'Name']);
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0][0]).toBe('1');
    expect(cells[0][1]).toMatch(/^Mar 7, 2024, \d\d:\d\d (AM|PM)$/);
    expect(cells[0][2]).toBe('Interested');
    expect(cells[1]).toEqual(['x-2', '—', 'Meeting booked']);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', /lead-categories$/).map((call) => call.path)).toEqual([
      '/api/admin/dashboard/api-keys/1/lead-categories',
    ]);
  });

  it('says "No lead categories found Or Invalid API Key" when there are none', async () => {
    const { events } = renderScreen();
    const dialog = await openCategories(events, 'Main Smartlead');
    expect(
      await within(dialog).findByText('No lead categories found Or Invalid API Key'),
    ).toBeInTheDocument();
  });

  it('shows the server message when loading fails', async () => {
    const { events, host } = renderScreen({
      with: { categories: { status: 502, body: { message: 'Smartlead did not answer' } } },
    });
    const dialog = await openCategories(events, 'Main Smartlead');
    expect(
      await within(dialog).findByText('No lead categories found Or Invalid API Key'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Smartlead did not answer', life: 3000 },
      ]),
    );
  });

  it('adds heyreach categories, one per non-blank line with derived ids, says "Categories added" and lists them', async () => {
    const added: LeadCategory[] = [
      category('hot_lead', 'Hot Lead'),
      category('meeting_booked', 'Meeting Booked'),
    ];
    const { events, api, host } = renderScreen({ with: { addCategories: { body: added } } });
    const dialog = await openCategories(events, 'Social');
    await within(dialog).findByText('No lead categories found Or Invalid API Key');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await events.type(
      within(dialog).getByLabelText('New categories'),
      'Hot Lead{Enter}{Enter}   {Enter} Meeting Booked ',
    );
    await events.click(add);

    expect(await within(dialog).findByRole('cell', { name: 'Meeting Booked' })).toBeInTheDocument();
    expect(callsTo(api, 'POST', /lead-categories$/)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/dashboard/api-keys/2/lead-categories',
        body: {
          categories: [
            { categoryName: 'Hot Lead', categoryId: 'hot_lead', userProfileId: 7 },
            { categoryName: 'Meeting Booked', categoryId: 'meeting_booked', userProfileId: 7 },
          ],
        },
      },
    ]);
    expect(host.toasts).toEqual([
      { severity: 'success', summary: 'Success', detail: 'Categories added', life: 3000 },
    ]);
    expect(within(dialog).getByLabelText('New categories')).toHaveValue('');
  });

  it('lists the categories of a heyreach key the user may not change, without the add form', async () => {
    const theirs = { ...heyreach, id: 10, description: 'Their social', canManage: false };
    const { events, api } = renderScreen({
      user: testUsers.manager,
      with: {
        list: { body: { apiKeys: [own], allApiKeys: [own, theirs] } },
        categories: { body: [category('hot_lead', 'Hot Lead')] },
      },
    });
    await events.click(
      within(await rowOf('Their social', 'All API Keys')).getByRole('button', {
        name: 'View lead categories',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lead categories' });
    expect(await within(dialog).findByRole('cell', { name: 'Hot Lead' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('New categories')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', /lead-categories$/).map((call) => call.path)).toEqual([
      '/api/admin/dashboard/api-keys/10/lead-categories',
    ]);
  });

  it('says "Something went wrong" when adding fails', async () => {
    const { events, host } = renderScreen({
      with: { addCategories: { status: 400, body: { message: 'Add at least one category' } } },
    });
    const dialog = await openCategories(events, 'Social');
    await events.type(within(dialog).getByLabelText('New categories'), 'Warm');
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Something went wrong', life: 3000 },
      ]),
    );
    expect(within(dialog).getByLabelText('New categories')).toHaveValue('Warm');
  });
});

describe('API keys screen: Delete', () => {
  it('asks first; No keeps the key, Yes deletes it, says so and removes the row', async () => {
    const { events, api, host } = renderScreen();
    await events.click(
      within(await rowOf('Main Smartlead')).getByRole('button', { name: 'Delete' }),
    );
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Do you want to delete the API key "Main Smartlead"?');
    await events.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(api, 'DELETE', /./)).toEqual([]);

    await events.click(
      within(await rowOf('Main Smartlead')).getByRole('button', { name: 'Delete' }),
    );
    confirm = await screen.findByRole('alertdialog');
    await events.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(api, 'DELETE', /./).map((call) => call.path)).toEqual([
      '/api/admin/dashboard/smartlead/1',
    ]);
    expect(host.toasts).toEqual([
      { severity: 'success', summary: 'Success', detail: 'Deleted API key', life: 3000 },
    ]);
    expect(
      within(await table('API Keys')).queryByRole('row', { name: 'API key Main Smartlead' }),
    ).not.toBeInTheDocument();
  });

  it('shows a failed delete, closes the confirmation and keeps the row', async () => {
    const { events, host } = renderScreen({
      with: { remove: { status: 403, body: { message: 'Not your key' } } },
    });
    await events.click(
      within(await rowOf('Main Smartlead')).getByRole('button', { name: 'Delete' }),
    );
    await events.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Not your key', life: 3000 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await rowOf('Main Smartlead', 'API Keys')).toBeInTheDocument();
  });
});
