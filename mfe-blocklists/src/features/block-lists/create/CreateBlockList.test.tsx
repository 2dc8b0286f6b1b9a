import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createNamedFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { BlockListsScreen } from '../BlockListsScreen';
import { answers, routes, type Route } from '../test-data';

const HUBSPOT = 'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test';
const SALESFORCE = 'SALESFORCE - sf@acme.test - 00D8';
const clients = [
  { id: 21, name: 'Client A', email: 'a@client.test' },
  { id: 22, name: 'Client B', email: null },
];

function renderScreen(overrides: Partial<Record<Route, FakeHandler | FakeResponse>> = {}) {
  const api = createNamedFakeApi(routes, { ...answers(), ...overrides });
  return {
    ...renderWithHost(<BlockListsScreen />, {
      user: testUsers.user,
      location: '/admin/dashboard/smartlead-block-lists',
      api,
    }),
    events: userEvent.setup(),
  };
}
type Events = ReturnType<typeof userEvent.setup>;

const combobox = (name: string) => screen.getByRole('combobox', { name });
const optionsOf = (name: string) =>
  within(combobox(name))
    .getAllByRole('option')
    .map((option) => option.textContent);
const validation = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});
const error = (detail: string, life = 3000) => ({
  severity: 'error',
  summary: 'Error',
  detail,
  life,
});
const posted = (api: { calls: { method: string; path: string; body: unknown }[] }, path: string) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);
const submit = (events: Events) =>
  events.click(screen.getByRole('button', { name: 'Create Block List' }));

async function openForm(events: Events, profile = HUBSPOT) {
  await events.selectOptions(
    await screen.findByRole('combobox', { name: 'Select Profile' }),
    profile,
  );
  return screen.findByRole('form', { name: 'Create a block list' });
}

/** Picks an option once the lookup behind the dropdown has answered it. */
async function choose(events: Events, name: string, option: string) {
  await waitFor(() => expect(optionsOf(name)).toContain(option));
  await events.selectOptions(combobox(name), option);
}

async function contactListTo(events: Events, platform: string, key: string) {
  await events.selectOptions(combobox('List type'), 'Contact list');
  await choose(events, 'HubSpot list', 'Do not contact (42)');
  await events.selectOptions(combobox('Platform'), platform);
  await choose(events, 'API Key', key);
}

describe('Create a block list: the account', () => {
  it('says "You don\'t have any integrations!" without a profile', async () => {
    renderScreen({ integrations: { body: [] } });
    expect(await screen.findByText("You don't have any integrations!")).toBeInTheDocument();
  });

  it('shows the form of the CRM of the account chosen', async () => {
    const { events } = renderScreen();
    await openForm(events, SALESFORCE);
    expect(combobox('List')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'List type' })).not.toBeInTheDocument();
    await openForm(events, HUBSPOT);
    expect(combobox('List type')).toBeInTheDocument();
  });
});

describe('Create a block list: HubSpot', () => {
  it('creates a contact-list block list to Smartlead for the client chosen, says "Started blocking …", lists it and starts again', async () => {
    const { events, api, host } = renderScreen({ clients: { body: clients } });
    await openForm(events);
    await events.selectOptions(combobox('List type'), 'Contact list');
    await waitFor(() =>
      expect(optionsOf('HubSpot list')).toEqual([
        'Select hubspot list',
        'Do not contact (42)',
        'Customers (7)',
      ]),
    );
    await events.selectOptions(combobox('HubSpot list'), 'Do not contact (42)');
    expect(optionsOf('Platform')).toEqual([
      'Select Email Service',
      'Smartlead',
      'Instantly',
      'EmailBison',
      'HeyReach',
    ]);
    await events.selectOptions(combobox('Platform'), 'Smartlead');
    await choose(events, 'API Key', 'Main smartlead (••••1111)');
    await events.selectOptions(combobox('Type of blocking'), 'Individual address');
    await choose(events, 'Client', 'Client A (a@client.test)');
    expect(optionsOf('Client')).toEqual([
      'Select Smartlead Client',
      'Client A (a@client.test)',
      'Client B',
    ]);
    await submit(events);

    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Started blocking 101 Do not contact',
          life: 3000,
        },
      ]),
    );
    expect(posted(api, '/api/admin/hubspot/blocked-lists')).toEqual([
      {
        crm: 'HUBSPOT',
        userProfileId: 7,
        listId: '101',
        listName: 'Do not contact',
        listType: 'CONTACT_LIST',
        apiKeyId: 11,
        blockType: 'ADDRESS',
        client: { id: 21, name: 'Client A', email: 'a@client.test' },
        useDomainForNonLatin: false,
        profileUrlFieldNames: [],
        heyReachListId: null,
      },
    ]);
    expect(
      await within(await screen.findByRole('table', { name: 'Blocked List' })).findByText(
        'Do not contact',
      ),
    ).toBeInTheDocument();
    expect(combobox('List type')).toHaveValue('');
    expect(combobox('Platform')).toHaveValue('');
  });

  it('asks for what is missing first (spec §5) and sends nothing', async () => {
    const { events, api, host } = renderScreen({ clients: { body: clients } });
    await openForm(events);
    await submit(events);
    expect(host.toasts).toEqual([validation('Select List Type')]);
    await events.selectOptions(combobox('List type'), 'Contact list');
    await submit(events);
    await choose(events, 'HubSpot list', 'Do not contact (42)');
    await submit(events);
    await events.selectOptions(combobox('Platform'), 'Smartlead');
    await submit(events);
    await choose(events, 'API Key', 'Main smartlead (••••1111)');
    await submit(events);
    await events.selectOptions(combobox('Type of blocking'), 'Individual address');
    await waitFor(() => expect(optionsOf('Client')).toHaveLength(3));
    await submit(events);
    expect(host.toasts).toEqual(
      [
        'Select List Type',
        'Select hubspot list',
        'Select Email Service',
        'Select API Key',
        'Select Type of blocking',
        'Select Smartlead Client',
      ].map(validation),
    );
    expect(posted(api, '/api/admin/hubspot/blocked-lists')).toEqual([]);
  });

  it('needs no client for a key with one client, and shows none', async () => {
    const { events, api } = renderScreen({ clients: { body: [clients[0]] } });
    await openForm(events);
    await contactListTo(events, 'Smartlead', 'Main smartlead (••••1111)');
    await events.selectOptions(combobox('Type of blocking'), 'Individual address');
    await waitFor(() =>
      expect(api.calls.some((call) => call.path.endsWith('/client-list'))).toBe(true),
    );
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    await submit(events);
    await waitFor(() => expect(posted(api, '/api/admin/hubspot/blocked-lists')).toHaveLength(1));
  });

  it('a company list offers company lists, forces DOMAIN and locks it', async () => {
    const { events, api } = renderScreen();
    await openForm(events);
    await events.selectOptions(combobox('List type'), 'Company list (every domain)');
    await waitFor(() =>
      expect(optionsOf('HubSpot list')).toEqual(['Select hubspot list', 'Competitors (3)']),
    );
    expect(combobox('Type of blocking')).toHaveValue('DOMAIN');
    expect(combobox('Type of blocking')).toBeDisabled();
    await events.selectOptions(combobox('HubSpot list'), 'Competitors (3)');
    await events.selectOptions(combobox('Platform'), 'Instantly');
    await choose(events, 'API Key', 'Instantly (••••1212)');
    // the non-Latin checkbox is for contact lists only
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await submit(events);
    await waitFor(() =>
      expect(posted(api, '/api/admin/hubspot/blocked-lists')).toEqual([
        expect.objectContaining({
          listId: '201',
          listType: 'COMPANY_LIST',
          blockType: 'DOMAIN',
          apiKeyId: 12,
        }),
      ]),
    );
  });

  it('a platform change clears the API key and the client', async () => {
    const { events } = renderScreen({ clients: { body: clients } });
    await openForm(events);
    await contactListTo(events, 'Smartlead', 'Main smartlead (••••1111)');
    await choose(events, 'Client', 'Client B');
    await events.selectOptions(combobox('Platform'), 'EmailBison');
    expect(combobox('API Key')).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    await choose(events, 'API Key', 'Bison (••••1414)');
  });

  it('says where to add a key when the owner has none for the platform', async () => {
    const { events } = renderScreen({ apiKeys: { body: [] } });
    await openForm(events);
    await events.selectOptions(combobox('Platform'), 'Instantly');
    expect(
      await screen.findByText('No Instantly API key yet: add one in API keys'),
    ).toBeInTheDocument();
    expect(optionsOf('API Key')).toEqual(['Select API Key']);
  });

  it('instantly with ADDRESS on a contact list shows the non-Latin checkbox with its explanation, on by default', async () => {
    const { events, api } = renderScreen();
    await openForm(events);
    await contactListTo(events, 'Instantly', 'Instantly (••••1212)');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await events.selectOptions(combobox('Type of blocking'), 'Individual address');
    const checkbox = screen.getByRole('checkbox', {
      name: 'Block the whole domain of emails with non-Latin characters',
    });
    expect(checkbox).toBeChecked();
    expect(
      screen.getByText(
        'Instantly does not support non-Latin characters in its block list. By default, the whole domain is blocked for such emails.',
      ),
    ).toBeInTheDocument();
    await events.click(checkbox);
    await submit(events);
    await waitFor(() =>
      expect(posted(api, '/api/admin/hubspot/blocked-lists')).toEqual([
        expect.objectContaining({ useDomainForNonLatin: false, blockType: 'ADDRESS' }),
      ]),
    );
    await events.selectOptions(combobox('Platform'), 'Smartlead');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps a failed create on screen until dismissed', async () => {
    const message =
      "You don't have permission to create block lists: ask an admin to allow block lists for your account";
    const { events, host } = renderScreen({ createHubspot: { status: 403, body: { message } } });
    await openForm(events);
    await contactListTo(events, 'Smartlead', 'Main smartlead (••••1111)');
    await events.selectOptions(combobox('Type of blocking'), 'Every domain');
    await submit(events);
    await waitFor(() => expect(host.toasts).toEqual([error(message, 0)]));
    expect(combobox('Platform')).toHaveValue('smartlead');
  });
});

describe('Create a block list: HubSpot to HeyReach', () => {
  async function heyReachForm(events: Events) {
    await openForm(events);
    await events.selectOptions(combobox('List type'), 'Contact list');
    await choose(events, 'HubSpot list', 'Do not contact (42)');
    await events.selectOptions(combobox('Platform'), 'HeyReach');
    await choose(events, 'API Key', 'HeyReach (••••1313)');
  }

  it('offers no company list and no DOMAIN; clears a company list; creates with profile URL fields and a HeyReach list', async () => {
    const { events, api, host } = renderScreen();
    await openForm(events);
    await events.selectOptions(combobox('List type'), 'Company list (every domain)');
    await events.selectOptions(combobox('Platform'), 'HeyReach');
    expect(combobox('List type')).toHaveValue('');
    expect(combobox('Type of blocking')).toHaveValue('');
    expect(combobox('Type of blocking')).toBeEnabled();
    expect(optionsOf('List type')).toEqual(['Select List Type', 'Contact list']);
    expect(optionsOf('Type of blocking')).toEqual([
      'Select Type of blocking',
      'Individual profile',
    ]);

    await events.selectOptions(combobox('List type'), 'Contact list');
    await choose(events, 'HubSpot list', 'Do not contact (42)');
    await choose(events, 'API Key', 'HeyReach (••••1313)');
    await events.selectOptions(combobox('Type of blocking'), 'Individual profile');
    // the LinkedIn URL property comes chosen; unchecking it leaves none
    const linkedIn = await screen.findByRole('checkbox', {
      name: 'LinkedIn URL (hs_linkedin_url)',
    });
    await waitFor(() => expect(linkedIn).toBeChecked());
    await events.click(linkedIn);
    expect(linkedIn).not.toBeChecked();
    await submit(events);
    await events.click(linkedIn);
    await submit(events);
    await choose(events, 'HeyReach list', 'Blocked profiles');
    await submit(events);
    await waitFor(() => expect(posted(api, '/api/admin/hubspot/blocked-lists')).toHaveLength(1));
    expect(host.toasts.slice(0, 2)).toEqual([
      validation('Select at least one Profile URL field for HeyReach'),
      validation('Please select HeyReach list'),
    ]);
    expect(posted(api, '/api/admin/hubspot/blocked-lists')[0]).toMatchObject({
      apiKeyId: 13,
      blockType: 'ADDRESS',
      client: null,
      profileUrlFieldNames: ['hs_linkedin_url'],
      heyReachListId: 5001,
    });
  });

  it('groups the profile URL fields by what they hold, each group with a select all, LinkedIn URL chosen', async () => {
    const { events } = renderScreen();
    await heyReachForm(events);
    const fields = await screen.findByRole('group', { name: 'Profile URL fields' });
    const groups = await within(fields).findAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Social profiles and web addresses',
      'Other text properties',
      'Numbers, dates and choices',
    ]);
    const checked = (group: HTMLElement) =>
      within(group)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);
    const selectAll = (group: HTMLElement, name: string) =>
      within(group).getByRole('checkbox', { name: `${name} (select all)` });
    await waitFor(() =>
      expect(checked(groups[0]!)).toEqual([
        ['Social profiles and web addresses (select all)', false],
        ['LinkedIn URL (hs_linkedin_url)', true],
        ['Website URL (website)', false],
      ]),
    );
    expect(selectAll(groups[0]!, 'Social profiles and web addresses')).toBePartiallyChecked();
    expect(checked(groups[1]!)).toEqual([
      ['Other text properties (select all)', false],
      ['Email (email)', false],
      ['First Name (firstname)', false],
    ]);

    await events.click(selectAll(groups[1]!, 'Other text properties'));
    expect(checked(groups[1]!)).toEqual([
      ['Other text properties (select all)', true],
      ['Email (email)', true],
      ['First Name (firstname)', true],
    ]);
    await events.click(selectAll(groups[0]!, 'Social profiles and web addresses'));
    expect(checked(groups[0]!).map(([, isChecked]) => isChecked)).toEqual([true, true, true]);
    await events.click(selectAll(groups[0]!, 'Social profiles and web addresses'));
    expect(checked(groups[0]!).map(([, isChecked]) => isChecked)).toEqual([false, false, false]);
    expect(checked(groups[1]!).map(([, isChecked]) => isChecked)).toEqual([true, true, true]);
  });

  it('"+ Create New List" asks a name, creates the list and selects it', async () => {
    const { events, api, host } = renderScreen();
    await heyReachForm(events);
    await choose(events, 'HeyReach list', '+ Create New List');
    await events.click(screen.getByRole('button', { name: 'Create HeyReach list' }));
    expect(host.toasts).toEqual([validation('Please enter a list name')]);
    await events.type(screen.getByRole('textbox', { name: 'New list name' }), 'Do not message');
    await events.click(screen.getByRole('button', { name: 'Create HeyReach list' }));
    await waitFor(() => expect(combobox('HeyReach list')).toHaveValue('5002'));
    expect(posted(api, '/api/admin/api-keys/13/heyreach/lists')).toEqual([
      { listName: 'Do not message' },
    ]);
    expect(optionsOf('HeyReach list')).toEqual([
      'Please select HeyReach list',
      'Blocked profiles',
      'Do not message',
      '+ Create New List',
    ]);
    expect(screen.queryByRole('textbox', { name: 'New list name' })).not.toBeInTheDocument();
  });

  it.each([
    [
      { body: { success: false, listId: null, error: 'A list with this name already exists' } },
      'A list with this name already exists',
    ],
    [{ body: { success: false, listId: null, error: null } }, 'Failed to create list'],
    [{ status: 502, body: { message: 'HeyReach is unavailable' } }, 'HeyReach is unavailable'],
  ])('says why a list was not created (%j)', async (answer, message) => {
    const { events, host } = renderScreen({ createHeyReachList: answer });
    await heyReachForm(events);
    await choose(events, 'HeyReach list', '+ Create New List');
    await events.type(screen.getByRole('textbox', { name: 'New list name' }), 'Do not message');
    await events.click(screen.getByRole('button', { name: 'Create HeyReach list' }));
    await waitFor(() => expect(host.toasts).toEqual([error(message)]));
    expect(combobox('HeyReach list')).toHaveValue('new');
  });

  it('says when HeyReach refuses the key to list its lists, and still offers "+ Create New List"', async () => {
    const { events } = renderScreen({
      heyReachLists: { body: { success: false, lists: [], error: 'Invalid API key' } },
    });
    await heyReachForm(events);
    expect(
      await screen.findByText('The HeyReach lists could not be loaded: Invalid API key'),
    ).toBeInTheDocument();
    expect(optionsOf('HeyReach list')).toEqual([
      'Please select HeyReach list',
      '+ Create New List',
    ]);
  });
});

describe('Create a block list: Salesforce', () => {
  it('creates from a list view with its fields, offering no heyreach', async () => {
    const { events, api, host } = renderScreen();
    await openForm(events, SALESFORCE);
    expect(optionsOf('Platform')).toEqual([
      'Select Email Service',
      'Smartlead',
      'Instantly',
      'EmailBison',
    ]);
    await submit(events);
    await choose(events, 'List', 'Open leads (List view)');
    expect(optionsOf('List')).toEqual([
      'Select list',
      'Open leads (List view)',
      'Churned accounts (Report)',
    ]);
    await submit(events);
    await events.click(await screen.findByRole('checkbox', { name: 'Email (Email)' }));
    await submit(events);
    await events.selectOptions(combobox('Platform'), 'Instantly');
    await choose(events, 'API Key', 'Instantly (••••1212)');
    await events.selectOptions(combobox('Type of blocking'), 'Individual address');
    expect(
      screen.getByRole('checkbox', {
        name: 'Block the whole domain of emails with non-Latin characters',
      }),
    ).toBeChecked();
    await submit(events);

    await waitFor(() =>
      expect(host.toasts.at(-1)).toEqual({
        severity: 'success',
        summary: 'Success',
        detail: 'Started blocking 00B000000000001AAA Open leads',
        life: 3000,
      }),
    );
    expect(host.toasts.slice(0, 3)).toEqual(
      ['Select list', 'Select fields', 'Select Email Service'].map(validation),
    );
    expect(posted(api, '/api/admin/salesforce/blocked-lists')).toEqual([
      {
        crm: 'SALESFORCE',
        userProfileId: 8,
        listIdentifier: '00B000000000001AAA',
        listName: 'Open leads',
        apiKeyId: 12,
        blockType: 'ADDRESS',
        client: null,
        fields: ['Email'],
        useDomainForNonLatin: true,
      },
    ]);
  });

  it('another list clears the fields chosen', async () => {
    const { events } = renderScreen();
    await openForm(events, SALESFORCE);
    await choose(events, 'List', 'Open leads (List view)');
    await events.click(await screen.findByRole('checkbox', { name: 'Email (Email)' }));
    await events.selectOptions(combobox('List'), 'Churned accounts (Report)');
    expect(await screen.findByRole('checkbox', { name: 'Email (Email)' })).not.toBeChecked();
  });
});

describe('Create a block list: failing lookups degrade one field', () => {
  it('the HubSpot lists', async () => {
    const { events } = renderScreen({
      hubspotLists: { status: 502, body: { message: 'HubSpot is unavailable' } },
    });
    await openForm(events);
    await events.selectOptions(combobox('List type'), 'Contact list');
    expect(
      await screen.findByText('The HubSpot lists could not be loaded: HubSpot is unavailable'),
    ).toBeInTheDocument();
    await events.selectOptions(combobox('Platform'), 'Smartlead');
    await choose(events, 'API Key', 'Main smartlead (••••1111)');
  });

  it('the API keys, the clients and the contact properties', async () => {
    const { events } = renderScreen({
      apiKeys: { status: 500, body: { message: 'Database is unavailable' } },
      clients: { status: 502, body: { message: 'Smartlead is unavailable' } },
      contactProperties: { status: 502, body: { message: 'HubSpot is unavailable' } },
    });
    await openForm(events);
    await events.selectOptions(combobox('Platform'), 'HeyReach');
    expect(
      await screen.findByText('The API keys could not be loaded: Database is unavailable'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The contact properties could not be loaded: HubSpot is unavailable'),
    ).toBeInTheDocument();
    await events.selectOptions(combobox('List type'), 'Contact list');
    await choose(events, 'HubSpot list', 'Do not contact (42)');
  });

  it("the Salesforce lists and a list's fields", async () => {
    const { events } = renderScreen({
      salesforceFields: { status: 502, body: { message: 'Salesforce is unavailable' } },
    });
    await openForm(events, SALESFORCE);
    await choose(events, 'List', 'Open leads (List view)');
    expect(
      await screen.findByText("The list's fields could not be loaded: Salesforce is unavailable"),
    ).toBeInTheDocument();
    await events.selectOptions(combobox('Platform'), 'Smartlead');
    await choose(events, 'API Key', 'Main smartlead (••••1111)');
  });
});
