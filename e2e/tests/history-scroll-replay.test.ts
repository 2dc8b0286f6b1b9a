import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { waitFor } from '../src/ports.cjs';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';

const env = useStackAndBrowser();
let page: Page;
let webhook: { id: number; webhookUrl: string };
const run = Date.now();

interface LogPage {
  totalItems: number;
  data: { state: string; webhookLogResults: { errors: string[] } }[];
}
const logsOf = (query: string) =>
  sessionApi(page, env.stack.baseUrl).get<LogPage>(
    `/api/admin/webhook-logs?webhookId=${webhook.id}${query}`,
  );
const logsScreen = (query = '') =>
  `${env.stack.baseUrl}/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}${query}`;

beforeAll(async () => {
  page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  webhook = await createSmartleadWebhook(page, env.stack.baseUrl);
}, 120_000);

it('loads the rows after the first 20 as the list is scrolled down', async () => {
  const emails = Array.from(
    { length: 25 },
    (_, index) => `scroll.${index}.${run}@northwind.example`,
  );
  for (const email of emails) await postSmartleadReply(webhook.webhookUrl, email);
  await waitFor(async () => (await logsOf('')).totalItems >= 25, 'the 25 events to be logged');

  await page.goto(logsScreen());
  const table = page.getByRole('table', { name: 'Webhook logs' });
  await table.getByRole('row').filter({ hasText: emails[24] }).waitFor();
  await page.getByText('Total: 25').waitFor();
  // 20 rows and the header: the oldest five are on the next page
  await expect(table.getAttribute('aria-rowcount')).resolves.toBe('21');
  await expect(table.getByRole('row').filter({ hasText: emails[0] }).count()).resolves.toBe(0);

  await waitFor(async () => {
    await page.mouse.wheel(0, 2_000);
    return (await table.getAttribute('aria-rowcount')) === '26';
  }, 'the next page to load as the list scrolls');
  // newest first: the 21st row (row index 22 after the header) is the fifth event posted, the last the first
  await table.getByRole('row').filter({ hasText: emails[0] }).waitFor();
  await expect(
    table.getByRole('row').filter({ hasText: emails[4] }).getAttribute('aria-rowindex'),
  ).resolves.toBe('22');
  await expect(
    table.getByRole('row').filter({ hasText: emails[0] }).getAttribute('aria-rowindex'),
  ).resolves.toBe('26');
}, 120_000);

it('replays a failed event once its cause is fixed (the sandbox HubSpot refusing every call), and it succeeds', async () => {
  const sandbox = env.stack.sandboxUrl;
  const fault = await fetch(`${sandbox}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'hubspot', type: '410', count: 1_000 }),
  });
  expect(fault.status).toBe(201);
  const email = `replay.${run}@contoso.example`;
  await postSmartleadReply(webhook.webhookUrl, email);
  const query = `&email=${encodeURIComponent(email)}`;
  await waitFor(
    async () => (await logsOf(query)).data[0]?.state === 'failed',
    'the event to fail while HubSpot refuses',
  );

  await page.goto(logsScreen(query));
  const row = page
    .getByRole('table', { name: 'Webhook logs' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row.getByRole('cell').last().textContent()).resolves.toMatch(/^Error/);

  // the cause goes away: the sandbox HubSpot answers again
  expect(
    (await fetch(`${sandbox}/_sandbox/faults?provider=hubspot`, { method: 'DELETE' })).ok,
  ).toBe(true);
  await row.click();
  const drawer = page.getByRole('dialog', { name: /^Event \d+$/ });
  await drawer.getByRole('button', { name: 'Replay' }).click();
  await drawer.getByText(/^Replay started: the event is being processed again/).waitFor();

  await waitFor(
    async () => (await logsOf(query)).data[0]?.state === 'processed',
    'the replayed event to be processed',
  );
  await page.reload();
  await expect(row.getByRole('cell').last().textContent()).resolves.toBe('Success');
  // the panel says where the event landed: the replay's run lists the contact it wrote
  await row.click();
  await drawer
    .getByRole('list', { name: 'Steps' })
    .getByText(/^contact: (created|updated) \d+/)
    .waitFor();
  // in the narrow panel each attempt's time stays on one line (the column asks for nowrap over the table's wrapping)
  const time = drawer
    .getByRole('table', { name: 'Steps and attempts' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .first();
  await expect(time.evaluate((cell) => getComputedStyle(cell).whiteSpace)).resolves.toBe('nowrap');
}, 120_000);
