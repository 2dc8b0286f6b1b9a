import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { rowAction } from '../src/row-actions';
import { sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { waitForToast } from '../src/toasts';

const env = useStackAndBrowser();

/** Saves Salesforce settings through the api and connects them through the sandbox's consent page. */
async function connectSandboxSalesforce(page: Page): Promise<void> {
  await sessionApi(page, env.stack.baseUrl).postJson('/api/admin/salesforce/profiles', {
    domain: 'https://acme.my.salesforce.com',
    consumer_key: 'sandbox-consumer-key',
    consumer_secret: 'sandbox-consumer-secret',
  });
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/salesforce`);
  const row = page
    .getByRole('table', { name: 'Salesforce settings' })
    .getByRole('row')
    .filter({ hasText: 'https://acme.my.salesforce.com' });
  await rowAction(row, 'Connect');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/salesforce`);
  await row.getByText('Connected', { exact: true }).waitFor();
}

interface ListedWebhook {
  id: number;
  logType: number | null;
  customTaskSubject: string | null;
  salesforceObjectType: string | null;
  emailService: string;
  webhookUrl: string;
  user: { profile: string };
}

it('creates a Salesforce webhook with log type 1 and a custom task subject from the SALESFORCE form', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxSalesforce(page);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  const profile = page.getByLabel('Select Profile');
  await profile.locator('option', { hasText: /^SALESFORCE - / }).waitFor({ state: 'attached' });
  const salesforceProfile = (await profile.locator('option').allTextContents()).find((label) =>
    label.startsWith('SALESFORCE - '),
  );
  if (!salesforceProfile) throw new Error('No SALESFORCE profile offered');
  await profile.selectOption({ label: salesforceProfile });

  const form = page.getByRole('form', { name: 'Create a webhook' });
  const owner = form.getByLabel('Select owner');
  await owner.locator('option').nth(1).waitFor({ state: 'attached' });
  await owner.selectOption({ index: 1 });
  await form.getByLabel('Sales Engagement Platform').selectOption({ label: 'EmailBison' });
  const url = form.getByLabel('Webhook URL');
  await page.waitForFunction(
    (input) => (input as HTMLInputElement | null)?.value.includes('/webhooks/'),
    await url.elementHandle(),
  );

  // log type 1: the subject appears, red until it is usable
  await form.getByLabel('Log Type').selectOption({ label: 'Task Object' });
  const subject = form.getByLabel('Custom Task Subject');
  await form.getByText('{os_sales_engagement_platform}, {event_type}', { exact: false }).waitFor();
  await subject.fill('{first_name} replied');
  await form.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Enter Custom Task Subject').waitFor();
  expect(await subject.getAttribute('aria-invalid')).toBe('true');
  await subject.fill('{event_type}: {subject} ({campaign_name})');
  expect(await subject.getAttribute('aria-invalid')).toBeNull();
  await form.getByLabel('Salesforce Object').selectOption({ label: 'Lead' });
  const shownUrl = await url.inputValue();
  await form.getByRole('button', { name: 'Create Webhook' }).click();
  await waitForToast(page, 'Created webhook');

  const { webhooks } = await sessionApi(page, env.stack.baseUrl).get<{ webhooks: ListedWebhook[] }>(
    '/api/admin/webhooks',
  );
  const created = webhooks.find((webhook) => webhook.webhookUrl === shownUrl);
  expect(created).toMatchObject({
    emailService: 'bison',
    logType: 1,
    customTaskSubject: '{event_type}: {subject} ({campaign_name})',
    salesforceObjectType: 'Lead',
    user: { profile: 'SALESFORCE' },
  });
  const row = page
    .getByRole('table', { name: 'Existing webhooks' })
    .getByRole('row', { name: `Webhook ${created?.id ?? 0}`, exact: true });
  await row.getByText('Task Object').waitFor();
  await row.getByText(shownUrl).waitFor();
});
