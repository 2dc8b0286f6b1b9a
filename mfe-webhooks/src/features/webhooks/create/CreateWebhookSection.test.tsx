import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookPage } from 'shared/contract';
import {
  integrationRow,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { webhookRow, ownPageKey } from '../table/test-data';
import { CreateWebhookSection } from './CreateWebhookSection';
import { fakeWebhookApi } from '../test-api';
import { lookupAnswers, lookupRoutes } from './test-data';

const routes = {
  ...lookupRoutes,
  integrations: 'GET /api/admin/users/integrations',
  create: 'POST /api/admin/webhooks',
} as const;
type Route = keyof typeof routes;

const hubspot = integrationRow(7, { ownerUserId: 3, ownerEmail: 'user@example.com' });
const salesforce = integrationRow(8, {
  profile: 'SALESFORCE',
  organizationId: '00D8',
  organizationDomain: null,
  email: 'sf@acme.test',
});

function renderSection(overrides: Partial<Record<Route, FakeHandler | FakeResponse>> = {}) {
  const handlers: Record<Route, FakeHandler | FakeResponse> = {
    ...lookupAnswers(),
    integrations: { body: [hubspot, salesforce] },
    create: ({ body }) => ({
      body: webhookRow(42, { code: (body as { code: string }).code, emailService: 'smartlead' }),
    }),
    ...overrides,
  };
  const api = fakeWebhookApi(routes, handlers);
  const rendered = renderWithHost(<CreateWebhookSection />, { user: testUsers.user, api });
  return { ...rendered, events: userEvent.setup() };
}
type Events = ReturnType<typeof userEvent.setup>;

const createBody = (api: { calls: { method: string; path: string; body: unknown }[] }) =>
  api.calls
    .filter((call) => call.method === 'POST' && call.path === '/api/admin/webhooks')
    .map((call) => call.body);
const generateCalls = (api: { calls: { path: string }[] }) =>
  api.calls.filter((call) => call.path === '/api/admin/webhooks/generate').length;
const validation = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});
const combobox = (name: string) => screen.getByRole('combobox', { name });

async function openHubspotForm(events: Events) {
  await events.selectOptions(
    await screen.findByRole('combobox', { name: 'Select Profile' }),
    'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
  );
  await screen.findByRole('form', { name: 'Create a webhook' });
  // the owners come in
  await screen.findByRole('option', { name: 'Olive Owner olive@acme.test' });
}

async function chooseOwnerAndPlatform(events: Events, platform = 'Smartlead') {
  await events.selectOptions(combobox('Select owner'), 'Olive Owner olive@acme.test');
  await events.selectOptions(combobox('Sales Engagement Platform'), platform);
}

/** FILTERED events, and the smartlead key. */
async function filterWithKey(events: Events) {
  await events.click(screen.getByRole('radio', { name: /^FILTERED/ }));
  await events.selectOptions(combobox('API Key'), 'Main smartlead (••••1234)');
}

async function pick(events: Events, name: string, options: string[]) {
  await events.click(screen.getByRole('combobox', { name }));
  const list = await screen.findByRole('listbox');
  for (const option of options)
    await events.click(within(list).getByRole('option', { name: option }));
  await events.keyboard('{Escape}');
}

const submit = (events: Events) =>
  events.click(screen.getByRole('button', { name: 'Create Webhook' }));

describe('Create a webhook: the profile', () => {
  it('says "You don\'t have any integrations!" without a profile', async () => {
    renderSection({ integrations: { body: [] } });
    expect(await screen.findByText("You don't have any integrations!")).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Select Profile' })).not.toBeInTheDocument();
  });

  it('hands a 401 on loading the integrations to the host (/unauthorized) without a toast', async () => {
    const { host } = renderSection({
      integrations: { status: 401, body: { message: 'Unauthorized' } },
    });
    await waitFor(() => expect(host.unauthorizedCount).toBe(1));
    expect(host.toasts).toEqual([]);
  });

  it('lists each integration as "{profile} - {email} - {organization id} {domain}" and shows the form of the CRM picked', async () => {
    const { events } = renderSection();
    const select = await screen.findByRole('combobox', { name: 'Select Profile' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select Profile',
      'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
      'SALESFORCE - sf@acme.test - 00D8',
    ]);
    await events.selectOptions(select, 'SALESFORCE - sf@acme.test - 00D8');
    const salesforceForm = await screen.findByRole('form', { name: 'Create a webhook' });
    expect(within(salesforceForm).getByRole('combobox', { name: 'Log Type' })).toBeInTheDocument();
    await openHubspotForm(events);
    expect(screen.queryByRole('combobox', { name: 'Log Type' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Object lookup method' })).toBeInTheDocument();
  });
});

describe('Create a webhook: HubSpot', () => {
  it('creates a smartlead webhook with FILTERED categories and an additional endpoint, has the tables read again and starts again', async () => {
    const { events, api, host } = renderSection();
    const page: WebhookPage = { page: 1, limit: 10, totalItems: 1, data: [webhookRow(1)] };
    host.queryClient.setQueryData(ownPageKey(), page);
    await openHubspotForm(events);
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('');

    await events.selectOptions(combobox('Select owner'), 'Olive Owner olive@acme.test');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
        'http://localhost/webhooks/code-1',
      ),
    );
    await events.selectOptions(combobox('Sales Engagement Platform'), 'Smartlead');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
        'http://localhost/webhooks/code-2',
      ),
    );
    expect(generateCalls(api)).toBe(2);
    expect(combobox('Object lookup method')).toHaveValue('default');
    expect(screen.getByRole('checkbox', { name: 'Create or update company' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveAttribute('readonly');

    expect(screen.queryByRole('combobox', { name: 'API Key' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Every event the platform sends is synced to the CRM.'),
    ).toBeInTheDocument();
    await filterWithKey(events);
    await pick(events, 'Category-based filter', ['Interested', 'Meeting booked']);

    await events.click(screen.getByRole('button', { name: 'Show advanced settings' }));
    await events.click(screen.getByRole('checkbox', { name: 'Create task' }));
    await events.selectOptions(
      combobox('Endpoint 1 account'),
      'CRM mirror (https://hooks.example.com/crm)',
    );
    await pick(events, 'Event Types of endpoint 1', ['EMAIL_REPLY']);

    await submit(events);
    await waitFor(() => expect(createBody(api)).toHaveLength(1));
    expect(createBody(api)[0]).toEqual({
      selectedOwner: {
        id: '101',
        firstName: 'Olive',
        lastName: 'Owner',
        email: 'olive@acme.test',
        name: 'Olive Owner',
      },
      userProfileId: 7,
      code: 'code-2',
      webhookUrl: 'http://localhost/webhooks/code-2',
      emailService: 'smartlead',
      apiKeyId: 11,
      smartleadBaseCategories: [
        { id: 3, name: 'Interested' },
        { id: 5, name: 'Meeting booked' },
      ],
      createOrUpdateCompany: true,
      createContactCustomProperties: false,
      assignCompanyOwner: false,
      assignContactOwner: false,
      createOrUpdateTask: true,
      objectLookupMethod: 'default',
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [
        { userAccount: { id: 4, description: 'CRM mirror' }, eventTypes: ['EMAIL_REPLY'] },
      ],
    });
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Created webhook', life: 3000 },
      ]),
    );
    expect(host.queryClient.getQueryState(ownPageKey())?.isInvalidated).toBe(true);
    await waitFor(() => expect(combobox('Select owner')).toHaveValue(''));
  });

  it('owner or platform changes clear the API key and the categories', async () => {
    const { events } = renderSection();
    await openHubspotForm(events);
    await chooseOwnerAndPlatform(events);
    await filterWithKey(events);
    await pick(events, 'Category-based filter', ['Interested']);
    await events.selectOptions(combobox('Select owner'), 'Sam Seller sam@acme.test');
    expect(combobox('API Key')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category-based filter' })).toHaveTextContent(
      'Select Category-based filter',
    );
  });

  it('heyreach turns company sync off (disabled) and preselects hs_linkedin_url for the profile URL', async () => {
    const { events } = renderSection();
    await openHubspotForm(events);
    await chooseOwnerAndPlatform(events, 'HeyReach');
    const company = screen.getByRole('checkbox', { name: 'Create or update company' });
    expect(company).not.toBeChecked();
    expect(company).toBeDisabled();
    expect(combobox('Profile URL')).toHaveValue('hs_linkedin_url');
    await events.selectOptions(combobox('Object lookup method'), 'Optional Alternative Property');
    expect(combobox('Email')).toHaveValue('');
    expect(combobox('Object lookup selection')).toHaveValue('');
  });

  it('bison offers its one fixed category and no API key', async () => {
    const { events, api } = renderSection();
    await openHubspotForm(events);
    await chooseOwnerAndPlatform(events, 'EmailBison');
    await events.click(screen.getByRole('radio', { name: /^FILTERED/ }));
    expect(screen.queryByRole('combobox', { name: 'API Key' })).not.toBeInTheDocument();
    await pick(events, 'Category-based filter', ['Interested']);
    await submit(events);
    await waitFor(() => expect(createBody(api)).toHaveLength(1));
    expect(createBody(api)[0]).toMatchObject({
      emailService: 'bison',
      apiKeyId: null,
      smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
    });
  });

  describe('validation (spec §5), a warning toast each and nothing sent', () => {
    it.each([
      [
        'Select Owner',
        async (events: Events) =>
          events.selectOptions(combobox('Sales Engagement Platform'), 'Smartlead'),
      ],
      [
        'Select Sales Engagement Platform',
        async (events: Events) =>
          events.selectOptions(combobox('Select owner'), 'Olive Owner olive@acme.test'),
      ],
      [
        'Select Category-based filter',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events);
          await filterWithKey(events);
        },
      ],
      // issue 56: FILTERED with nothing to filter by is refused, never saved as ALL
      [
        'Select API Key',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events);
          await events.click(screen.getByRole('radio', { name: /^FILTERED/ }));
        },
      ],
      [
        'Select Category-based filter',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events, 'EmailBison');
          await events.click(screen.getByRole('radio', { name: /^FILTERED/ }));
        },
      ],
      [
        'Select Event Types',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events);
          await events.click(screen.getByRole('button', { name: 'Show advanced settings' }));
          await events.selectOptions(
            combobox('Endpoint 1 account'),
            'Slack (https://hooks.example.com/slack)',
          );
        },
      ],
      [
        'Select Object Lookup Method',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events);
          await events.selectOptions(
            combobox('Object lookup method'),
            'Select Object Lookup Method',
          );
        },
      ],
      [
        'Select Property for Profile URL',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events, 'HeyReach');
          await events.selectOptions(combobox('Profile URL'), 'Select Property');
        },
      ],
      [
        'Select Property for Object lookup selection',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events, 'HeyReach');
          await events.selectOptions(combobox('Object lookup method'), 'Alternative Property');
        },
      ],
      [
        'Select at least one property for Optional Alternative Property',
        async (events: Events) => {
          await chooseOwnerAndPlatform(events, 'HeyReach');
          await events.selectOptions(
            combobox('Object lookup method'),
            'Optional Alternative Property',
          );
          await events.selectOptions(combobox('Profile URL'), 'Select Property');
        },
      ],
    ])('"%s"', async (message, fill) => {
      const { events, api, host } = renderSection();
      await openHubspotForm(events);
      await fill(events);
      await submit(events);
      await waitFor(() => expect(host.toasts).toEqual([validation(message)]));
      expect(createBody(api)).toEqual([]);
    });

    it('"Select Object Lookup Field" is shown for a non-default method without a lookup field, and the webhook is still created', async () => {
      const { events, api, host } = renderSection();
      await openHubspotForm(events);
      await chooseOwnerAndPlatform(events);
      await events.selectOptions(combobox('Object lookup method'), 'Alternative Property');
      expect(combobox('Object lookup selection')).toHaveValue('hs_object_id');
      await events.selectOptions(combobox('Object lookup selection'), 'Select Property');
      await submit(events);
      await waitFor(() => expect(createBody(api)).toHaveLength(1));
      await waitFor(() =>
        expect(host.toasts).toEqual([
          validation('Select Object Lookup Field'),
          { severity: 'success', summary: 'Success', detail: 'Created webhook', life: 3000 },
        ]),
      );
    });

    it('"Endpoint is already selected" when an endpoint is chosen twice', async () => {
      const { events, host } = renderSection();
      await openHubspotForm(events);
      await chooseOwnerAndPlatform(events);
      await events.click(screen.getByRole('button', { name: 'Show advanced settings' }));
      await events.selectOptions(
        combobox('Endpoint 1 account'),
        'Slack (https://hooks.example.com/slack)',
      );
      await pick(events, 'Event Types of endpoint 1', ['EMAIL_SENT']);
      await events.click(screen.getByRole('button', { name: 'Add an endpoint after endpoint 1' }));
      await events.selectOptions(
        combobox('Endpoint 2 account'),
        'Slack (https://hooks.example.com/slack)',
      );
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Endpoint is already selected', life: 3000 },
      ]);
      expect(
        screen.queryByRole('combobox', { name: 'Endpoint 2 account' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('failures (spec §8)', () => {
    it('a create failure shows the server message until dismissed', async () => {
      const { events, host } = renderSection({
        create: { status: 403, body: { message: 'You may not create webhooks' } },
      });
      await openHubspotForm(events);
      await chooseOwnerAndPlatform(events);
      await submit(events);
      await waitFor(() =>
        expect(host.toasts).toEqual([
          { severity: 'error', summary: 'Error', detail: 'You may not create webhooks', life: 0 },
        ]),
      );
    });

    it('a property load failure shows the server message for 3 s and leaves the list empty', async () => {
      const { events, host } = renderSection({
        properties: { status: 502, body: { message: 'HubSpot is unavailable' } },
      });
      await openHubspotForm(events);
      await waitFor(() =>
        expect(host.toasts).toEqual([
          { severity: 'error', summary: 'Error', detail: 'HubSpot is unavailable', life: 3000 },
        ]),
      );
      await chooseOwnerAndPlatform(events, 'HeyReach');
      expect(
        within(combobox('Profile URL'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select Property', 'hs_linkedin_url']);
    });

    it('a lead category load failure shows the server message and clears the API key and categories', async () => {
      const { events, host } = renderSection({
        categories: { status: 400, body: { message: 'Smartlead refused the key' } },
      });
      await openHubspotForm(events);
      await chooseOwnerAndPlatform(events);
      await filterWithKey(events);
      await waitFor(() =>
        expect(host.toasts).toEqual([
          { severity: 'error', summary: 'Error', detail: 'Smartlead refused the key', life: 3000 },
        ]),
      );
      expect(combobox('API Key')).toHaveValue('');
    });

    it('a 401 on loading lead categories goes to /unauthorized without a toast', async () => {
      const { events, host } = renderSection({
        categories: { status: 401, body: { message: 'Unauthorized' } },
      });
      await openHubspotForm(events);
      await chooseOwnerAndPlatform(events);
      await filterWithKey(events);
      await waitFor(() => expect(host.unauthorizedCount).toBe(1));
      expect(host.toasts).toEqual([]);
    });
  });
});
