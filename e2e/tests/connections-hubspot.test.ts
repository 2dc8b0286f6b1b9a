import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();
const SANDBOX_USER = 'sandbox.admin@crm-sync-sandbox.com';
const SANDBOX_HUB_ID = '24681357';

async function newPage(email: string): Promise<Page> {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, email);
  return page;
}

/** "Sign in with HubSpot" up to the sandbox's consent page. */
async function openConsent(page: Page): Promise<URL> {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  await page.getByRole('button', { name: 'Sign in with HubSpot' }).click();
  await page.getByRole('heading', { name: 'Connect app to HubSpot' }).waitFor();
  return new URL(page.url());
}

it('connects HubSpot through the consent page and shows the profile in the table', async () => {
  const page = await newPage('admin@example.com');

  const consent = await openConsent(page);
  expect(consent.origin).toBe(new URL(env.stack.sandboxUrl).origin);
  expect(consent.pathname).toBe('/hubspot/oauth/authorize');
  expect(consent.searchParams.get('redirect_uri')).toBe(`${env.stack.baseUrl}/oauth`);
  const scopes = consent.searchParams.get('scope') ?? '';
  for (const scope of ['contacts', 'companies', 'owners', 'timeline'])
    expect(scopes).toContain(scope);
  const optional = consent.searchParams.get('optional_scope') ?? '';
  for (const scope of ['lists', 'schemas']) expect(optional).toContain(scope);

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  const row = page
    .getByRole('table', { name: 'Connected profiles' })
    .getByRole('row')
    .filter({ hasText: SANDBOX_USER });
  await row.waitFor();
  expect(await row.getByRole('cell').nth(1).textContent()).toBe(SANDBOX_HUB_ID);
  expect(await row.getByText('Connected', { exact: true }).count()).toBe(1);
  // the connected-account check ran on entry and found nothing to say
  expect(await page.getByText('HubSpot account disconnected').count()).toBe(0);
});

it('explains a denied sign-in when the user cancels on the consent page', async () => {
  const page = await newPage('manager@example.com');
  await openConsent(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/admin\/dashboard\/hubspot\?error=/);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'The HubSpot account was not connected' });
  await alert.getByText('HubSpot access was denied: the account was not connected').waitFor();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  await page.getByText('The HubSpot account was not connected').waitFor({ state: 'detached' });
});

it('deletes a profile after the confirmation and says "Account deleted"', async () => {
  const page = await newPage('user@example.com');
  await openConsent(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  const row = page
    .getByRole('table', { name: 'Connected profiles' })
    .getByRole('row')
    .filter({ hasText: SANDBOX_USER });
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByText(
      `Do you want to delete the HubSpot account ${SANDBOX_USER} (Hub ID ${SANDBOX_HUB_ID})?`,
    )
    .waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('Account deleted').waitFor();
  await page.getByText('No HubSpot account connected yet').waitFor();

  await page.reload();
  await page.getByText('No HubSpot account connected yet').waitFor();
});
