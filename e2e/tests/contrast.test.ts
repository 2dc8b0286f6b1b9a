import type { Page } from 'playwright-core';
import { axeViolations, type AxeViolation } from '../src/axe';
import { signIn } from '../src/browser';
import { connectSandboxHubspot } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';

const env = useStackAndBrowser();

/** Every screen of the four areas (Users for managers and admins only), and Releases (admins only). */
const screens = (admin: boolean) => [
  'hubspot',
  'salesforce',
  'api-keys',
  'services',
  ...(admin ? ['users'] : []),
  'webhooks',
  'smartlead-block-lists',
  'history/webhook-logs',
  'history/block-list-logs',
  'history/category-base-filter-logs',
  ...(admin ? ['releases'] : []),
];

/** axe-core's serious and critical violations of each screen, hovering the active navigation item as a person who just clicked it. */
async function violationsOfEveryScreen(page: Page, admin: boolean) {
  const found: Record<string, AxeViolation[]> = {};
  for (const path of screens(admin)) {
    await page.goto(`${env.stack.baseUrl}/admin/dashboard/${path}`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(800);
    const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    if (await current.first().isVisible()) await current.first().hover();
    found[path] = await axeViolations(page);
  }
  return found;
}

it.each([
  ['admin@example.com', true],
  ['user@example.com', false],
] as const)(
  'finds no serious accessibility violation, contrast included, on any screen as %s',
  async (email, admin) => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, env.stack.baseUrl, email);
    await connectSandboxHubspot(page, env.stack.baseUrl);
    if (admin) {
      // rows in the tables: a webhook with an event, so the logs show a status
      const webhook = await createSmartleadWebhook(page, env.stack.baseUrl);
      await postSmartleadReply(webhook.webhookUrl);
    }
    const found = await violationsOfEveryScreen(page, admin);
    expect(found).toEqual(Object.fromEntries(screens(admin).map((path) => [path, []])));
    await context.close();
  },
  180_000,
);
