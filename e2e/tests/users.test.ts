import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

async function userRow(page: Page, email: string) {
  const row = page.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

it('lets the admin update a user\'s flags in their organization, shows "{email} updated", and keeps the change after a reload', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  const row = await userRow(page, 'manager@example.com');
  await row.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog');
  const endpoints = dialog.getByRole('checkbox', { name: 'canUserAccount' });
  expect(await endpoints.isChecked()).toBe(false);
  await dialog.getByText('canUserAccount').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('manager@example.com updated').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  await page.reload();
  const reloaded = await userRow(page, 'manager@example.com');
  await reloaded.getByRole('button', { name: 'Update' }).click();
  expect(
    await page.getByRole('dialog').getByRole('checkbox', { name: 'canUserAccount' }).isChecked(),
  ).toBe(true);
});

it('shows an admin only the users of their own organization', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  await userRow(page, 'manager@example.com');
  expect(await page.getByRole('row').filter({ hasText: 'user@example.com' }).count()).toBe(0);
});

it('shows the users to a manager without Update buttons', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'manager@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  await userRow(page, 'admin@example.com');
  expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
});

it('sends the user to /unauthorized when the session is gone', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await context.clearCookies();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Users', exact: true })
    .click();
  await page.waitForURL(`${env.stack.baseUrl}/unauthorized`);
  await page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
});
