import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { expectReleased, openHistory, openUsers, versionedEntry } from '../src/releases';
import { useStackAndBrowser } from '../src/setup';
import { repoRoot } from '../src/stack';
import { waitForToast } from '../src/toasts';

/**
 * Issue 57 on the real stack: `pnpm --filter mfe-logs run release` builds mfe-logs, puts it at its
 * versioned location and makes it live through the api's registry; a page already open keeps the
 * History it started with until it reloads, and a rollback is one call. The Releases page shows and
 * changes what runs; a live version that cannot load falls back to the previous good one.
 */
const env = useStackAndBrowser();
const RELEASE_TIMEOUT_MS = 240_000;

const stamp = Date.now().toString(36);
const versions = [`0.1.0+e2e.${stamp}.a`, `0.1.0+e2e.${stamp}.b`];
const releasesDir = path.join(repoRoot, 'mfe-logs', 'releases');
afterAll(() => {
  for (const version of versions)
    fs.rmSync(path.join(releasesDir, version), { recursive: true, force: true });
});

const release = (version: string) => expectReleased(env.stack, version);
const versioned = (version: string) => versionedEntry(env.stack, version);

it(
  'publishes mfe-logs while a page is open: that page keeps its History until it reloads; a rollback is one call',
  async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await signIn(page, env.stack.baseUrl, 'admin@example.com');
    await openUsers(page, env.stack);

    release(versions[0]!);
    expect(await openHistory(page, env.stack)).toEqual([
      `http://localhost:${env.stack.remotePort('mfe-logs')}/remoteEntry.js`,
    ]);

    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versioned(versions[0]!)]);

    release(versions[1]!);
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versioned(versions[1]!)]);

    const rollback = await context.request.post(
      `${env.stack.baseUrl}/api/admin/releases/mfe_logs/rollback`,
      { headers: { origin: env.stack.baseUrl } },
    );
    expect(rollback.status()).toBe(200);
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versioned(versions[0]!)]);
    await context.close();
  },
  RELEASE_TIMEOUT_MS,
);

/** The History area's card on the Releases page. */
async function openReleases(page: Page) {
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/releases`);
  const history = page.getByRole('main').getByRole('region', { name: 'History', exact: true });
  await history.waitFor();
  return history;
}

async function confirm(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const runningHistory = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('list', { name: 'Versions this page runs' })
    .getByText(/^History /);

it(
  'shows the live versions on the Releases page; Activate and Rollback there change what a fresh page loads',
  async () => {
    const [first, second] = versions as [string, string];
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await signIn(page, env.stack.baseUrl, 'admin@example.com');

    // the test above left the first version live (rolled back from the second)
    let history = await openReleases(page);
    await history.getByText(`Live: ${first}`, { exact: true }).waitFor();
    for (const version of [first, second])
      await history.getByRole('row').filter({ hasText: version }).waitFor();
    expect(await runningHistory(page).textContent()).toBe(`History ${first}`);

    await history.getByRole('button', { name: `Activate ${second}` }).click();
    await confirm(page);
    await waitForToast(page, `History ${second} is live`);
    await history.getByText(`Live: ${second}`, { exact: true }).waitFor();
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versioned(second)]);
    expect(await runningHistory(page).textContent()).toBe(`History ${second}`);

    history = await openReleases(page);
    await history.getByRole('button', { name: 'Rollback' }).click();
    await confirm(page);
    await waitForToast(page, `History is rolled back to ${first}`);
    await openUsers(page, env.stack);
    expect(await openHistory(page, env.stack)).toEqual([versioned(first)]);
    await context.close();
  },
  RELEASE_TIMEOUT_MS,
);

/** Publishes a version of mfe-logs whose files were never uploaded: its manifest is a 404. */
async function publishBroken(context: BrowserContext, version: string): Promise<void> {
  const published = await context.request.post(
    `${env.stack.baseUrl}/api/admin/releases/mfe_logs/versions`,
    {
      headers: { origin: env.stack.baseUrl },
      data: {
        version,
        manifestUrl: `http://localhost:${env.stack.remotePort('mfe-logs')}/v/${version}/mf-manifest.json`,
        shared: [],
        operations: ['listWebhookLogs'],
      },
    },
  );
  expect(published.status()).toBe(200);
}

it(
  'falls back to the previous good version when the live one cannot load, says so and counts it',
  async () => {
    const first = versions[0]!;
    const broken = `0.1.0+e2e.${stamp}.broken`;
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await signIn(page, env.stack.baseUrl, 'admin@example.com');
    await publishBroken(context, broken);

    await openUsers(page, env.stack);
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/admin/releases/mfe_logs/fallbacks') && response.ok(),
    );
    expect(await openHistory(page, env.stack)).toEqual([versioned(first)]);
    await reported;
    expect(warnings).toContainEqual(
      expect.stringContaining(`mfe_logs ${broken} could not be loaded; falling back to ${first}.`),
    );
    expect(await runningHistory(page).textContent()).toBe(`History ${first}`);

    const history = await openReleases(page);
    await history.getByText(`Live: ${broken}`, { exact: true }).waitFor();
    const fallbacks = history
      .getByRole('row')
      .filter({ hasText: broken })
      .getByRole('cell', { name: 'Fallbacks' });
    expect(await fallbacks.textContent()).toBe('1');
    await context.close();
  },
  RELEASE_TIMEOUT_MS,
);
