import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookPage } from 'shared/contract';
import {
  createNamedFakeApi,
  renderWithHost,
  testUsers,
  type FakeHandler,
  type FakeResponse,
} from 'shared/testing';
import { endpointAccounts, lookupAnswers, lookupRoutes } from '../create/test-data';
import { webhookRow, othersPageKey } from '../table/test-data';
import { UpdateWebhookHubspotDialog } from './UpdateWebhookHubspotDialog';

const routes = { ...lookupRoutes, update: 'PUT /api/admin/webhooks/{id}' } as const;
type Route = keyof typeof routes;

const stored = webhookRow(1, {
  user: {
    id: 7,
    email: 'owner@acme.test',
    profile: 'HUBSPOT',
    organizationId: '4411',
    organizationDomain: 'acme.hubspot.test',
    settings: null,
    userAccounts: endpointAccounts,
  },
  apiKeyId: 11,
  smartleadBaseCategories: [{ id: 3, name: 'Interested' }],
  createOrUpdateCompany: true,
  objectLookupMethod: 'alternative_property',
  objectLookupIdField: 'lead_id',
  userAccountWebhooks: [{ id: 1, userAccount: endpointAccounts[0]!, eventTypes: ['EMAIL_REPLY'] }],
});
const other = webhookRow(2);

function renderDialog({
  canUpdate = true,
  with: overrides = {},
}: { canUpdate?: boolean; with?: Partial<Record<Route, FakeHandler | FakeResponse>> } = {}) {
  const handlers: Record<Route, FakeHandler | FakeResponse> = {
    ...lookupAnswers(),
    update: ({ body }) => ({
      body: {
        ...stored,
        ...(body as Partial<Webhook>),
        selectedOwner: undefined,
        userAccountWebhooks: stored.userAccountWebhooks,
      },
    }),
    ...overrides,
  };
  const api = createNamedFakeApi(routes, handlers);
  const closed: number[] = [];
  const rendered = renderWithHost(
    <UpdateWebhookHubspotDialog
      webhook={stored}
      open
      canUpdate={canUpdate}
      onClose={() => closed.push(1)}
    />,
    { user: testUsers.admin, api },
  );
  rendered.host.queryClient.setQueryData<WebhookPage>(othersPageKey(), {
    page: 1,
    limit: 10,
    totalItems: 2,
    data: [other, stored],
  });
  return { ...rendered, events: userEvent.setup(), closed };
}

const dialog = () => screen.findByRole('dialog', { name: 'Update Webhook HubSpot' });
const putBodies = (api: { calls: { method: string; body: unknown }[] }) =>
  api.calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('Update Webhook HubSpot', () => {
  it("shows the webhook's settings, read-only and without Update where the user may not update; the X closes it", async () => {
    const { events, closed } = renderDialog({ canUpdate: false });
    const view = within(await dialog());
    expect(view.getByRole('combobox', { name: 'Select owner' })).toHaveValue('101');
    expect(view.getByRole('combobox', { name: 'Select owner' })).toBeDisabled();
    expect(view.getByRole('combobox', { name: 'Sales Engagement Platform' })).toHaveValue(
      'smartlead',
    );
    expect(view.getByRole('combobox', { name: 'Object lookup method' })).toHaveValue(
      'alternative_property',
    );
    expect(view.getByRole('combobox', { name: 'Object lookup selection' })).toHaveValue('lead_id');
    expect(view.getByRole('radio', { name: /^FILTERED/ })).toBeChecked();
    expect(view.getByRole('combobox', { name: 'API Key' })).toHaveValue('11');
    expect(view.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      'http://localhost:8080/webhooks/code-1',
    );
    expect(view.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    await events.click(view.getByRole('button', { name: 'Close' }));
    expect(closed).toHaveLength(1);
  });

  it('Update sends the form, replaces the webhook in both lists, says "Webhook has been updated" and closes', async () => {
    const { events, api, host, closed } = renderDialog();
    const view = within(await dialog());
    await events.click(view.getByRole('button', { name: 'Show advanced settings' }));
    expect(view.getByRole('combobox', { name: 'Endpoint 1 account' })).toHaveValue('4');
    await events.click(view.getByRole('checkbox', { name: 'Assign contact owner' }));
    await events.click(view.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putBodies(api)).toHaveLength(1));
    expect(putBodies(api)[0]).toMatchObject({
      selectedOwner: { id: '101', firstName: 'Olive', lastName: 'Owner', email: 'olive@acme.test' },
      code: 'code-1',
      emailService: 'smartlead',
      apiKeyId: 11,
      smartleadBaseCategories: [{ id: 3, name: 'Interested' }],
      assignContactOwner: true,
      objectLookupMethod: 'alternative_property',
      objectLookupIdField: 'lead_id',
      additionalEndpoints: [
        { userAccount: { id: 4, description: 'CRM mirror' }, eventTypes: ['EMAIL_REPLY'] },
      ],
    });
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'success', summary: 'Success', detail: 'Webhook has been updated', life: 3000 },
      ]),
    );
    expect(closed).toHaveLength(1);
    const page = host.queryClient.getQueryData<WebhookPage>(othersPageKey());
    expect(page?.data.map((webhook) => [webhook.id, webhook.assignContactOwner])).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('to heyreach turns company sync off and empties the endpoints\' event types: "Select Event Types"', async () => {
    const { events, api, host, closed } = renderDialog();
    const view = within(await dialog());
    await events.selectOptions(
      view.getByRole('combobox', { name: 'Sales Engagement Platform' }),
      'HeyReach',
    );
    expect(view.getByRole('checkbox', { name: 'Create or update company' })).not.toBeChecked();
    await events.click(view.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { severity: 'warn', summary: 'Validation', detail: 'Select Event Types', life: 3000 },
      ]),
    );
    expect(putBodies(api)).toEqual([]);
    expect(closed).toEqual([]);
  });

  it("has the create form's lookup rules: heyreach alternative without a lookup field", async () => {
    const { events, host } = renderDialog();
    const view = within(await dialog());
    await events.click(view.getByRole('button', { name: 'Show advanced settings' }));
    await events.click(view.getByRole('button', { name: 'Remove endpoint 1' }));
    await events.selectOptions(
      view.getByRole('combobox', { name: 'Sales Engagement Platform' }),
      'HeyReach',
    );
    await events.click(view.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(host.toasts.map((toast) => toast.detail)).toEqual([
        'Select Property for Object lookup selection',
      ]),
    );
  });

  it('an update failure shows the server message for 3 s and keeps the dialog open', async () => {
    const { events, host, closed } = renderDialog({
      with: {
        update: {
          status: 400,
          body: { message: 'The API key is a smartlead key, not a heyreach key' },
        },
      },
    });
    const view = within(await dialog());
    await events.click(view.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        {
          severity: 'error',
          summary: 'Error',
          detail: 'The API key is a smartlead key, not a heyreach key',
          life: 3000,
        },
      ]),
    );
    expect(closed).toEqual([]);
  });
});
