import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

it('lands a person on the dashboard home after sign-in: what is connected and what to do next', async () => {
  const page = await (
    await env.browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  expect(page.url()).toBe(`${env.stack.baseUrl}/admin/dashboard`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  expect(await page.title()).toBe('Dashboard · CRM Sync');
  const next = main.getByLabel('What to do next');
  await next.getByText('Next: connect a CRM.').waitFor();

  await next.getByRole('link', { name: 'Connect a CRM' }).click();
  await page.waitForURL('**/admin/dashboard/hubspot');
  await page.getByRole('button', { name: 'Sign in with HubSpot' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/hubspot`);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard`);
  await main
    .getByLabel('CRM accounts')
    .getByText('HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com')
    .waitFor();
  await next.getByText('Next: add an API key.').waitFor();
  expect(await next.getByRole('link', { name: 'Add an API key' }).getAttribute('href')).toBe(
    '/admin/dashboard/api-keys',
  );
});
