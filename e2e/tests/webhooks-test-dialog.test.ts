import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { chooseOption } from '../src/popups';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

interface CreatedWebhook {
  id: number;
  webhookUrl: string;
  userProfileId: number;
}

/** Connects the sandbox HubSpot as the signed-in user; answers the profile's id. */
async function connectHubspot(page: Page): Promise<number> {
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const integrations = await sessionApi(page, env.stack.baseUrl).get<
    { id: number; user: { profile: string } }[]
  >('/api/admin/users/integrations');
  const hubspot = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!hubspot) throw new Error('No HUBSPOT integration after connecting');
  return hubspot.id;
}

/** A smartlead HubSpot webhook (default lookup, company sync) and a Smartlead key on the same profile, through the api. */
async function createSmartleadWebhook(page: Page, userProfileId: number): Promise<CreatedWebhook> {
  const calls = sessionApi(page, env.stack.baseUrl);
  const { owners } = await calls.get<{
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  }>(`/api/admin/hubspot/owners-and-user-accounts/${userProfileId}`);
  const owner = owners[0];
  if (!owner) throw new Error('The sandbox HubSpot has no owners');
  await calls.postJson('/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: 'sl-valid-key',
    description: 'Sandbox Smartlead',
    userProfileId,
  });
  const code = await calls.postText('/api/admin/webhooks/generate');
  return calls.postJson<CreatedWebhook>('/api/admin/webhooks', {
    userProfileId,
    code,
    selectedOwner: {
      id: String(owner.id),
      firstName: owner.firstName ?? '',
      lastName: owner.lastName ?? '',
      email: owner.email ?? '',
    },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
  });
}

async function sandboxState<T>(provider: string): Promise<T> {
  return (await (await fetch(`${env.stack.sandboxUrl}/_sandbox/state/${provider}`)).json()) as T;
}

it('sends a test EMAIL_REPLY from the Sync test dialog (the contact reaches the sandbox HubSpot) and registers the webhook on Smartlead', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  const webhook = await createSmartleadWebhook(page, await connectHubspot(page));

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  const row = page
    .getByRole('table', { name: 'Existing webhooks' })
    .getByRole('row', { name: `Webhook ${webhook.id}`, exact: true });
  await row.waitFor();

  // the dialog: its form and JSON editor load on opening
  await rowAction(row, 'Sync test');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Send Test Webhook - Smartlead' }).waitFor();
  await dialog.getByRole('textbox', { name: 'JSON payload' }).waitFor();
  await dialog.getByText('Valid JSON', { exact: true }).waitFor();
  // long values wrap in the editor: neither it nor the dialog scrolls sideways
  const sideways = () =>
    dialog.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter(
          (element) =>
            ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
            element.scrollWidth > element.clientWidth + 1,
        )
        .map((element) => element.className),
    );
  expect(await sideways()).toEqual([]);
  // and the editor takes the dialog's width, as the event type and Test Sync above it do: both edges
  // read at once, once the dialog has grown to its size (it opens with a scale animation)
  const edges = await dialog.evaluate(async (root) => {
    await Promise.all(root.getAnimations({ subtree: true }).map((animation) => animation.finished));
    const rightEdge = (element: Element | undefined) =>
      Math.round(element!.getBoundingClientRect().right);
    return {
      editor: rightEdge(root.querySelector('[data-testid="json-editor"]')!),
      testSync: rightEdge(
        Array.from(root.querySelectorAll('button')).find(
          (button) => button.textContent === 'Test Sync',
        ),
      ),
    };
  });
  expect(Math.abs(edges.editor - edges.testSync)).toBeLessThanOrEqual(1);
  await chooseOption(dialog, 'Event type', 'Email Reply');
  const email = `e2e.reply.${Date.now()}@northwind.example`;
  await dialog.getByRole('textbox', { name: 'Recipient name' }).fill('Erin Tester');
  await dialog.getByRole('textbox', { name: 'Recipient email' }).fill(email);
  expect(await dialog.getByRole('textbox', { name: 'JSON payload' }).textContent()).toContain(
    email,
  );
  await dialog.getByRole('button', { name: 'Test Sync' }).click();
  await page.getByText('Test webhook was sent successfully').waitFor();

  const hubspot = await sandboxState<{ contacts: { properties: Record<string, string | null> }[] }>(
    'hubspot',
  );
  expect(
    hubspot.contacts.find((contact) => contact.properties.email === email)?.properties,
  ).toMatchObject({ email, firstname: 'Erin', lastname: 'Tester' });

  // a broken payload cannot be sent
  const editor = dialog.getByRole('textbox', { name: 'JSON payload' });
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type('}}');
  await dialog.getByText('Invalid JSON', { exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Test Sync' }).isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: 'Reset Payload' }).click();
  await dialog.getByText('Valid JSON', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: /close/i }).click();
  await dialog.waitFor({ state: 'detached' });

  // Register on Smartlead: the sandbox Smartlead now has a webhook posting to this URL
  await rowAction(row, 'Register on Smartlead');
  await page.getByText('Registered the webhook on Smartlead').waitFor();
  const smartlead = await sandboxState<{
    webhooks: { webhook_url: string; association_type: string }[];
  }>('smartlead');
  expect(smartlead.webhooks).toEqual([
    expect.objectContaining({ webhook_url: webhook.webhookUrl, association_type: 'user' }),
  ]);

  // registered: the row says so, and registering again asks first (the platform would send every event twice)
  await row.getByText(/^Registered on Smartlead, /).waitFor();
  await rowAction(row, 'Register again on Smartlead');
  const again = page.getByRole('alertdialog', { name: 'Register again' });
  await again.getByText(`Register webhook ${webhook.id} on Smartlead again?`).waitFor();
  await again.getByRole('button', { name: 'No' }).click();
  await again.waitFor({ state: 'detached' });
  expect((await sandboxState<{ webhooks: unknown[] }>('smartlead')).webhooks).toHaveLength(1);
}, 120_000);
