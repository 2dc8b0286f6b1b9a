import type { BrowserContext, Page } from 'playwright-core';
import type { CategoryBaseFilterLog, WebhookLog } from 'shared/contract';
import { signIn } from '../src/browser';
import { rowAction } from '../src/row-actions';
import { fitProblems, toastsOverDialogButtons, type FitProblems } from '../src/screen-fit';
import { connectSandboxHubspot } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { serveWebhookLogs, webhookLogRow } from '../src/webhook-log-rows';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';

const env = useStackAndBrowser();
const sizes = [
  [1280, 800],
  [1440, 900],
] as const;

/** The tables of every area, as a person reaches them. */
const screens = [
  'hubspot',
  'api-keys',
  'services',
  'users',
  'webhooks',
  'smartlead-block-lists',
  'history/webhook-logs',
  'history/block-list-logs',
  'history/category-base-filter-logs',
];

const longEmail = 'a.rather.long.lead.name.with.more@northwind-industries-international.example';

/** A failed event from long addresses, with two errors: the rows issue 56 saw collapse at 1280 px. */
const failedRow = (id: number): WebhookLog => {
  const row = webhookLogRow(id, true);
  return {
    ...row,
    user: { id: 1, email: 'samantha.administrator@crm-sync-customer.example' },
    smartleadPayload: {
      ...row.smartleadPayload,
      payload: {
        ...row.smartleadPayload.payload,
        to_email: longEmail,
        from_email: 'outbound.representative@seller-company-international.example',
        subject: 'Re: our conversation about the quarterly outbound attribution report',
      },
    },
    webhookLogResults: {
      errors: [
        'HubSpot refused the contact: Property values were not valid: [{"isValid":false,"message":"Email address is invalid"}]',
        'Delivery to https://hooks.partner.example/a/rather/long/path failed: 503 Service Unavailable',
      ],
    },
  };
};
const heldRow = (id: number): WebhookLog => ({
  ...webhookLogRow(id, false),
  state: 'held',
  webhookLogResults: {
    errors: [
      "Held by the category-based filter until the lead gets one of the webhook's categories (Interested, Meeting booked)",
    ],
  },
});

const categoryRow = (id: number, sent: boolean): CategoryBaseFilterLog => ({
  id,
  webhook_id: 1,
  webhook_url: 'http://localhost:8080/webhooks/a-rather-long-webhook-code-0123456789abcdef',
  webhook_event: 'LEAD_CATEGORY_UPDATED',
  campaign_id: '987654',
  lead_id: '2468013579',
  smartlead_base_categories: ['Interested', 'Meeting booked', 'Information request'],
  category_name: 'Out of office',
  dto: {
    subject: 'Re: our conversation about the quarterly outbound attribution report',
    to_email: longEmail,
    from_email: 'outbound.representative@seller-company-international.example',
    event_type: 'LEAD_CATEGORY_UPDATED',
  },
  created_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  sent_at: sent ? new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString() : null,
});

let context: BrowserContext;
let page: Page;
let webhookId: number;

beforeAll(async () => {
  context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const webhook = await createSmartleadWebhook(page, env.stack.baseUrl);
  webhookId = webhook.id;
  await postSmartleadReply(webhook.webhookUrl, longEmail);
}, 120_000);

afterAll(() => context?.close());

/** Goes to a screen and waits for its heading and its tables' rows. */
async function open(path: string): Promise<void> {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/${path}`);
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(700);
}

describe.each(sizes)('at %ix%i', (width, height) => {
  beforeAll(() => page.setViewportSize({ width, height }));

  it('fits every table of the four areas in its box, no word broken, no row over three lines', async () => {
    const found: Record<string, FitProblems> = {};
    const none = { tooWide: [], brokenWords: [], tallRows: [] };
    for (const path of screens) {
      await open(path);
      found[path] = await fitProblems(page);
    }
    expect(found).toEqual(Object.fromEntries(screens.map((path) => [path, none])));
  }, 120_000);

  it('fits History › Webhooks with failed and held events from long addresses, and the event panel', async () => {
    await serveWebhookLogs(page, [failedRow(3), heldRow(2), failedRow(1)]);
    await open('history/webhook-logs');
    const table = page.getByRole('table', { name: 'Webhook logs' });
    await table.getByRole('row', { name: 'Webhook log 3' }).waitFor();
    expect(await fitProblems(page)).toEqual({ tooWide: [], brokenWords: [], tallRows: [] });
    // the long values are cut, and whole on hover
    await table.getByRole('row', { name: 'Webhook log 3' }).getByTitle(longEmail).waitFor();
    // a held event is Held, not an error
    await table
      .getByRole('row', { name: 'Webhook log 2' })
      .getByText('Held', { exact: true })
      .waitFor();
    await page.unrouteAll();

    // the panel of a real event
    await open(`history/webhook-logs?webhookId=${webhookId}`);
    await table.getByRole('row').nth(1).click();
    const drawer = page.getByRole('dialog', { name: /^Event \d+$/ });
    await drawer.getByRole('heading', { name: 'Steps and attempts' }).waitFor();
    await drawer.getByRole('table', { name: 'Steps and attempts' }).waitFor();
    await page.waitForTimeout(300);
    expect(await fitProblems(page, 400)).toEqual({ tooWide: [], brokenWords: [], tallRows: [] });
    await page.keyboard.press('Escape');
  }, 120_000);

  it('fits History › Category Base Filter with held and sent events', async () => {
    await page.route(/\/api\/admin\/category-base-filters(\?|$)/, (route) =>
      route.fulfill({
        json: {
          page: 1,
          limit: 20,
          totalItems: 2,
          nextCursor: null,
          data: new URL(route.request().url()).searchParams.has('after')
            ? []
            : [categoryRow(2, false), categoryRow(1, true)],
        },
      }),
    );
    await open('history/category-base-filter-logs');
    const table = page.getByRole('table', { name: 'Category base filter logs' });
    await table.getByText('Held', { exact: true }).waitFor();
    expect(await fitProblems(page)).toEqual({ tooWide: [], brokenWords: [], tallRows: [] });
    await page.unrouteAll();
  }, 120_000);

  it("keeps toasts off an open dialog's buttons, a failed test's persistent error included", async () => {
    await page.route(/\/webhooks\/test\//, (route) =>
      route.fulfill({
        status: 422,
        json: { success: false, errors: ['HubSpot refused the contact: email is invalid'] },
      }),
    );
    await open('webhooks');
    const row = page
      .getByRole('table', { name: 'Existing webhooks' })
      .getByRole('row', { name: `Webhook ${webhookId}`, exact: true });
    await rowAction(row, 'Sync test');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Valid JSON', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Test Sync' }).click();
    await page.getByText('HubSpot refused the contact: email is invalid').first().waitFor();
    await page.waitForTimeout(500);
    expect(await toastsOverDialogButtons(page)).toEqual([]);
    await page.unrouteAll();
    await page.keyboard.press('Escape');
  }, 120_000);
});
