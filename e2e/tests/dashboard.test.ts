import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

// both or neither: a stack started beside a missing Chromium was left running, and jest never exited
const env = useStackAndBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await env.browser.newContext();
  // Count React renderers as React DOM registers them with the devtools hook: one copy means one renderer.
  await context.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        inject: (renderer: unknown) => renderers.push(renderer),
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
        isDisabled: false,
      },
    });
    Object.defineProperty(window, '__reactRenderers', { value: renderers });
  });
  page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
});

const screens: Array<[path: string, heading: string]> = [
  ['hubspot', 'HubSpot'],
  ['salesforce', 'Salesforce'],
  ['api-keys', 'API keys'],
  ['services', 'Webhook endpoint'],
  ['users', 'Users'],
  ['embedding', 'Embedding'],
  ['webhooks', 'Webhooks'],
  ['smartlead-block-lists', 'Block lists'],
  ['history/webhook-logs', 'Webhook logs'],
  ['history/block-list-logs', 'Block list logs'],
  ['history/category-base-filter-logs', 'Category base filter logs'],
];

it.each(screens)('renders /admin/dashboard/%s from its remote', async (path, heading) => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/${path}`);
  await page.getByRole('main').getByRole('heading', { name: heading, exact: true }).waitFor();
  expect(await page.getByText(/Signed in as/).count()).toBe(0);
});

it('moves between remotes through the side navigation without a page reload', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  await page.getByRole('main').getByRole('heading', { name: 'Users', exact: true }).waitFor();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Block lists', exact: true }).click();
  await page.getByRole('main').getByRole('heading', { name: 'Block lists', exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Category Base Filter' }).click();
  await page
    .getByRole('main')
    .getByRole('heading', { name: 'Category base filter logs', exact: true })
    .waitFor();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
  expect(page.url()).toBe(`${env.stack.baseUrl}/admin/dashboard/history/category-base-filter-logs`);
});

it('loads one copy of React for the shell and every remote', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  await page.getByRole('main').getByRole('heading', { name: 'Users', exact: true }).waitFor();
  const visits = [
    ['Webhook receiver', 'webhooks', 'Webhooks'],
    ['Block lists', 'smartlead-block-lists', 'Block lists'],
    ['Webhooks', 'history/webhook-logs', 'Webhook logs'],
  ];
  for (const [link, path, heading] of visits) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: link, exact: true })
      .click();
    await page.waitForURL(`**/admin/dashboard/${path}`);
    await page.getByRole('main').getByRole('heading', { name: heading, exact: true }).waitFor();
  }
  expect(
    await page.evaluate(
      () => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length,
    ),
  ).toBe(1);
});

it('shows "The Page Not Found" for an unknown path', async () => {
  await page.goto(`${env.stack.baseUrl}/no/such/page`);
  await page.getByRole('heading', { name: 'The Page Not Found' }).waitFor();
  await page.getByRole('link', { name: 'Back to the main page' }).click();
  await page.getByRole('link', { name: 'SECURE LOGIN' }).waitFor();
});
