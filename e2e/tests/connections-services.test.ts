import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

async function signedIn(email: string): Promise<Page> {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, email);
  return page;
}

it('creates and deletes a webhook endpoint', async () => {
  const page = await signedIn('admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/services`);
  await page.getByRole('heading', { name: 'Webhook endpoint', level: 1 }).waitFor();
  await page.getByText('No webhook endpoints yet').waitFor();

  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await form.getByRole('button', { name: 'Create' }).click();
  await page.locator('[data-severity="warn"]').filter({ hasText: 'Select Profile' }).waitFor();
  await form.getByLabel('Profile').selectOption({ label: PROFILE });
  await form.getByLabel('Webhook URL').fill('hooks.example.test/crm');
  await form.getByLabel('Description').fill('CRM mirror');
  await form.getByRole('button', { name: 'Create' }).click();
  await page
    .locator('[data-severity="warn"]')
    .filter({ hasText: 'Your webhook URL is not accepting data' })
    .waitFor();

  await form.getByLabel('Webhook URL').fill('https://hooks.example.test/crm');
  await form.getByRole('button', { name: 'Create' }).click();
  const row = page
    .getByRole('table', { name: 'Webhook endpoints' })
    .getByRole('row')
    .filter({ hasText: 'https://hooks.example.test/crm' });
  await row.getByRole('cell', { name: 'CRM mirror' }).waitFor();
  expect(await form.getByLabel('Webhook URL').inputValue()).toBe('');

  // the row has Signing secret too: on a narrow screen its actions fold into a menu
  await rowAction(row, 'Signing secret');
  const secret = page.getByRole('dialog', { name: 'Signing secret' });
  await secret.getByRole('button', { name: 'Show' }).click();
  expect(await secret.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
  await page.keyboard.press('Escape');
  await secret.waitFor({ state: 'detached' });

  await page.reload();
  await rowAction(row, 'Delete');
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByText('Do you want to delete the endpoint https://hooks.example.test/crm?')
    .waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('No webhook endpoints yet').waitFor();
  await page.reload();
  await page.getByText('No webhook endpoints yet').waitFor();
});

it("shows a user without the canUserAccount approval the api's refusal", async () => {
  const page = await signedIn('user@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/services`);
  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await form.getByLabel('Profile').selectOption({ label: PROFILE });
  await form.getByLabel('Webhook URL').fill('https://hooks.example.test/user');
  await form.getByLabel('Description').fill('Not allowed');
  await form.getByRole('button', { name: 'Create' }).click();
  await page
    .locator('[data-severity="error"]')
    .filter({ hasText: "You don't have permission to create webhook endpoints" })
    .waitFor();
  expect(await form.getByLabel('Webhook URL').inputValue()).toBe('https://hooks.example.test/user');
  expect(await page.getByRole('table', { name: 'Webhook endpoints' }).count()).toBe(0);
});
