import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Turns on the browser's Save-Data for a page: the dashboard then prefetches no other area once it is idle
 * (shell/src/features/remotes/prefetch.ts), so what a measure counts is the first load alone.
 */
export async function saveData(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

/**
 * The JavaScript a signed-in person downloads to see one dashboard route, on a fresh page with an
 * empty cache: every script response's body, each gzipped at level 9 (the bytes are deterministic
 * for a given build, so the sum is comparable from run to run). With Save-Data on: the other areas the
 * dashboard prefetches once idle are not part of the first load.
 */
export async function firstLoadScriptBytes(
  browser: Browser,
  signedIn: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<number> {
  // a new context has an empty HTTP cache; the session cookie comes along
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  try {
    const page = await context.newPage();
    await saveData(page);
    const bodies: Array<Promise<number>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
      bodies.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
    });
    await page.goto(url);
    await ready(page);
    // chunks a screen asks for right after its first render come within this quiet time
    let count = -1;
    while (count !== bodies.length) {
      count = bodies.length;
      await page.waitForTimeout(750);
    }
    return (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0);
  } finally {
    await context.close();
  }
}
