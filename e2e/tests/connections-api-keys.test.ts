import type { Locator, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { connectSandboxHubspot } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { clickClearOfToasts, rowAction } from '../src/row-actions';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';
const MASK = '••••••••••••••••';

async function signedIn(email: string): Promise<Page> {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, email);
  return page;
}

async function addKey(
  page: Page,
  {
    platform,
    apiKey,
    baseUrl,
    description,
  }: { platform: string; apiKey: string; baseUrl?: string; description: string },
): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Add an API key' });
  await form.getByLabel('Profile').selectOption({ label: PROFILE });
  await form.getByLabel('Platform').selectOption({ label: platform });
  await form.getByLabel('API Key').fill(apiKey);
  if (baseUrl !== undefined) await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Create' }).click();
  const row = keyRow(page, 'API Keys', description);
  await row.waitFor();
  return row;
}

const keyRow = (page: Page, table: string, description: string) =>
  page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row', { name: `API key ${description}`, exact: true });

/** Waits for a toast with this text and closes nothing: toasts leave by themselves after 3 s. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('API keys', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('admin@example.com');
    await connectSandboxHubspot(page, env.stack.baseUrl);
    await page.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
  });

  it('warns with the §5 messages and sends nothing while the form is incomplete', async () => {
    const form = page.getByRole('form', { name: 'Add an API key' });
    await form.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Please select a platform');
    await form.getByLabel('Platform').selectOption({ label: 'EmailBison' });
    await form.getByLabel('API Key').fill('eb-valid-key');
    await form.getByLabel('Description').fill('Bison');
    await form.getByLabel('Profile').selectOption({ label: PROFILE });
    await form.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Please enter a valid base URL');
    await form.getByLabel('Platform').selectOption({ label: 'Select a platform' });
    await form.getByLabel('API Key').fill('');
    await form.getByLabel('Description').fill('');
  });

  it('adds a key for each of the four platforms, checked with the platform on create', async () => {
    const smartlead = await addKey(page, {
      platform: 'Smartlead',
      apiKey: 'sl-valid-key',
      description: 'Smartlead main',
    });
    const instantly = await addKey(page, {
      platform: 'Instantly',
      apiKey: 'in-valid-key',
      description: 'Instantly main',
    });
    const bison = await addKey(page, {
      platform: 'EmailBison',
      apiKey: 'eb-valid-key',
      baseUrl: 'https://dedi.emailbison.com',
      description: 'Bison main',
    });
    const heyreach = await addKey(page, {
      platform: 'HeyReach',
      apiKey: 'hr-valid-key',
      description: 'HeyReach main',
    });
    for (const row of [smartlead, instantly, bison, heyreach])
      await row.getByText('Valid', { exact: true }).waitFor();
    expect(await bison.getByRole('cell', { name: 'https://dedi.emailbison.com' }).count()).toBe(1);
    const wrong = await addKey(page, {
      platform: 'Smartlead',
      apiKey: 'sl-wrong-key',
      description: 'Smartlead wrong',
    });
    await wrong.getByText('Invalid', { exact: true }).waitFor();

    // masked until the row is clicked; a second click masks it again
    const keyText = smartlead.getByTestId('api-key-text');
    expect(await keyText.textContent()).toBe(MASK);
    await smartlead.getByRole('cell', { name: 'Smartlead main' }).click();
    // the list holds only a mask: the click asks the api for the key
    await smartlead.getByText('sl-valid-key', { exact: true }).waitFor();
    expect(await keyText.textContent()).toBe('sl-valid-key');
    await smartlead.getByRole('cell', { name: 'Smartlead main' }).click();
    expect(await keyText.textContent()).toBe(MASK);
  });

  it('checks a valid and an invalid key with their platform', async () => {
    await rowAction(keyRow(page, 'API Keys', 'Smartlead main'), 'Check API Key');
    await toast(page, 'API key validated');
    await rowAction(keyRow(page, 'API Keys', 'Smartlead wrong'), 'Check API Key');
    await toast(page, 'Invalid API key');
    await keyRow(page, 'API Keys', 'Smartlead wrong')
      .getByText('Invalid', { exact: true })
      .waitFor();
  });

  it("opens a Smartlead key's lead categories", async () => {
    await rowAction(keyRow(page, 'API Keys', 'Smartlead main'), 'View lead categories');
    const dialog = page.getByRole('dialog', { name: 'Lead categories' });
    const table = dialog.getByRole('table', { name: 'Lead categories' });
    await table.getByRole('cell', { name: 'Follow Up Later', exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(9);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await clickClearOfToasts(dialog.getByRole('button', { name: 'Close', exact: true }).first());
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds heyreach lead categories, one per line, and lists them', async () => {
    await rowAction(keyRow(page, 'API Keys', 'HeyReach main'), 'View lead categories');
    const dialog = page.getByRole('dialog', { name: 'Lead categories' });
    await dialog.getByText('No lead categories found Or Invalid API Key').waitFor();
    await dialog.getByLabel('New categories').fill('Hot Lead\n\n   \nMeeting Booked');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Categories added');
    const table = dialog.getByRole('table', { name: 'Lead categories' });
    await table
      .getByRole('row')
      .filter({ hasText: 'hot_lead' })
      .getByRole('cell', { name: 'Hot Lead' })
      .waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'meeting_booked' })
      .getByRole('cell', { name: 'Meeting Booked' })
      .waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await clickClearOfToasts(dialog.getByRole('button', { name: 'Close', exact: true }).first());
    await dialog.waitFor({ state: 'hidden' });

    // still there when the dialog opens again
    await rowAction(keyRow(page, 'API Keys', 'HeyReach main'), 'View lead categories');
    await dialog.getByRole('cell', { name: 'Meeting Booked' }).waitFor();
    await clickClearOfToasts(dialog.getByRole('button', { name: 'Close', exact: true }).first());
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a key: a refused key stays as an error until dismissed, a good one is saved', async () => {
    await rowAction(keyRow(page, 'API Keys', 'Instantly main'), 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit API key' });
    // the row holds only a mask: the dialog asks the api for the key
    await dialog.getByLabel('API Key').waitFor();
    for (
      let i = 0;
      i < 50 && (await dialog.getByLabel('API Key').inputValue()) !== 'in-valid-key';
      i += 1
    )
      await page.waitForTimeout(100);
    expect(await dialog.getByLabel('API Key').inputValue()).toBe('in-valid-key');
    await dialog.getByLabel('API Key').fill('in-wrong-key');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Instantly's refusal, in an error toast that outlives the usual 3 seconds
    const refusal = page.locator('[data-severity="error"]').filter({ hasText: 'Instantly' });
    await refusal.waitFor();
    await page.waitForTimeout(3500);
    expect(await refusal.isVisible()).toBe(true);
    await dialog.getByLabel('API Key').fill('in-valid-key');
    await dialog.getByLabel('Description').fill('Instantly renamed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Updated API key');
    await dialog.waitFor({ state: 'hidden' });
    await keyRow(page, 'API Keys', 'Instantly renamed').waitFor();
  });

  it('deletes a key after the confirmation', async () => {
    await rowAction(keyRow(page, 'API Keys', 'Smartlead wrong'), 'Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Do you want to delete the API key "Smartlead wrong"?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await keyRow(page, 'API Keys', 'Smartlead wrong').waitFor({ state: 'detached' });
    await page.reload();
    await keyRow(page, 'API Keys', 'Smartlead main').waitFor();
    expect(await keyRow(page, 'API Keys', 'Smartlead wrong').count()).toBe(0);
  });

  it('shows "All API Keys" to a manager and not to a regular user', async () => {
    const manager = await signedIn('manager@example.com');
    await manager.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
    await keyRow(manager, 'All API Keys', 'Smartlead main').waitFor();
    await manager.getByRole('heading', { name: 'API Keys', exact: true }).waitFor();
    await manager.getByText("You don't have any integrations!").waitFor();
    // another user's key comes masked from the api, and stays behind the placeholder until clicked
    const text = keyRow(manager, 'All API Keys', 'Smartlead main').getByTestId('api-key-text');
    expect(await text.textContent()).toBe(MASK);

    const user = await signedIn('user@example.com');
    await user.goto(`${env.stack.baseUrl}/admin/dashboard/api-keys`);
    await user.getByRole('heading', { name: 'API Keys', exact: true }).waitFor();
    await user.getByText('No API keys yet').waitFor();
    expect(await user.getByRole('heading', { name: 'All API Keys' }).count()).toBe(0);
    expect(await user.getByRole('table', { name: 'All API Keys' }).count()).toBe(0);
  });
});
