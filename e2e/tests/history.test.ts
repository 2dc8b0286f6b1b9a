import { fixtureById, payloadAt } from 'shared/events';
import { signIn } from '../src/browser';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

it('shows a Smartlead event posted to a webhook in History > Webhooks, found by its email, with what happened to it', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);

  // a Smartlead webhook, made through the api as the signed-in admin
  const calls = sessionApi(page, env.stack.baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>('/api/admin/users/integrations');
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!profile) throw new Error('No HubSpot profile after connecting the sandbox');
  const { owners } = await calls.get<{ owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[] }>(`/api/admin/hubspot/owners-and-user-accounts/${profile.id}`);
  const owner = owners[0];
  if (!owner) throw new Error('The sandbox HubSpot has no owners');
  const code = await calls.postText('/api/admin/webhooks/generate');
  const webhook = await calls.postJson<{ id: number; webhookUrl: string }>('/api/admin/webhooks', {
    userProfileId: profile.id,
    code,
    selectedOwner: { id: String(owner.id), firstName: owner.firstName ?? '', lastName: owner.lastName ?? '', email: owner.email ?? '' },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    additionalEndpoints: [],
  });

  // Smartlead posts a reply to it
  const fixture = fixtureById('smartlead.email-reply');
  if (!fixture) throw new Error('No smartlead.email-reply fixture');
  const payload = payloadAt(fixture, new Date()) as { to_email: string };
  const received = await fetch(webhook.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  expect(received.status).toBe(200);

  // the webhook's logs, as the webhooks screen links them: the row with its event type and status
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}`);
  await page.getByRole('heading', { name: 'Webhook logs', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Webhook logs' });
  const row = table.getByRole('row').filter({ hasText: payload.to_email });
  await row.waitFor();
  await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('EMAIL_REPLY');
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
  await expect(page.getByRole('searchbox', { name: 'Email' }).inputValue()).resolves.toBe('nobody-at-all@example.invalid');

  // back to the event: its detail shows what was received and each step
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}`);
  await row.waitFor();
  await row.click();
  const drawer = page.getByRole('dialog', { name: /^Event \d+$/ });
  await drawer.getByText('Received payload').waitFor();
  await drawer.getByRole('heading', { name: 'Steps and attempts' }).waitFor();
  await drawer.getByText('Show the payload').click();
  await drawer.getByText(payload.to_email).first().waitFor();
}, 120_000);
