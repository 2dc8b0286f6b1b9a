import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, WebhookCreate, WebhookPage } from 'shared/contract';
import { renderWithHost, testUsers, type FakeHandler, type FakeResponse } from 'shared/testing';
import { ownPageKey, webhookRow } from '../../table/test-data';
import {
  fakeWebhookFormApi,
  salesforceIntegration,
  type WebhookFormRoute,
} from '../../salesforce/test-data';
import { SalesforceCreateForm } from './SalesforceCreateForm';

type Events = ReturnType<typeof userEvent.setup>;

function renderForm({
  user = testUsers.user,
  with: overrides = {},
}: {
  user?: CurrentUser;
  with?: Partial<Record<WebhookFormRoute, FakeHandler | FakeResponse>>;
} = {}) {
  const api = fakeWebhookFormApi(overrides);
  const rendered = renderWithHost(<SalesforceCreateForm integration={salesforceIntegration} />, {
    user,
    location: '/admin/dashboard/webhooks',
    api,
  });
  return { ...rendered, events: userEvent.setup() };
}

const form = () => screen.getByRole('form', { name: 'Create a webhook' });
const field = (label: string) => within(form()).getByLabelText(label);
const checkbox = (name: string) => within(form()).getByRole('checkbox', { name });
const submit = (events: Events) =>
  events.click(within(form()).getByRole('button', { name: 'Create Webhook' }));
const validation = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});
const callsTo = (
  api: { calls: { method: string; path: string; body: unknown }[] },
  method: string,
  path: string,
) => api.calls.filter((call) => call.method === method && call.path === path);

/** Owner Sam Sales and a platform; waits for the URL of the second code. */
async function pickOwnerAndPlatform(events: Events, platform = 'Smartlead') {
  await screen.findByRole('option', { name: 'Sam Sales sam@acme.test' });
  await events.selectOptions(field('Select owner'), 'Sam Sales sam@acme.test');
  await events.selectOptions(field('Sales Engagement Platform'), platform);
  await waitFor(() => expect(field('Webhook URL')).toHaveValue('http://localhost/webhooks/code-2'));
}

/** Chooses options of a multi-select dropdown (it toggles each) and closes it. */
async function choose(events: Events, name: string, options: string[]) {
  await events.click(within(form()).getByRole('combobox', { name }));
  const list = await screen.findByRole('listbox');
  for (const option of options)
    await events.click(await within(list).findByRole('option', { name: option }));
  await events.keyboard('{Escape}');
}

async function pickKeyAndCategory(events: Events, category: string | null = 'Interested') {
  await screen.findByRole('option', { name: 'Main Smartlead (••••1234)' });
  await events.selectOptions(field('API Key'), 'Main Smartlead (••••1234)');
  if (category) await choose(events, 'Category-based filter', [category]);
}

describe('SALESFORCE create form: fields and codes', () => {
  it('offers the owners by name and email and every platform but heyreach', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Sam Sales sam@acme.test' });
    expect(
      within(field('Select owner'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Owner', 'Sam Sales sam@acme.test', 'Rita Rep rita@acme.test']);
    expect(
      within(field('Sales Engagement Platform'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Sales Engagement Platform', 'Smartlead', 'Instantly', 'EmailBison']);
    expect(field('Log Type')).toHaveDisplayValue('Email Object');
    expect(field('Salesforce Object')).toHaveDisplayValue('Contact');
    expect(field('Upsert Or Update Only')).toHaveDisplayValue('Upsert');
    expect(field('Webhook URL')).toHaveAttribute('readonly');
    expect(within(form()).queryByLabelText('Custom Task Subject')).not.toBeInTheDocument();
  });

  it('asks for a new code and URL at each owner or platform pick, and clears the API key and categories', async () => {
    const { api, events } = renderForm();
    await screen.findByRole('option', { name: 'Sam Sales sam@acme.test' });
    await events.selectOptions(field('Select owner'), 'Sam Sales sam@acme.test');
    await waitFor(() =>
      expect(field('Webhook URL')).toHaveValue('http://localhost/webhooks/code-1'),
    );
    await events.selectOptions(field('Sales Engagement Platform'), 'Smartlead');
    await waitFor(() =>
      expect(field('Webhook URL')).toHaveValue('http://localhost/webhooks/code-2'),
    );
    await pickKeyAndCategory(events);
    await events.selectOptions(field('Select owner'), 'Rita Rep rita@acme.test');
    await waitFor(() =>
      expect(field('Webhook URL')).toHaveValue('http://localhost/webhooks/code-3'),
    );
    expect(field('API Key')).toHaveValue('');
    expect(
      within(form()).queryByRole('combobox', { name: 'Category-based filter' }),
    ).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/admin/webhooks/generate')).toHaveLength(3);
  });

  it('offers the API key for smartlead and instantly, not for bison', async () => {
    const { events } = renderForm();
    await pickOwnerAndPlatform(events, 'EmailBison');
    expect(within(form()).queryByLabelText('API Key')).not.toBeInTheDocument();
    await events.selectOptions(field('Sales Engagement Platform'), 'Instantly');
    expect(await within(form()).findByLabelText('API Key')).toBeInTheDocument();
  });

  it('clears the API key with a toast when its categories cannot be loaded', async () => {
    const { host, events } = renderForm({
      with: { categories: { status: 502, body: { message: 'Smartlead did not answer' } } },
    });
    await pickOwnerAndPlatform(events);
    await pickKeyAndCategory(events, null);
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'Smartlead did not answer', life: 3000 },
      ]),
    );
    expect(field('API Key')).toHaveValue('');
  });
});

describe('SALESFORCE create form: validation toasts (spec §5)', () => {
  it('"Select Owner", then "Select Sales Engagement Platform"', async () => {
    const { host, api, events } = renderForm();
    await submit(events);
    expect(host.toasts).toEqual([validation('Select Owner')]);
    await screen.findByRole('option', { name: 'Sam Sales sam@acme.test' });
    await events.selectOptions(field('Select owner'), 'Sam Sales sam@acme.test');
    await submit(events);
    expect(host.toasts.at(-1)).toEqual(validation('Select Sales Engagement Platform'));
    expect(callsTo(api, 'POST', '/api/admin/webhooks')).toHaveLength(0);
  });

  it('"Select Category-based filter" for a key without categories', async () => {
    const { host, events } = renderForm();
    await pickOwnerAndPlatform(events);
    await pickKeyAndCategory(events, null);
    await submit(events);
    expect(host.toasts).toEqual([validation('Select Category-based filter')]);
  });

  it('"Select Event Types" for an endpoint without event types; with them it is sent', async () => {
    const { host, api, events } = renderForm({ with: { create: { body: webhookRow(32) } } });
    await pickOwnerAndPlatform(events, 'EmailBison');
    await events.selectOptions(
      await within(form()).findByRole('combobox', { name: 'Endpoint 1 account' }),
      'Mirror (https://mirror.test/in)',
    );
    await submit(events);
    expect(host.toasts).toEqual([validation('Select Event Types')]);
    await choose(events, 'Event Types of endpoint 1', ['EMAIL_REPLY']);
    await submit(events);
    await waitFor(() => expect(callsTo(api, 'POST', '/api/admin/webhooks')).toHaveLength(1));
    expect(callsTo(api, 'POST', '/api/admin/webhooks')[0]?.body).toMatchObject({
      additionalEndpoints: [
        { userAccount: { id: 4, description: 'Mirror' }, eventTypes: ['EMAIL_REPLY'] },
      ],
    });
  });

  it('"Fields not created" with custom fields on before Create Fields', async () => {
    const { host, events } = renderForm();
    await pickOwnerAndPlatform(events);
    await events.click(checkbox('Custom Fields'));
    await choose(events, 'Custom Field Objects', ['Lead']);
    await submit(events);
    expect(host.toasts).toEqual([validation('Fields not created')]);
  });

  it('"Objects for custom fields not selected" when Create Fields has no objects', async () => {
    const { host, api, events } = renderForm();
    await events.click(checkbox('Custom Fields'));
    await events.click(within(form()).getByRole('button', { name: 'Create Fields' }));
    expect(host.toasts).toEqual([validation('Objects for custom fields not selected')]);
    expect(callsTo(api, 'POST', '/api/admin/salesforce/properties')).toHaveLength(0);
  });

  it('"Enter Custom Task Subject" for log type 1 with a subject that is not usable', async () => {
    const { host, events } = renderForm();
    await pickOwnerAndPlatform(events, 'EmailBison');
    await events.selectOptions(field('Log Type'), 'Task Object');
    await events.type(field('Custom Task Subject'), 'Hi {{first_name}');
    await submit(events);
    expect(host.toasts).toEqual([validation('Enter Custom Task Subject')]);
  });
});

describe('SALESFORCE create form: Create Fields (spec §4, §8)', () => {
  it('preselects System Administrator; success shows the server message and lets the webhook be created', async () => {
    const created = webhookRow(30, { emailService: 'bison' });
    const { host, api, events } = renderForm({ with: { create: { body: created } } });
    await pickOwnerAndPlatform(events, 'EmailBison');
    await events.click(checkbox('Custom Fields'));
    await waitFor(() =>
      expect(field('Select Permissions')).toHaveDisplayValue('System Administrator'),
    );
    await choose(events, 'Custom Field Objects', ['Task', 'Lead']);
    await events.click(within(form()).getByRole('button', { name: 'Create Fields' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'success',
          summary: 'Success',
          detail: 'Created 12 fields on Lead',
          life: 3000,
        },
      ]),
    );
    expect(
      callsTo(api, 'POST', '/api/admin/salesforce/properties').map((call) => call.body),
    ).toEqual([
      { userProfileId: 8, permissionId: '0PS000000000002', customFields: ['Lead', 'Task'] },
    ]);
    await submit(events);
    await waitFor(() => expect(callsTo(api, 'POST', '/api/admin/webhooks')).toHaveLength(1));
    expect(callsTo(api, 'POST', '/api/admin/webhooks')[0]?.body).toMatchObject({
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Lead', 'Task'],
    });
  });

  it("a refusal shows the server's message until dismissed and the fields count as not created", async () => {
    const { host, events } = renderForm({
      with: { createFields: { body: { success: false, message: 'INSUFFICIENT_ACCESS on Lead' } } },
    });
    await pickOwnerAndPlatform(events, 'EmailBison');
    await events.click(checkbox('Custom Fields'));
    await choose(events, 'Custom Field Objects', ['Lead']);
    await waitFor(() =>
      expect(field('Select Permissions')).toHaveDisplayValue('System Administrator'),
    );
    await events.click(within(form()).getByRole('button', { name: 'Create Fields' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'INSUFFICIENT_ACCESS on Lead', life: 0 },
      ]),
    );
    await submit(events);
    expect(host.toasts.at(-1)).toEqual(validation('Fields not created'));
  });

  it('a failed request shows "Failed to create properties" until dismissed and resets the flag', async () => {
    let attempt = 0;
    const { host, events } = renderForm({
      with: {
        createFields: () =>
          (attempt += 1) === 1
            ? { body: { success: true, message: 'Created' } }
            : { status: 502, body: { message: 'Salesforce did not answer' } },
      },
    });
    await pickOwnerAndPlatform(events, 'EmailBison');
    await events.click(checkbox('Custom Fields'));
    await choose(events, 'Custom Field Objects', ['Lead']);
    await waitFor(() =>
      expect(field('Select Permissions')).toHaveDisplayValue('System Administrator'),
    );
    const createFields = within(form()).getByRole('button', { name: 'Create Fields' });
    await events.click(createFields);
    await waitFor(() => expect(host.toasts).toHaveLength(1));
    await events.click(createFields);
    await waitFor(() =>
      expect(host.toasts.at(-1)).toEqual({
        severity: 'error',
        summary: 'Error',
        detail: 'Failed to create properties',
        life: 0,
      }),
    );
    await submit(events);
    expect(host.toasts.at(-1)).toEqual(validation('Fields not created'));
  });
});

describe('SALESFORCE create form: Custom Task Subject', () => {
  it('shows only for log type 1, lists the snippets, and has a red border while not usable', async () => {
    const { events } = renderForm();
    await events.selectOptions(field('Log Type'), 'Task Object');
    const subject = field('Custom Task Subject');
    expect(form()).toHaveTextContent(
      '{os_sales_engagement_platform}, {event_type}, {to_name}, {to_email}, {from_email}, {campaign_name}, {campaign_id}, {subject}, {sequence_number}, {lead_category_id}, {lead_category_name}',
    );
    expect(subject).toBeInvalid();
    await events.type(subject, '{{event_type}: {{subject}');
    expect(subject).toHaveValue('{event_type}: {subject}');
    expect(subject).toBeValid();
    await events.type(subject, ' {{first_name}');
    expect(subject).toBeInvalid();
    await events.selectOptions(field('Log Type'), 'Email Object');
    expect(within(form()).queryByLabelText('Custom Task Subject')).not.toBeInTheDocument();
    await events.selectOptions(field('Log Type'), 'Task Object');
    expect(field('Custom Task Subject')).toHaveValue('');
  });
});

describe('SALESFORCE create form: create', () => {
  it('sends the payload, toasts "Created webhook", adds it to the lists and starts again', async () => {
    const created = webhookRow(31, { emailService: 'smartlead' });
    const { host, api, events } = renderForm({
      user: testUsers.admin,
      with: { create: { body: created } },
    });
    const page: WebhookPage = { page: 1, limit: 10, totalItems: 1, data: [webhookRow(1)] };
    host.queryClient.setQueryData(ownPageKey(), page);
    await pickOwnerAndPlatform(events);
    await pickKeyAndCategory(events);
    await events.selectOptions(field('Log Type'), 'Task Object');
    await events.type(field('Custom Task Subject'), '{{event_type}: {{subject}');
    await events.selectOptions(field('Salesforce Object'), 'Lead');
    await events.click(checkbox('Select CRM field for os_objectlookup_id'));
    await events.selectOptions(
      await within(form()).findByLabelText('CRM field for os_objectlookup_id'),
      'External Id (External_Id__c)',
    );
    await events.selectOptions(field('Upsert Or Update Only'), 'Update Only');
    await submit(events);
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Created webhook', life: 3000 },
      ]),
    );
    const body = callsTo(api, 'POST', '/api/admin/webhooks')[0]?.body as WebhookCreate;
    expect(body).toEqual({
      selectedOwner: {
        id: '005A',
        firstName: 'Sam',
        lastName: 'Sales',
        email: 'sam@acme.test',
        name: 'Sam Sales',
      },
      emailService: 'smartlead',
      apiKeyId: 11,
      smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
      createOrUpdateCompany: false,
      createOrUpdateTask: false,
      createContactCustomProperties: false,
      assignCompanyOwner: false,
      assignContactOwner: false,
      customTaskSubject: '{event_type}: {subject}',
      logType: 1,
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      salesforceCustomFieldObjects: [],
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'External_Id__c',
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [],
      userProfileId: 8,
      code: 'code-2',
      webhookUrl: 'http://localhost/webhooks/code-2',
    });
    expect(callsTo(api, 'GET', '/api/admin/profiles/8/crm-properties')).not.toHaveLength(0);
    expect(host.queryClient.getQueryState(ownPageKey())?.isInvalidated).toBe(true);
    expect(field('Select owner')).toHaveValue('');
    expect(field('Webhook URL')).toHaveValue('');
  });

  it("a failure shows the server's message until dismissed", async () => {
    const { host, events } = renderForm({
      with: { create: { status: 400, body: { message: 'The code was already used' } } },
    });
    await pickOwnerAndPlatform(events, 'EmailBison');
    await submit(events);
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'error', summary: 'Error', detail: 'The code was already used', life: 0 },
      ]),
    );
    expect(field('Select owner')).toHaveDisplayValue('Sam Sales sam@acme.test');
  });
});
