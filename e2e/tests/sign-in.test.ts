import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

const bannerText =
  'You are on a free plan, email support@crm-sync.example to upgrade and start syncing live data.';

describe.each([
  ['admin@example.com', true, false],
  ['manager@example.com', true, false],
  ['user@example.com', false, true],
])('%s', (email, seesUsers, seesBanner) => {
  it(`signs in, shows the email in the header, Users in the navigation: ${seesUsers}, the free-plan banner: ${seesBanner}`, async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await signIn(page, env.stack.baseUrl, email);
    await expectText(page.getByTestId('user-email'), email);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Webhook receiver' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Users', exact: true }).count()).toBe(
      seesUsers ? 1 : 0,
    );
    expect(await page.getByText(bannerText).count()).toBe(seesBanner ? 1 : 0);
    await context.close();
  });
});

it('rejects a wrong password with a clear message', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.stack.baseUrl}/`);
  await page.getByRole('link', { name: 'SECURE LOGIN' }).click();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Wrong email or password.').waitFor();
  await context.close();
});

it('logs out and lands on the welcome page; the dashboard then answers /unauthorized', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'manager@example.com');
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.getByRole('link', { name: 'SECURE LOGIN' }).waitFor();
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { name: 'Unauthorized!' }).waitFor();
  await context.close();
});

async function expectText(locator: import('playwright-core').Locator, text: string) {
  await locator.getByText(text).waitFor();
}
