import { signIn } from '../src/browser';
import { saveData } from '../src/first-load';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

/** The remote entries the page has fetched so far, from the browser's own record of its resources. */
const fetchedEntries = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.endsWith('/remoteEntry.js'));

it('fetches the other areas’ remote entries once the page of one area is idle', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('main').getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
  const { remotes } = (await (
    await context.request.get(`${env.stack.baseUrl}/remotes.json`)
  ).json()) as { remotes: Array<{ name: string; entry: string }> };
  const expected = remotes.map(({ entry }) => new URL('remoteEntry.js', entry).href).sort();
  expect(expected).toHaveLength(4);

  // no click: only the page's idle time brings the other three
  await page.waitForFunction(
    (count) =>
      new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.endsWith('/remoteEntry.js')),
      ).size >= count,
    expected.length,
    { timeout: 20_000 },
  );
  expect([...new Set(await page.evaluate(fetchedEntries))].sort()).toEqual(expected);
  await context.close();
});

it('prefetches nothing for a person who asked to save data', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await saveData(page);
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('main').getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
  // longer than the first test's prefetch took: the page's load, then its idle time (5 s at most)
  await page.waitForTimeout(8_000);
  expect(new Set(await page.evaluate(fetchedEntries)).size).toBe(1);
  await context.close();
});
