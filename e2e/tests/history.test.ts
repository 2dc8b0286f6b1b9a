import { signIn } from '../src/browser';
import { connectSandboxHubspot } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';

const env = useStackAndBrowser();

it('shows a Smartlead event posted to a webhook in History > Webhooks, found by its email, with what happened to it', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);

  const webhook = await createSmartleadWebhook(page, env.stack.baseUrl);

  // Smartlead posts a reply to it
  const payload = await postSmartleadReply(webhook.webhookUrl);

  // the webhook's logs, as the webhooks screen links them: the row with its event type and status
  await page.goto(
    `${env.stack.baseUrl}/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}`,
  );
  await page.getByRole('heading', { name: 'Webhook logs', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Webhook logs' });
  const row = table.getByRole('row').filter({ hasText: payload.to_email });
  await row.waitFor();
  // at 1280 px the lower-priority columns (User, Webhook, From) are in the row's detail: the cell by its text
  await row.getByRole('cell', { name: 'EMAIL_REPLY', exact: true }).waitFor();
  await expect(row.getByRole('cell').last().textContent()).resolves.toMatch(/^(Success|Error)/);
  await page.getByText(/^Total: \d+$/).waitFor();

  // filter by email, typed in capitals with spaces: the row stays; another email: nothing matches
  const email = page.getByRole('searchbox', { name: 'Email' });
  await email.fill(`  ${payload.to_email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/email=/);
  await row.waitFor();
  await expect(table.getByRole('row').count()).resolves.toBe(2);
  await email.fill('nobody-at-all@example.invalid');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('No webhook logs match these filters').waitFor();

  // a reload keeps the filter (it lives in the URL)
  await page.reload();
  await page.getByText('No webhook logs match these filters').waitFor();
  await expect(page.getByRole('searchbox', { name: 'Email' }).inputValue()).resolves.toBe(
    'nobody-at-all@example.invalid',
  );

  // back to the event: its detail shows what was received and each step
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.goto(
    `${env.stack.baseUrl}/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}`,
  );
  await row.waitFor();
  await row.click();
  const drawer = page.getByRole('dialog', { name: /^Event \d+$/ });
  await drawer.getByText('Received payload').waitFor();
  await drawer.getByRole('heading', { name: 'Steps and attempts' }).waitFor();
  await drawer.getByText('Show the payload').click();
  await drawer.getByText(payload.to_email).first().waitFor();
}, 120_000);
