import zlib from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * The JavaScript a signed-in person downloads to see one dashboard route, on a fresh page with an
 * empty cache: every script response's body, each gzipped at level 9 (the bytes are deterministic
 * for a given build, so the sum is comparable from run to run).
 */
export async function firstLoadScriptBytes(
  browser: Browser,
  signedIn: BrowserContext,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<void>,
): Promise<number> {
  // a new context has an empty HTTP cache; the session cookie comes along
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  try {
    const page = await context.newPage();
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
