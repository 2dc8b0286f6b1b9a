// What a person downloads and waits for in the dashboard, on the built apps (it builds nothing: run it after
// `npm start`'s or `npm test`'s build). A benchmark, not a test: it prints the figures of issue 58's goals.
//   - per dashboard route, a fresh signed-in page on an empty cache: how many scripts, their raw bytes, their
//     bytes gzipped at level 9 (the size budget's measure, deterministic for a build) and the bytes as served
//     (the encoded body: the precompressed .br the servers send);
//   - the welcome page (signed out), the same four figures;
//   - area switches: a signed-in page on one area, left idle, then a click on each other area in the side
//     navigation: the time from the click to the area's page heading; then the same clicks again (later visits).
//   pnpm bench:web   (or: jest --config e2e/jest.config.cjs --runInBand --testMatch '<rootDir>/bench/web.bench.ts')
//   BENCH_IDLE_MS: how long the page is left idle before the first switch (3000 by default)
//   BENCH_PART=bytes or BENCH_PART=switch: only that half
//   BENCH_SCRIPTS=1 lists each script of each first load (its URL and gzip -9 bytes), heaviest first
import zlib from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { saveData } from '../src/first-load';
import { useStackAndBrowser } from '../src/setup';
import { dashboardScreens } from '../src/screens';

const env = useStackAndBrowser();
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const PART = process.env.BENCH_PART;
const LIST_SCRIPTS = process.env.BENCH_SCRIPTS === '1';

interface ScriptBytes {
  scripts: number;
  raw: number;
  gzip: number;
  served: number;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** Every script a fresh page (empty HTTP cache) loads until the page is ready and quiet for 750 ms. */
async function firstLoad(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<ScriptBytes> {
  const fresh = await env.browser.newContext({ storageState: await context.storageState() });
  try {
    const page = await fresh.newPage();
    // no prefetch of the other areas once idle: the first load alone
    await saveData(page);
    const measures: Array<Promise<Omit<ScriptBytes, 'scripts'> & { url: string }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      measures.push(
        (async () => {
          const response = await request.response();
          const url = request.url();
          if (!response || response.status() !== 200) return { url, raw: 0, gzip: 0, served: 0 };
          const [body, sizes] = await Promise.all([response.body(), request.sizes()]);
          return {
            url,
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            served: sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(url);
    await ready(page);
    let count = -1;
    while (count !== measures.length) {
      count = measures.length;
      await page.waitForTimeout(750);
    }
    const all = await Promise.all(measures);
    if (LIST_SCRIPTS)
      console.info(
        `${url}\n${all
          .sort((a, b) => b.gzip - a.gzip)
          .map((one) => `${kib(one.gzip).padStart(7)} ${one.url}`)
          .join('\n')}`,
      );
    return all.reduce(
      (sum, one) => ({
        scripts: sum.scripts + (one.raw > 0 ? 1 : 0),
        raw: sum.raw + one.raw,
        gzip: sum.gzip + one.gzip,
        served: sum.served + one.served,
      }),
      { scripts: 0, raw: 0, gzip: 0, served: 0 },
    );
  } finally {
    await fresh.close();
  }
}

const mainHeading = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ timeout: 90_000 });

const routes = dashboardScreens;

/**
 * Runs in the page: clicks the side navigation's link and times until the main landmark shows the
 * area's heading (checked every animation frame, so the figure is the page's own, not the driver's).
 */
function timeSwitch({ link, heading }: { link: string; heading: string }): Promise<number> {
  const nav = document.querySelector('nav[aria-label="Main"]');
  const anchor = Array.from(nav?.querySelectorAll('a') ?? []).find(
    (a) => a.textContent?.trim() === link,
  );
  if (!anchor) throw new Error(`no link ${link} in the side navigation`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const check = () => {
      const shown = Array.from(document.querySelectorAll('main h1')).some(
        (h1) => h1.textContent?.trim() === heading,
      );
      if (shown) resolve(performance.now() - started);
      else if (performance.now() - started > 30_000) reject(new Error(`${heading} not shown`));
      else requestAnimationFrame(check);
    };
    anchor.click();
    requestAnimationFrame(check);
  });
}

const switches: Array<{ link: string; heading: string }> = [
  { link: 'Webhook receiver', heading: 'Webhooks' },
  { link: 'Block lists', heading: 'Block lists' },
  { link: 'Webhooks', heading: 'Webhook logs' },
  { link: 'Users', heading: 'Users' },
];

it('measures the first load of every dashboard route, the welcome page and the area switches', async () => {
  const signedIn = await env.browser.newContext();
  await signIn(await signedIn.newPage(), env.stack.baseUrl, 'admin@example.com');
  const rows: string[] = [];
  const row = (name: string, bytes: ScriptBytes) =>
    rows.push(
      `${name.padEnd(52)} ${String(bytes.scripts).padStart(7)} ${kib(bytes.raw).padStart(9)} ${kib(bytes.gzip).padStart(9)} ${kib(bytes.served).padStart(9)}`,
    );
  for (const route of PART === 'switch' ? [] : routes)
    row(
      `/admin/dashboard/${route}`,
      await firstLoad(signedIn, `${env.stack.baseUrl}/admin/dashboard/${route}`, mainHeading),
    );
  const signedOut = await env.browser.newContext();
  if (PART !== 'switch')
    row(
      '/ (welcome, signed out)',
      await firstLoad(signedOut, `${env.stack.baseUrl}/`, (page) =>
        page.getByRole('link', { name: 'SECURE LOGIN' }).waitFor({ timeout: 90_000 }),
      ),
    );
  await signedOut.close();
  if (PART !== 'switch')
    console.info(
      [
        'First load, JavaScript (KiB; served = encoded bytes on the wire):',
        `${'route'.padEnd(52)} ${'scripts'.padStart(7)} ${'raw'.padStart(9)} ${'gzip -9'.padStart(9)} ${'served'.padStart(9)}`,
        ...rows,
      ].join('\n'),
    );
  if (PART === 'bytes') return signedIn.close();

  // area switches: one signed-in page, opened on an empty cache on the HubSpot area (mfe-connections)
  const fresh = await env.browser.newContext({ storageState: await signedIn.storageState() });
  const page = await fresh.newPage();
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/hubspot`);
  await mainHeading(page);
  // the page polls (the status widget), so the network is never idle: a fixed quiet time stands for idle
  await page.waitForTimeout(IDLE_MS);
  const lines: string[] = [];
  for (const [round, name] of [
    [1, 'first visit after idle'],
    [2, 'later visit'],
  ] as const) {
    for (const target of switches) {
      const ms = await page.evaluate(timeSwitch, target);
      lines.push(
        `${`${target.link} → ${target.heading}`.padEnd(52)} ${name.padEnd(24)} ${ms.toFixed(0).padStart(5)} ms`,
      );
      await page.waitForTimeout(round === 1 ? 500 : 100);
    }
  }
  await fresh.close();
  await signedIn.close();
  console.info(
    `Area switch, click to the area's heading (idle ${IDLE_MS} ms first):\n${lines.join('\n')}`,
  );
}, 900_000);
