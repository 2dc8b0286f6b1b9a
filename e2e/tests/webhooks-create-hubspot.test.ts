import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { chooseOptions } from '../src/popups';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { waitForToast } from '../src/toasts';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

/** The profile's id, and a smartlead key and a webhook endpoint on it, made through the api (their own screens are tested elsewhere). */
async function prepareProfile(page: Page): Promise<void> {
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const calls = sessionApi(page, env.stack.baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>(
    '/api/admin/users/integrations',
  );
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!profile) throw new Error('No HUBSPOT integration after connecting');
  await calls.postJson('/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: 'sl-valid-key',
    description: 'Smartlead main',
    userProfileId: profile.id,
  });
  await calls.postJson('/api/admin/user-accounts', {
    url: 'https://hooks.example.com/crm',
    description: 'CRM mirror',
    userProfileId: profile.id,
  });
}

it('creates a HubSpot webhook for smartlead with FILTERED categories and an additional endpoint, shows it with its tags and badges, and updates it', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await prepareProfile(page);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page.getByLabel('Select Profile').selectOption({ label: PROFILE });
  const form = page.getByRole('form', { name: 'Create a webhook' });
  const owner = form.getByLabel('Select owner');
  await owner.locator('option').nth(1).waitFor({ state: 'attached' });
  await owner.selectOption({ index: 1 });
  await form.getByLabel('Sales Engagement Platform').selectOption({ label: 'Smartlead' });
  const url = form.getByLabel('Webhook URL');
  // the owner and the platform each ask for a new code; the URL is final once neither is pending
  await form
    .getByRole('button', { name: 'Create Webhook' })
    .and(page.locator(':enabled'))
    .waitFor();
  await page.waitForFunction(
    (input) => (input as HTMLInputElement | null)?.value.startsWith('http') ?? false,
    await url.elementHandle(),
  );
  const webhookUrl = await url.inputValue();
  expect(webhookUrl).toMatch(new RegExp(`^${env.stack.baseUrl}/webhooks/[A-Za-z0-9_-]+$`));

  await form.getByText('FILTERED', { exact: true }).click();
  const apiKey = form.getByLabel('API Key');
  await apiKey.locator('option', { hasText: 'Smartlead main' }).waitFor({ state: 'attached' });
  await apiKey.selectOption({ index: 1 });
  // as a person would, wait for the key's categories to load before choosing among them
  await form.getByText('Select Category-based filter', { exact: true }).waitFor();
  await chooseOptions(form, 'Category-based filter', ['Interested', 'Meeting Request']);
  for (const chosen of ['Interested', 'Meeting Request'])
    await form
      .getByRole('combobox', { name: 'Category-based filter', exact: true })
      .getByText(chosen, { exact: false })
      .waitFor();

  await form.getByRole('button', { name: 'Show advanced settings' }).click();
  await form.getByText('Create task', { exact: true }).click();
  // "+" on the blank row says what it lacks, beside the row, and goes to that field (issue 56)
  const endpoint = form.getByRole('listitem', { name: 'Endpoint 1' });
  await endpoint.getByRole('button', { name: 'Add an endpoint after endpoint 1' }).click();
  await endpoint.getByRole('alert').getByText('Select Endpoint', { exact: true }).waitFor();
  expect(
    await form.getByLabel('Endpoint 1 account').evaluate((el) => el === document.activeElement),
  ).toBe(true);
  await form
    .getByLabel('Endpoint 1 account')
    .selectOption({ label: 'CRM mirror (https://hooks.example.com/crm)' });
  await chooseOptions(form, 'Event Types of endpoint 1', ['EMAIL_REPLY']);
  await form.getByRole('button', { name: 'Create Webhook' }).click();
  await waitForToast(page, 'Created webhook');

  const row = page
    .getByRole('table', { name: 'Existing webhooks' })
    .getByRole('row')
    .filter({ hasText: webhookUrl });
  await row.waitFor();
  for (const tag of ['Create or update company', 'Create task'])
    await row.getByText(tag, { exact: true }).waitFor();
  for (const badge of ['ID: 1 - Interested', 'ID: 2 - Meeting Request'])
    await row.getByText(badge, { exact: true }).waitFor();
  // the platform opens the profile's second line: "Smartlead · …"
  await row.getByText(/^Smartlead( ·|$)/).waitFor();
  expect(await row.getByText('Assign contact owner', { exact: true }).count()).toBe(0);
  // the form starts again for the next webhook
  expect(await form.getByLabel('Select owner').inputValue()).toBe('');

  // update: the dialog starts from the webhook, Update saves, closes and the row shows the change
  await rowAction(row, 'Webhook Settings');
  const dialog = page.getByRole('dialog', { name: 'Update Webhook HubSpot' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Sales Engagement Platform').inputValue()).toBe('smartlead');
  await dialog.getByRole('button', { name: 'Show advanced settings' }).click();
  expect(
    await dialog.getByLabel('Endpoint 1 account').locator('option:checked').textContent(),
  ).toBe('CRM mirror (https://hooks.example.com/crm)');
  await dialog.getByText('Assign contact owner', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await page.getByText('Webhook has been updated', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Assign contact owner', { exact: true }).waitFor();

  const stored = await sessionApi(page, env.stack.baseUrl).get<{
    webhooks: {
      webhookUrl: string;
      assignContactOwner: boolean;
      userAccountWebhooks: { userAccount: { description: string }; eventTypes: string[] }[];
    }[];
  }>('/api/admin/webhooks');
  const webhook = stored.webhooks.find((candidate) => candidate.webhookUrl === webhookUrl);
  expect(webhook?.assignContactOwner).toBe(true);
  expect(
    webhook?.userAccountWebhooks.map(({ userAccount, eventTypes }) => [
      userAccount.description,
      eventTypes,
    ]),
  ).toEqual([['CRM mirror', ['EMAIL_REPLY']]]);
}, 120_000);
