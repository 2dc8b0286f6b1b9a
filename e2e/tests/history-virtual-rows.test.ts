import type { Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { waitFor } from '../src/ports.cjs';
import { useStackAndBrowser } from '../src/setup';
import { serveWebhookLogs, webhookLogRow } from '../src/webhook-log-rows';

// The History table draws only the rows near the view and reuses their elements for the rows scrolled to.
// Rows differ in height (a failed event's error takes a line), so a reused element often shows a row of
// another height, or of the same height as the row before: either way the space left for the rows not
// drawn must match their heights, or the table jumps and the wrong rows are in view.
const env = useStackAndBrowser();
const ROWS = 600;

/** Every third event failed, some in a row (ids 3n and 3n+1 below 90): short and tall rows side by side and after each other. */
const failed = (id: number) => id % 3 === 0 || (id < 90 && id % 3 === 1);
const all = Array.from({ length: ROWS }, (_, index) =>
  webhookLogRow(ROWS - index, failed(ROWS - index)),
);

/**
 * In the page: the drawn rows' places (from 0) and heights, and the height of the spacer above them.
 * The spacer must equal the heights of the rows above the first drawn, each a short or a tall row's.
 */
async function layout(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('table[aria-label="Webhook logs"] tbody')!;
    const rows = Array.from(body.querySelectorAll<HTMLTableRowElement>('tr[aria-rowindex]'));
    const spacer = body.querySelector<HTMLTableRowElement>('tr[aria-hidden]');
    const above =
      spacer && spacer === body.firstElementChild ? spacer.getBoundingClientRect().height : 0;
    return {
      above,
      drawn: rows.map((tr) => ({
        index: Number(tr.getAttribute('aria-rowindex')) - 2,
        height: tr.getBoundingClientRect().height,
      })),
    };
  });
}

async function scrollBy(page: Page, pixels: number, frames: number) {
  await page.evaluate(
    ({ pixels, frames }) =>
      new Promise<void>((resolve) => {
        let left = frames;
        const step = () => {
          window.scrollBy(0, pixels);
          if (--left > 0) requestAnimationFrame(step);
          else requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        requestAnimationFrame(step);
      }),
    { pixels, frames },
  );
}

it('leaves the right space for the rows not drawn after a fast scroll down and back, with short and tall rows reusing elements', async () => {
  const page = await (
    await env.browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await serveWebhookLogs(page, all);
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs`);
  await page.getByRole('table', { name: 'Webhook logs' }).getByText(`Subject ${ROWS}`).waitFor();

  const first = await layout(page);
  const heights = {
    short: first.drawn.find(({ index }) => !failed(all[index]!.id))!.height,
    tall: first.drawn.find(({ index }) => failed(all[index]!.id))!.height,
  };
  expect(heights.tall).toBeGreaterThan(heights.short);
  // the table counts each row at its height to the pixel (rows lie on half pixels here)
  const spaceAbove = (index: number) =>
    all
      .slice(0, index)
      .reduce((sum, log) => sum + Math.round(failed(log.id) ? heights.tall : heights.short), 0);

  // down to the end in fast frames, then back up half way, and a little further at a time
  await scrollBy(page, 500, 60);
  await scrollBy(page, -400, 30);
  await scrollBy(page, -40, 20);
  await page.waitForTimeout(300);
  const back = await layout(page);
  expect(back.drawn.length).toBeGreaterThan(10);
  expect(back.drawn[0]!.index).toBeGreaterThan(60);
  for (const { index, height } of back.drawn)
    expect({
      index,
      off: Math.abs(height - (failed(all[index]!.id) ? heights.tall : heights.short)) < 1,
    }).toEqual({ index, off: true });
  expect(Math.abs(back.above - spaceAbove(back.drawn[0]!.index))).toBeLessThan(1);
  await page.context().close();
}, 120_000);

it('keeps the table in its box when the window narrows or widens after the rows are drawn', async () => {
  const page = await (
    await env.browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await serveWebhookLogs(page, all);
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs`);
  const table = page.getByRole('table', { name: 'Webhook logs' });
  await table.getByText(`Subject ${ROWS}`).waitFor();
  const fit = () =>
    table.evaluate((element: HTMLElement) => ({
      table: element.offsetWidth,
      box: element.parentElement!.clientWidth,
    }));
  // the new width, once the table has had its time to follow (a busy machine lays out late)
  const fitAt = async (width: number, height: number) => {
    await page.setViewportSize({ width, height });
    const fits = async () => {
      const sizes = await fit();
      return sizes.table === sizes.box;
    };
    await waitFor(fits, `the table to fit its box at ${width} px`, 5_000).catch(() => {});
    return fit();
  };

  const narrowed = await fitAt(1280, 800);
  expect(narrowed.table).toBe(narrowed.box);
  const widened = await fitAt(1600, 900);
  expect(widened.table).toBe(widened.box);
  await page.context().close();
}, 120_000);
