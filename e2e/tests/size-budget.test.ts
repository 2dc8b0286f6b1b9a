import { signIn } from '../src/browser';
import { firstLoadScriptBytes } from '../src/first-load';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

/**
 * The most JavaScript (gzip -9, KiB) a signed-in person may download to see each dashboard route
 * on an empty cache. A ceiling that only goes down: when a change makes a route lighter, lower its
 * number here; a change that needs more must first make room elsewhere.
 */
const ceilingsKiB: Record<string, number> = {
  '': 537,
  hubspot: 578,
  salesforce: 578,
  'api-keys': 578,
  services: 578,
  users: 578,
  webhooks: 571,
  'smartlead-block-lists': 571,
  'history/webhook-logs': 571,
  'history/block-list-logs': 571,
  'history/category-base-filter-logs': 571,
};

it('keeps the first-load JavaScript of every dashboard route under its ceiling', async () => {
  const context = await env.browser.newContext();
  await signIn(await context.newPage(), env.stack.baseUrl, 'admin@example.com');
  const measured: Record<string, number> = {};
  for (const route of Object.keys(ceilingsKiB)) {
    const bytes = await firstLoadScriptBytes(env.browser, context, `${env.stack.baseUrl}/admin/dashboard/${route}`, (page) =>
      page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor(),
    );
    measured[route] = Math.round((bytes / 1024) * 10) / 10;
  }
  console.info(`first-load JavaScript, KiB gzipped: ${JSON.stringify(measured)}`);
  for (const [route, kib] of Object.entries(measured)) expect({ route, kib, under: kib <= ceilingsKiB[route]! }).toEqual({ route, kib, under: true });
}, 240_000);
