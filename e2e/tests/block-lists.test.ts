import type { Locator, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { setCanBlockList } from '../src/database';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { waitForToast } from '../src/toasts';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

/** Connects the sandbox's HubSpot portal and adds a smartlead key on it through the api (their own screens are tested elsewhere); the profile's id and the key's. */
async function prepareProfile(page: Page): Promise<{ profileId: number; apiKeyId: number }> {
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const calls = sessionApi(page, env.stack.baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>(
    '/api/admin/users/integrations',
  );
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!profile) throw new Error('No HUBSPOT integration after connecting');
  const key = await calls.postJson<{ id: number }>('/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: 'sl-valid-key',
    description: 'Smartlead main',
    userProfileId: profile.id,
  });
  return { profileId: profile.id, apiKeyId: key.id };
}

/** Chooses an option once the lookup behind the dropdown has answered it. */
async function choose(select: Locator, label: string): Promise<void> {
  await select.locator('option', { hasText: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

const statusOf = (row: Locator) => row.getByRole('cell').nth(4);

/** What the sandbox's Smartlead block list holds for the client Acme Agency (id 301). */
async function clientBlockList(): Promise<string[]> {
  const smartlead = (await (
    await fetch(`${env.stack.sandboxUrl}/_sandbox/state/smartlead`)
  ).json()) as { blockList: { email_or_domain: string; client_id: number | string | null }[] };
  return smartlead.blockList
    .filter((entry) => String(entry.client_id) === '301')
    .map((entry) => entry.email_or_domain);
}

it('creates a HubSpot contact-list block list to Smartlead ("Started blocking …"), locks DOMAIN for a company list, pauses, resumes and deletes it', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await prepareProfile(page);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/smartlead-block-lists`);
  await page.getByText('No block lists yet').waitFor();
  await page.getByLabel('Select Profile').selectOption({ label: PROFILE });
  const form = page.getByRole('form', { name: 'Create a block list' });

  // a company list forces DOMAIN and locks it
  await form.getByLabel('List type').selectOption({ label: 'Company list (every domain)' });
  const blocking = form.getByLabel('Type of blocking');
  expect(await blocking.inputValue()).toBe('DOMAIN');
  expect(await blocking.isDisabled()).toBe(true);

  await form.getByLabel('List type').selectOption({ label: 'Contact list' });
  expect(await blocking.isDisabled()).toBe(false);
  await choose(form.getByLabel('HubSpot list'), 'Newsletter opt-outs (13)');
  await form.getByLabel('Platform').selectOption({ label: 'Smartlead' });
  await choose(form.getByLabel('API Key'), 'Smartlead main (••••-key)');
  await blocking.selectOption({ label: 'Individual address' });
  await choose(form.getByLabel('Client'), 'Acme Agency (ops@acme-agency.example)');
  const blockedBefore = await clientBlockList();
  await form.getByRole('button', { name: 'Create Block List' }).click();
  await waitForToast(page, 'Started blocking 101 Newsletter opt-outs');

  const row = page
    .getByRole('table', { name: 'Blocked List' })
    .getByRole('row')
    .filter({ hasText: 'Newsletter opt-outs' });
  await row.waitFor();
  await row.getByText('Smartlead', { exact: true }).waitFor();
  await row.getByText('Client ops@acme-agency.example', { exact: true }).waitFor();
  // the form starts again for the next block list
  expect(await form.getByLabel('List type').inputValue()).toBe('');

  // the sync runs at once: SYNCED, the members' addresses in Smartlead's block list for the client, and a log row for each
  await statusOf(row).getByText('SYNCED', { exact: true }).waitFor({ timeout: 60_000 });
  const synced = Number(
    /Synced: (\d+)/.exec((await row.getByRole('cell').nth(5).textContent()) ?? '')?.[1],
  );
  const blocked = (await clientBlockList()).filter((value) => !blockedBefore.includes(value));
  expect(synced).toBeGreaterThan(0);
  expect(blocked).toHaveLength(synced);
  expect(
    blocked.every((value) => value === value.trim().toLowerCase() && value.includes('@')),
  ).toBe(true);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/block-list-logs`);
  const logs = page.getByRole('table', { name: 'Block list logs' });
  const logRow = logs.getByRole('row').filter({ hasText: blocked[0] });
  await logRow.getByText('Newsletter opt-outs', { exact: true }).waitFor();
  await logRow.getByText('Synced', { exact: true }).waitFor();
  await logRow.getByText('Pushed to Smartlead', { exact: true }).waitFor();
  // the run's own row: what started it and what it did
  const runRow = logs.getByRole('row').filter({ hasText: 'First sync' });
  await runRow
    .getByText(`13 in the CRM list: ${synced} pushed, ${13 - synced} not synced, 0 left the list`, {
      exact: true,
    })
    .waitFor();
  await page.goBack();

  await rowAction(row, 'Pause');
  await waitForToast(page, 'Paused blocking Newsletter opt-outs');
  await statusOf(row).getByText('PAUSED', { exact: true }).waitFor();
  await rowAction(row, 'Resume');
  await waitForToast(page, 'Resumed blocking Newsletter opt-outs');
  expect(await statusOf(row).textContent()).not.toBe('PAUSED');

  await rowAction(row, 'Delete');
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Do you want to delete Newsletter opt-outs?').waitFor();
  await confirm
    .getByText("What was already pushed stays in Smartlead's block list", { exact: false })
    .waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await waitForToast(page, 'Deleted Newsletter opt-outs');
  await row.waitFor({ state: 'detached' });
  await page.getByText('No block lists yet').waitFor();
}, 180_000);

it('shows PAUSED_PENDING_UPGRADE to a regular user without canBlockList', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'user@example.com');
  const { profileId, apiKeyId } = await prepareProfile(page);
  // the list was made while the user could (no screen can grant it: their organization has no admin), then the flag was taken away
  setCanBlockList(env.stack.databasePath, 'user@example.com', true);
  await sessionApi(page, env.stack.baseUrl).postJson('/api/admin/hubspot/blocked-lists', {
    crm: 'HUBSPOT',
    userProfileId: profileId,
    listId: '101',
    listName: 'Newsletter opt-outs',
    listType: 'CONTACT_LIST',
    apiKeyId,
    blockType: 'ADDRESS',
    client: { id: 301, email: 'ops@acme-agency.example', name: 'Acme Agency' },
  });
  setCanBlockList(env.stack.databasePath, 'user@example.com', false);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/smartlead-block-lists`);
  const row = page
    .getByRole('table', { name: 'Blocked List' })
    .getByRole('row')
    .filter({ hasText: 'Newsletter opt-outs' });
  await statusOf(row).getByText('PAUSED_PENDING_UPGRADE', { exact: true }).waitFor();
}, 120_000);
