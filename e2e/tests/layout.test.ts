import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { waitFor } from '../src/ports.cjs';
import { rowAction, rowActionNames } from '../src/row-actions';
import { sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';
import { dashboardScreens } from '../src/screens';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

const screens = dashboardScreens;

let context: BrowserContext;
let page: Page;

async function addKey(
  platform: string,
  apiKey: string,
  description: string,
  baseUrl?: string,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an API key' });
  await form.getByLabel('Profile').selectOption({ label: PROFILE });
  await form.getByLabel('Platform').selectOption({ label: platform });
  await form.getByLabel('API Key').fill(apiKey);
  if (baseUrl) await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Create' }).click();
  await keyRow(description).waitFor();
}

const keyRow = (description: string) =>
  page
    .getByRole('table', { name: 'API Keys', exact: true })
    .getByRole('row', { name: `API key ${description}`, exact: true });

/** Whether anything scrolls sideways: the page itself and every table's box. */
const sidewaysScrollers = () =>
  page.evaluate(() => {
    const wide = (element: Element) => element.scrollWidth > element.clientWidth;
    const boxes = Array.from(document.querySelectorAll('table'), (table) => table.parentElement!);
    return [
      ...(wide(document.documentElement) ? ['the page'] : []),
      ...boxes
        .filter(wide)
        .map((box) => box.querySelector('table')!.getAttribute('aria-label') ?? 'a table'),
    ];
  });

/** The element is wholly inside the viewport and its text is not cut. */
async function fullyShown(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  const cut = await locator.evaluate((element) => element.scrollWidth > element.clientWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= viewport.width && !cut;
}

beforeAll(async () => {
  context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  await page.getByRole('button', { name: 'Sign in with HubSpot' }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  await addKey('Smartlead', 'sl-valid-key', 'Smartlead main');
  await addKey(
    'EmailBison',
    'eb-valid-key',
    'Bison key with a description long enough to need two lines',
    'https://dedicated-instance.emailbison.com/a/rather/long/path',
  );
  await addKey('HeyReach', 'hr-valid-key', 'HeyReach main');
  // a block list, synced: the Blocked List table has a row with counts and dates
  const calls = sessionApi(page, env.stack.baseUrl);
  const profile = (
    await calls.get<{ id: number; user: { profile: string } }[]>('/api/admin/users/integrations')
  ).find((integration) => integration.user.profile === 'HUBSPOT')!;
  const { apiKeys } = await calls.get<{ apiKeys: { id: number; description: string }[] }>(
    '/api/admin/dashboard/api-keys',
  );
  await calls.postJson('/api/admin/hubspot/blocked-lists', {
    crm: 'HUBSPOT',
    userProfileId: profile.id,
    listId: '101',
    listName: 'Newsletter opt-outs',
    listType: 'CONTACT_LIST',
    apiKeyId: apiKeys.find((key) => key.description === 'Smartlead main')!.id,
    blockType: 'ADDRESS',
    client: { id: 301, email: 'ops@acme-agency.example', name: 'Acme Agency' },
  });
  // synced before any screen is measured: a row mid-sync shows other buttons and texts
  const synced = async () =>
    (await calls.get<{ status: string }[]>('/api/admin/dashboard/smartlead/blocked-lists')).every(
      (list) => list.status === 'SYNCED',
    );
  await waitFor(synced, 'the block list to sync', 60_000);
  // a webhook with a reply from a long address and a post that is no event: the tables have rows, an email to break and an error to cut
  const webhook = await createSmartleadWebhook(page, env.stack.baseUrl);
  await postSmartleadReply(
    webhook.webhookUrl,
    'a.rather.long.lead.name@northwind-industries.example',
  );
  expect(
    (
      await fetch(webhook.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"hello":"world"}',
      })
    ).status,
  ).toBe(200);
}, 120_000);

it.each([
  [1280, 800],
  [1440, 900],
])(
  'scrolls nothing sideways on any screen at %ix%i',
  async (width, height) => {
    await page.setViewportSize({ width, height });
    for (const path of screens) {
      await page.goto(`${env.stack.baseUrl}/admin/dashboard/${path}`);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      // tables fill in after the heading
      await page.waitForTimeout(700);
      expect({ path, scrollers: await sidewaysScrollers() }).toEqual({ path, scrollers: [] });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  },
  120_000,
);

it('keeps each count and each date of the Blocked List table on one line at 1280 px', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/smartlead-block-lists`);
  const row = page
    .getByRole('table', { name: 'Blocked List' })
    .getByRole('row')
    .filter({ hasText: 'Newsletter opt-outs' });
  await row.getByText('SYNCED', { exact: true }).waitFor({ timeout: 60_000 });
  const lines = async (locator: Locator) =>
    locator.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
  expect(await lines(row.getByText(/^Synced: \d+$/))).toBe(1);
  expect(await lines(row.getByText(/^Not synced: \d+$/))).toBe(1);
  const dates = await row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d (AM|PM)$/).all();
  expect(dates).toHaveLength(2);
  for (const date of dates) expect(await lines(date)).toBe(1);
});

it('shows every row action of the API keys table, as a button or in a visible menu', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  for (const description of [
    'Smartlead main',
    'Bison key with a description long enough to need two lines',
    'HeyReach main',
  ]) {
    const row = keyRow(description);
    await row.waitFor();
    expect(await rowActionNames(row)).toEqual([
      'Check API Key',
      'Edit',
      'View lead categories',
      'Delete',
    ]);
    const trigger = row.getByRole('button', { name: 'Actions', exact: true });
    if (await trigger.isVisible()) expect(await fullyShown(trigger)).toBe(true);
  }
  // the long base URL is cut on screen and whole on hover
  const baseUrl = keyRow('Bison key with a description long enough to need two lines').getByTitle(
    'https://dedicated-instance.emailbison.com/a/rather/long/path',
  );
  expect(await baseUrl.isVisible()).toBe(true);
  await rowAction(keyRow('Smartlead main'), 'Check API Key');
  await page.getByText('API key validated', { exact: true }).first().waitFor();
});

it('shows the Users table Update button whole', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/users`);
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: 'manager@example.com' });
  await row.waitFor();
  const update = row.getByRole('button', { name: 'Update', exact: true });
  expect(await fullyShown(update)).toBe(true);
  expect(await update.textContent()).toBe('Update');
});

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

it("writes toast text at 4.5:1 or more, and keeps toasts off an open dialog's close button", async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  // a warning (validation), then errors from a dialog
  await page
    .getByRole('form', { name: 'Add an API key' })
    .getByRole('button', { name: 'Create' })
    .click();
  await rowAction(keyRow('Smartlead main'), 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit API key' });
  await dialog.getByLabel('API Key').fill('sl-wrong-key');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('[data-severity="error"]').first().waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.waitForTimeout(500);

  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  expect(await toasts.count()).toBeGreaterThanOrEqual(2);
  for (const toast of await toasts.all()) {
    const colours = await toast.evaluate((root) => {
      const background = getComputedStyle(root).backgroundColor;
      return Array.from(
        root.querySelectorAll('[data-part="title"], [data-part="description"]'),
        (text) => {
          const style = getComputedStyle(text);
          return { color: style.color, opacity: Number(style.opacity), background };
        },
      );
    });
    for (const { color, opacity, background } of colours) {
      expect(opacity).toBe(1);
      expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
    }
  }

  const close = await dialog.getByRole('button', { name: 'Close' }).last().boundingBox();
  for (const toast of await toasts.all()) {
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < close!.x + close!.width &&
      close!.x < box.x + box.width &&
      box.y < close!.y + close!.height &&
      close!.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'hidden' });
});

it('keeps the header and the side navigation in place while the content scrolls, with chevrons on the groups', async () => {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  await keyRow('Smartlead main').waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const before = {
    header: (await page.locator('header').boundingBox())!.y,
    nav: (await nav.boundingBox())!.y,
  };
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => window.scrollY > 0);
  expect((await page.locator('header').boundingBox())!.y).toBe(before.header);
  expect((await nav.boundingBox())!.y).toBe(before.nav);
  for (const group of ['Connected accounts', 'History']) {
    const trigger = nav.getByRole('button', { name: group });
    expect(await trigger.locator('svg').isVisible()).toBe(true);
  }
});
