// The History > Webhooks table in Chromium with 10,000 rows loaded: how many rows the DOM holds and how
// long each frame takes while the window scrolls through all of them. A benchmark, not a test: it prints
// the figures (goal: ≤ 100 DOM rows, no frame over 50 ms). The real stack serves the dashboard; the list
// call is answered with one 10,000-row page (page.route) so the rows are there without 500 scroll loads.
//   pnpm bench:logs   (or: jest --config e2e/jest.config.cjs --runInBand --testMatch '<rootDir>/bench/**/*.bench.ts')
import type { WebhookLog } from 'shared/contract';
import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();
const ROWS = Number(process.env.BENCH_BROWSER_ROWS ?? 10_000);
/** How far the window scrolls each frame (BENCH_SCROLL_PX): 500 px is 30,000 px a second, a fast fling. */
const SCROLL_PX = Number(process.env.BENCH_SCROLL_PX ?? 500);

const row = (id: number): WebhookLog => ({
  id,
  user: { id: 1, email: 'admin@example.com' },
  webhookId: 1,
  webhookUrl: 'http://localhost:8080/webhooks/bench',
  hubId: '4411',
  eventType: 'EMAIL_REPLY',
  smartleadPayload: { path: '/webhooks/bench', payload: { subject: `Subject ${id}`, to_email: `lead${id}@northwind.example`, from_email: 'rep@seller.example', event_type: 'EMAIL_REPLY' } },
  webhookLogResults: { errors: id % 50 === 0 ? ['HubSpot refused the contact'] : [] },
  createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  state: id % 50 === 0 ? 'failed' : 'processed',
  duplicates: 0,
  isTest: false,
});

it(`scrolls the webhook logs through ${ROWS} loaded rows`, async () => {
  const page = await (await env.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  const all = Array.from({ length: ROWS }, (_, index) => row(ROWS - index));
  await page.route(/\/api\/admin\/webhook-logs(\?|$)/, (route) => {
    const newer = new URL(route.request().url()).searchParams.has('after');
    return route.fulfill({ json: { page: 1, limit: 20, totalItems: ROWS, nextCursor: null, data: newer ? [] : all } });
  });
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs`);
  await page.getByText(`Total: ${ROWS}`).waitFor();
  await page.getByRole('table', { name: 'Webhook logs' }).getByText(`Subject ${ROWS}`).waitFor();

  const result = await page.evaluate(async (scrollPx) => {
    const drawnRows = () => document.querySelectorAll('table[aria-label="Webhook logs"] tbody tr:not([aria-hidden])').length;
    const frames: number[] = [];
    let mostRows = drawnRows();
    let last = performance.now();
    const began = last;
    await new Promise<void>((resolve) => {
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        mostRows = Math.max(mostRows, drawnRows());
        const end = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY >= end - 1 || frames.length > 20_000) return resolve();
        window.scrollBy(0, scrollPx);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    const lastRow = Array.from(document.querySelectorAll('table[aria-label="Webhook logs"] tbody tr[aria-rowindex]')).at(-1)?.getAttribute('aria-rowindex');
    return { frames: frames.slice(1), mostRows, lastRow, seconds: (performance.now() - began) / 1000, scrolled: window.scrollY };
  }, SCROLL_PX);
  const sorted = [...result.frames].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!.toFixed(1);
  console.info(
    [
      `Chromium, ${ROWS} rows loaded, the window scrolled ${SCROLL_PX} px a frame to the end (${Math.round(result.scrolled)} px, ${result.seconds.toFixed(1)} s, last row index ${result.lastRow}):`,
      `  most table rows in the DOM at once: ${result.mostRows}`,
      `  frames: ${result.frames.length}; median ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, longest ${sorted.at(-1)!.toFixed(1)} ms; over 50 ms: ${result.frames.filter((frame) => frame > 50).length}`,
    ].join('\n'),
  );
  expect(result.lastRow).toBe(String(ROWS + 1));
}, 300_000);
