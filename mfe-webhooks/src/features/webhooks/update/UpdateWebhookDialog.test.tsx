import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookPage } from 'shared/contract';
import { renderWithHost, testUsers, type FakeHandler, type FakeResponse } from 'shared/testing';
import { fakeWebhookFormApi, type WebhookFormRoute } from '../salesforce/test-data';
import { salesforceProfile, webhookRow, ownPageKey } from '../table/test-data';
import { UpdateWebhookDialog } from './UpdateWebhookDialog';

const salesforceWebhook = webhookRow(2, {
  userId: 8,
  userProfileId: 8,
  user: salesforceProfile,
  hubspotOwnerId: '005A',
  ownerDetails: { firstName: 'Sam', lastName: 'Sales', email: 'sam@acme.test' },
  emailService: 'smartlead',
  apiKeyId: 11,
  smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
  createContactCustomProperties: true,
  salesforceCustomFieldObjects: ['Lead'],
  logType: 1,
  customTaskSubject: '{event_type}: {subject}',
  salesforceObjectType: 'Lead',
  salesforceOnlyUpdate: true,
  objectLookupMethod: 'optional_alternative_property',
  objectLookupIdField: 'External_Id__c',
});

function renderDialog({
  webhook = salesforceWebhook,
  canUpdate = true,
  with: overrides = {},
}: {
  webhook?: Webhook;
  canUpdate?: boolean;
  with?: Partial<Record<WebhookFormRoute, FakeHandler | FakeResponse>>;
} = {}) {
  const onClose = jest.fn();
  const api = fakeWebhookFormApi(overrides);
  const rendered = renderWithHost(
    <UpdateWebhookDialog webhook={webhook} open onClose={onClose} canUpdate={canUpdate} />,
    { user: testUsers.admin, api },
  );
  return { ...rendered, onClose, events: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog', { name: 'Update Webhook' });
const field = async (label: string) => within(await dialog()).getByLabelText(label);
const update = async (events: ReturnType<typeof userEvent.setup>) =>
  events.click(within(await dialog()).getByRole('button', { name: 'Update' }));
const validation = (detail: string) => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: 3000,
});
const puts = (api: { calls: { method: string; path: string; body: unknown }[] }) =>
  api.calls.filter((call) => call.method === 'PUT');

describe('Update Webhook dialog', () => {
  it('starts from the webhook: owner, platform, key and categories, the SALESFORCE fields and the URL', async () => {
    renderDialog();
    const scope = within(await dialog());
    await scope.findByRole('option', { name: 'Rita Rep rita@acme.test' });
    expect(await field('Select owner')).toHaveDisplayValue('Sam Sales sam@acme.test');
    expect(await field('Sales Engagement Platform')).toHaveDisplayValue('Smartlead');
    expect(
      within(await field('Sales Engagement Platform'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).not.toContain('HeyReach');
    expect(scope.getByRole('checkbox', { name: 'Custom Fields' })).toBeChecked();
    expect(scope.getByRole('combobox', { name: 'Custom Field Objects' })).toHaveTextContent('Lead');
    await waitFor(async () =>
      expect(await field('API Key')).toHaveDisplayValue('Main Smartlead (••••1234)'),
    );
    await waitFor(() =>
      expect(scope.getByRole('combobox', { name: 'Category-based filter' })).toHaveTextContent(
        'Interested',
      ),
    );
    expect(await field('Log Type')).toHaveDisplayValue('Task Object');
    expect(await field('Custom Task Subject')).toHaveValue('{event_type}: {subject}');
    expect(await field('Salesforce Object')).toHaveDisplayValue('Lead');
    expect(
      scope.getByRole('checkbox', { name: 'Select CRM field for os_objectlookup_id' }),
    ).toBeChecked();
    expect(await field('CRM field for os_objectlookup_id')).toHaveValue('External_Id__c');
    expect(await field('Upsert Or Update Only')).toHaveDisplayValue('Update Only');
    expect(await field('Webhook URL')).toHaveValue('http://localhost:8080/webhooks/code-2');
    expect(scope.queryByLabelText('Contact Search Property')).not.toBeInTheDocument();
  });

  it('is read-only without the right to update: no Update, every field disabled, the X closes it', async () => {
    const { onClose, events } = renderDialog({ canUpdate: false });
    const scope = within(await dialog());
    expect(scope.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(await field('Select owner')).toBeDisabled();
    expect(await field('Sales Engagement Platform')).toBeDisabled();
    expect(scope.getByRole('checkbox', { name: 'Custom Fields' })).toBeDisabled();
    expect(scope.getByRole('button', { name: 'Create Fields' })).toBeDisabled();
    expect(await field('Log Type')).toBeDisabled();
    expect(await field('Custom Task Subject')).toBeDisabled();
    await events.click(scope.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Update saves, toasts "Webhook has been updated", replaces the webhook in the pages shown and closes', async () => {
    const updated = { ...salesforceWebhook, salesforceOnlyUpdate: false };
    const { host, api, onClose, events } = renderDialog({ with: { update: { body: updated } } });
    const ownPage = ownPageKey();
    const page: WebhookPage = {
      page: 1,
      limit: 10,
      totalItems: 2,
      data: [webhookRow(1), salesforceWebhook],
    };
    host.queryClient.setQueryData(ownPage, page);
    await events.selectOptions(await field('Upsert Or Update Only'), 'Upsert');
    await update(events);
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Webhook has been updated', life: 3000 },
      ]),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(puts(api).map((call) => call.path)).toEqual(['/api/admin/webhooks/2']);
    expect(puts(api)[0]?.body).toMatchObject({
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
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Lead'],
      logType: 1,
      customTaskSubject: '{event_type}: {subject}',
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: false,
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'External_Id__c',
    });
    expect(host.queryClient.getQueryData<WebhookPage>(ownPage)?.data).toEqual([
      webhookRow(1),
      updated,
    ]);
  });

  it("a failed update shows the server's message for 3 s and stays open", async () => {
    const { host, onClose, events } = renderDialog({
      with: {
        update: {
          status: 400,
          body: { message: "The API key must be one of the webhook owner's keys" },
        },
      },
    });
    await update(events);
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: "The API key must be one of the webhook owner's keys",
          life: 3000,
        },
      ]),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('"Custom Field Objects not selected" with custom fields on and no object', async () => {
    const { host, api, events } = renderDialog();
    const scope = within(await dialog());
    await events.click(scope.getByRole('combobox', { name: 'Custom Field Objects' }));
    await events.click(within(scope.getByRole('listbox')).getByRole('option', { name: 'Lead' }));
    await events.keyboard('{Escape}');
    await update(events);
    expect(host.toasts).toEqual([validation('Custom Field Objects not selected')]);
    expect(puts(api)).toHaveLength(0);
  });

  it('"Enter Custom Task Subject" for log type 1 with a subject that is not usable (red border)', async () => {
    const { host, events } = renderDialog();
    const subject = await field('Custom Task Subject');
    await events.clear(subject);
    await events.type(subject, '{{to_name');
    expect(subject).toBeInvalid();
    await update(events);
    expect(host.toasts).toEqual([validation('Enter Custom Task Subject')]);
  });

  it('"Select Contact Search Property for HeyReach" for a heyreach webhook without one', async () => {
    const heyreach = {
      ...salesforceWebhook,
      emailService: 'heyreach' as const,
      apiKeyId: null,
      smartleadBaseCategories: [],
      objectLookupMethod: 'default' as const,
      objectLookupIdField: null,
      objectDefaultSearchProperty: 'hs_linkedin_url',
      createContactCustomProperties: false,
      salesforceCustomFieldObjects: [],
      logType: 0 as const,
      customTaskSubject: null,
    };
    const { host, events } = renderDialog({
      webhook: { ...heyreach, user: { ...salesforceProfile, profile: 'HUBSPOT' } },
    });
    const property = await field('Contact Search Property');
    expect(property).toHaveValue('hs_linkedin_url');
    await events.selectOptions(property, 'Select a property');
    await update(events);
    expect(host.toasts).toEqual([validation('Select Contact Search Property for HeyReach')]);
  });

  it('a platform change clears the key and categories and the endpoints’ event types ("Select Event Types")', async () => {
    const withEndpoint = {
      ...salesforceWebhook,
      userAccountWebhooks: [
        {
          id: 1,
          userAccount: { id: 4, url: 'https://mirror.test/in', description: 'Mirror' },
          eventTypes: ['EMAIL_REPLY'],
        },
      ],
    };
    const { host, events } = renderDialog({ webhook: withEndpoint });
    const scope = within(await dialog());
    expect(scope.getByRole('combobox', { name: 'Endpoint 1 account' })).toHaveDisplayValue(
      'Mirror (https://mirror.test/in)',
    );
    expect(scope.getByRole('combobox', { name: 'Event Types of endpoint 1' })).toHaveTextContent(
      'EMAIL_REPLY',
    );
    await waitFor(async () =>
      expect(await field('API Key')).toHaveDisplayValue('Main Smartlead (••••1234)'),
    );
    await events.selectOptions(await field('Sales Engagement Platform'), 'Instantly');
    expect(await field('API Key')).toHaveValue('');
    expect(
      scope.getByRole('combobox', { name: 'Event Types of endpoint 1' }),
    ).not.toHaveTextContent('EMAIL_REPLY');
    await update(events);
    expect(host.toasts).toEqual([validation('Select Event Types')]);
  });
});
