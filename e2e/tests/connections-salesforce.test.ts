import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';
import { rowAction } from '../src/row-actions';

const env = useStackAndBrowser();

it('creates Salesforce settings without https://, connects through the consent page and comes back connected', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/salesforce`);
  await page.getByText('No Salesforce settings yet').waitFor();

  // the rules first: nothing is sent while a value is blank
  const form = page.getByRole('form', { name: 'Add Salesforce settings' });
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Domain is required').waitFor();

  await form.getByLabel('Domain').fill('  acme.my.salesforce.com ');
  await form.getByLabel('Consumer Key').fill('sandbox-consumer-key');
  await form.getByLabel('Consumer Secret').fill('sandbox-consumer-secret');
  await form.getByRole('button', { name: 'Create' }).click();
  const row = page
    .getByRole('table', { name: 'Salesforce settings' })
    .getByRole('row')
    .filter({ hasText: 'https://acme.my.salesforce.com' });
  await row.getByText('Not connected').waitFor();
  expect(await form.getByLabel('Domain').inputValue()).toBe('');

  await rowAction(row, 'Connect');
  await page.getByRole('heading', { name: 'Allow Access?' }).waitFor();
  const consent = new URL(page.url());
  expect(consent.origin).toBe(new URL(env.stack.sandboxUrl).origin);
  expect(consent.pathname).toMatch(/\/services\/oauth2\/authorize$/);
  expect(consent.searchParams.get('response_type')).toBe('code');
  expect(consent.searchParams.get('prompt')).toBe('login');
  expect(consent.searchParams.get('client_id')).toBe('sandbox-consumer-key');
  expect(consent.searchParams.get('redirect_uri')).toBe(`${env.stack.baseUrl}/oauth/salesforce`);

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/salesforce`);
  await page
    .getByRole('table', { name: 'Salesforce settings' })
    .getByRole('row')
    .filter({ hasText: 'https://acme.my.salesforce.com' })
    .getByText('Connected', { exact: true })
    .waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);

  // the connected profile is now one of the user's integrations
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  const profile = page.getByRole('form', { name: 'Add an API key' }).getByLabel('Profile');
  await profile.waitFor();
  expect(await profile.locator('option').allTextContents()).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^SALESFORCE - admin@crm-sync-sandbox\.example - /),
    ]),
  );
});

it('explains a cancelled Salesforce sign-in, and deletes the settings after the confirmation', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'manager@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/salesforce`);
  const form = page.getByRole('form', { name: 'Add Salesforce settings' });
  await form.getByLabel('Domain').fill('https://globex.my.salesforce.com');
  await form.getByLabel('Consumer Key').fill('sandbox-consumer-key');
  await form.getByLabel('Consumer Secret').fill('sandbox-consumer-secret');
  await form.getByRole('button', { name: 'Create' }).click();
  const row = page
    .getByRole('table', { name: 'Salesforce settings' })
    .getByRole('row')
    .filter({ hasText: 'https://globex.my.salesforce.com' });
  await rowAction(row, 'Connect');
  await page.getByRole('heading', { name: 'Allow Access?' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/admin\/dashboard\/salesforce\?error=/);
  await page
    .getByRole('alert')
    .filter({ hasText: 'The Salesforce account was not connected' })
    .getByText('Salesforce access was denied: the account was not connected')
    .waitFor();
  await row.getByText('Not connected').waitFor();

  await rowAction(row, 'Delete');
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByText('Do you want to delete the Salesforce settings of https://globex.my.salesforce.com?')
    .waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('No Salesforce settings yet').waitFor();
});
