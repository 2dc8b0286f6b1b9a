import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

it('shows a fallback in one area while another works, and Retry brings it back without a reload', async () => {
  const page = await (await env.browser.newContext()).newPage();
  await env.stack.stopRemote('mfe-blocklists');
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Block lists', exact: true }).click();
  const fallback = page.getByRole('main').getByRole('alert');
  await fallback.getByText('Block lists is unavailable right now').waitFor();

  await nav.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('main').getByRole('heading', { name: 'API keys', exact: true }).waitFor();

  await nav.getByRole('link', { name: 'Block lists', exact: true }).click();
  await fallback.getByText('Block lists is unavailable right now').waitFor();
  await env.stack.startRemote('mfe-blocklists');
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('main').getByRole('heading', { name: 'Block lists', exact: true }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
});
