import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook } from 'shared/contract';
import { createNamedFakeApi, renderWithHost, testUsers } from 'shared/testing';
import { secretKeyTexts } from '../fields/SmartleadSecretKeyField';
import { lookupAnswers, lookupRoutes } from '../create/test-data';
import { webhookRow } from '../table/test-data';
import { UpdateWebhookHubspotDialog } from './UpdateWebhookHubspotDialog';

const routes = { ...lookupRoutes, update: 'PUT /api/admin/webhooks/{id}' } as const;

/** The HubSpot update dialog of a Smartlead webhook; answers an update with the webhook as sent. */
function renderDialog(webhook: Webhook) {
  const api = createNamedFakeApi(routes, {
    ...lookupAnswers(),
    update: ({ body }) => ({ body: { ...webhook, ...(body as Partial<Webhook>) } }),
  });
  renderWithHost(
    <UpdateWebhookHubspotDialog webhook={webhook} open canUpdate onClose={() => {}} />,
    {
      user: testUsers.admin,
      api,
    },
  );
  return { api, events: userEvent.setup() };
}

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: 'Update Webhook HubSpot' }));
const sentKey = async (api: { calls: { method: string; body: unknown }[] }) => {
  await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
  const body = api.calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
  return 'smartleadSecretKey' in body ? body.smartleadSecretKey : 'left out';
};

describe('Smartlead secret key in the webhook settings', () => {
  it('sets a key typed on a webhook without one', async () => {
    const { api, events } = renderDialog(webhookRow(1, { emailService: 'smartlead' }));
    const view = await dialog();
    const input = view.getByLabelText(secretKeyTexts.label);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('placeholder', secretKeyTexts.optional);
    expect(view.queryByText(secretKeyTexts.set)).not.toBeInTheDocument();
    await events.type(input, ' sl-secret-1 ');
    await events.click(view.getByRole('button', { name: 'Update' }));
    expect(await sentKey(api)).toBe('sl-secret-1');
  });

  it('shows a stored key as set, never its value, and keeps it when the form leaves it alone', async () => {
    const { api, events } = renderDialog(
      webhookRow(1, { emailService: 'smartlead', hasSmartleadSecretKey: true }),
    );
    const view = await dialog();
    expect(view.getByText(secretKeyTexts.set)).toBeInTheDocument();
    expect(view.getByLabelText(secretKeyTexts.label)).toHaveValue('');
    expect(view.getByLabelText(secretKeyTexts.label)).toHaveAttribute(
      'placeholder',
      secretKeyTexts.replace,
    );
    await events.click(view.getByRole('button', { name: 'Update' }));
    expect(await sentKey(api)).toBe('left out');
  });

  it('clears a stored key on Update, and Keep takes the clearing back', async () => {
    const { api, events } = renderDialog(
      webhookRow(1, { emailService: 'smartlead', hasSmartleadSecretKey: true }),
    );
    const view = await dialog();
    await events.click(view.getByRole('button', { name: secretKeyTexts.clear }));
    expect(view.getByText(secretKeyTexts.removed)).toBeInTheDocument();
    expect(view.queryByText(secretKeyTexts.set)).not.toBeInTheDocument();
    await events.click(view.getByRole('button', { name: secretKeyTexts.keep }));
    expect(view.getByText(secretKeyTexts.set)).toBeInTheDocument();
    await events.click(view.getByRole('button', { name: secretKeyTexts.clear }));
    await events.click(view.getByRole('button', { name: 'Update' }));
    expect(await sentKey(api)).toBeNull();
  });

  it('is not asked of a webhook on another platform', async () => {
    renderDialog(webhookRow(1, { emailService: 'instantly' }));
    const view = await dialog();
    expect(view.getByRole('combobox', { name: 'Sales Engagement Platform' })).toHaveValue(
      'instantly',
    );
    expect(view.queryByLabelText(secretKeyTexts.label)).not.toBeInTheDocument();
  });
});
