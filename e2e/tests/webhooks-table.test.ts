import type { Page } from 'playwright-core';
import { fixtureById, payloadAt } from 'shared/events';
import { signIn } from '../src/browser';
import { rowAction, rowActionNames } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

interface CreatedWebhook {
  id: number;
  webhookUrl: string;
  userProfileId: number;
  ownerDetails: { firstName: string; lastName: string };
  lastEvent: { state: string } | null;
}

/** Connects the sandbox's HubSpot portal as the signed-in user and answers its profile's id: a webhook hangs off a profile. */
async function connectHubspot(page: Page): Promise<number> {
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const integrations = await sessionApi(page, env.stack.baseUrl).get<
    { id: number; user: { profile: string } }[]
  >('/api/admin/users/integrations');
  const hubspot = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!hubspot) throw new Error('No HUBSPOT integration after connecting');
  return hubspot.id;
}

/** A bison webhook with three behaviours on and its one fixed category, made through the api as the signed-in user. */
async function createWebhook(page: Page, userProfileId: number): Promise<CreatedWebhook> {
  const calls = sessionApi(page, env.stack.baseUrl);
  const { owners } = await calls.get<{
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  }>(`/api/admin/hubspot/owners-and-user-accounts/${userProfileId}`);
  const owner = owners[0];
  if (!owner) throw new Error('The sandbox HubSpot has no owners');
  const code = await calls.postText('/api/admin/webhooks/generate');
  return calls.postJson<CreatedWebhook>('/api/admin/webhooks', {
    userProfileId,
    code,
    selectedOwner: {
      id: String(owner.id),
      firstName: owner.firstName ?? '',
      lastName: owner.lastName ?? '',
      email: owner.email ?? '',
    },
    emailService: 'bison',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    assignContactOwner: true,
    createOrUpdateTask: true,
    smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
  });
}

const existingRow = (page: Page, id: number) =>
  page
    .getByRole('table', { name: 'Existing webhooks' })
    .getByRole('row', { name: `Webhook ${id}`, exact: true });

it('shows a webhook made through the api with its tags, badge and last event, copies its URL, shows it read-only to a manager, and deletes it', async () => {
  const context = await env.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: env.stack.baseUrl,
  });
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  const webhook = await createWebhook(page, await connectHubspot(page));
  expect(webhook.lastEvent).toBeNull();

  // the platform posts an event: the row tells when it came and links to the webhook's logs
  const fixture = fixtureById('bison.email-opened');
  if (!fixture) throw new Error('No bison.email-opened fixture');
  const received = await fetch(webhook.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payloadAt(fixture, new Date())),
  });
  expect(received.status).toBe(200);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  const row = existingRow(page, webhook.id);
  await row.waitFor();
  const owner = `${webhook.ownerDetails.firstName} ${webhook.ownerDetails.lastName}`;
  await row.getByText(owner).waitFor();
  for (const tag of ['Create or update company', 'Assign contact owner'])
    await row.getByText(tag, { exact: true }).waitFor();
  // two badges a cell and "+N more", every tag on hover: a row stays three lines tall (issue 56)
  await row.getByText('+1 more', { exact: true }).waitFor();
  await row.getByTitle(/Create task/).waitFor();
  await row.getByText('ID: lead_interested - Interested', { exact: true }).waitFor();
  // the platform and the rest of the profile's info on the line under the profile
  await row.getByText(/^EmailBison · /).waitFor();
  await row.getByText(webhook.webhookUrl, { exact: true }).waitFor();
  const logsLink = row.getByRole('link', {
    name: new RegExp(`^Logs of the webhook ${webhook.id}: last event `),
  });
  await logsLink.waitFor();
  expect(await logsLink.getAttribute('href')).toBe(
    `/admin/dashboard/history/webhook-logs?webhookId=${webhook.id}`,
  );

  await rowAction(row, 'Copy URL');
  await page.getByText('Copied webhook URL.').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhook.webhookUrl);

  // a manager of the organization sees it in "All webhooks": a test can be sent to any webhook (issue 56), no delete
  const managerPage = await (await env.browser.newContext()).newPage();
  await signIn(managerPage, env.stack.baseUrl, 'manager@example.com');
  await managerPage.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  const managersRow = managerPage
    .getByRole('table', { name: 'All webhooks' })
    .getByRole('row', { name: `Webhook ${webhook.id}`, exact: true });
  await managersRow.waitFor();
  expect(await rowActionNames(managersRow)).toEqual(['Sync test', 'Webhook Settings', 'Copy URL']);
  // the table searches through the api (issue 56): the owner's name finds it, a text of no webhook nothing
  const allWebhooks = managerPage.getByRole('region', { name: 'All webhooks' });
  const search = allWebhooks.getByRole('searchbox', { name: 'Search' });
  await search.fill(webhook.ownerDetails.lastName.toUpperCase());
  await search.press('Enter');
  await allWebhooks.getByText(/^Page 1 of 1 · \d+ webhooks?$/).waitFor();
  await managersRow.waitFor();
  await search.fill('no-webhook-has-this');
  await search.press('Enter');
  await allWebhooks.getByText('No webhook matches this search', { exact: true }).waitFor();
  // the platform by the name the table shows finds it again (issue 56): bison is EmailBison
  await search.fill('EmailBison');
  await search.press('Enter');
  await managersRow.waitFor();
  // a dialog opened from the row gives focus back to the row's control on Escape (issue 56)
  await rowAction(managersRow, 'Webhook Settings');
  const settings = managerPage.getByRole('dialog');
  await settings.waitFor();
  await managerPage.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
  const folded = await managersRow
    .getByRole('button', { name: 'Actions', exact: true })
    .isVisible();
  const opener = await managersRow
    .getByRole('button', { name: folded ? 'Actions' : 'Webhook Settings', exact: true })
    .elementHandle();
  await managerPage.waitForFunction((element) => element === document.activeElement, opener, {
    timeout: 5_000,
  });
  expect(
    await managerPage
      .getByRole('table', { name: 'Existing webhooks' })
      .getByRole('row', { name: `Webhook ${webhook.id}`, exact: true })
      .count(),
  ).toBe(0);

  // the owner deletes it after the confirmation
  await rowAction(row, 'Delete');
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(`Do you want to delete ${owner}'s webhook?`).waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.getByText(`Deleted ${owner}'s webhook.`).waitFor();
  await row.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  // the webhooks have loaded: their table, or the welcome shown when none is left
  await page
    .getByRole('table', { name: 'Existing webhooks' })
    .or(page.getByText('Welcome to the webhook receiver', { exact: true }))
    .waitFor();
  expect(await existingRow(page, webhook.id).count()).toBe(0);
}, 120_000);
