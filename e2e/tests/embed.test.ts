import http from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { signIn } from '../src/browser';
import { freePort } from '../src/ports.cjs';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { waitForToast } from '../src/toasts';

// tokens that end within the test, so the page's callback is asked for new ones (read when the api starts)
process.env.EMBED_TOKEN_TTL_MINUTES = '0.1';
let portalPort: number;
// the portal as a page of the same site (localhost, like the api): listed before the api starts
beforeAll(async () => {
  portalPort = await freePort();
  process.env.ALLOWED_ORIGINS = `http://localhost:${portalPort}`;
});
const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

/** A customer's portal on another site: a plain page, and its server's token endpoint holding the embed key. */
interface Portal {
  url: string;
  tokensMinted: () => number;
  lastExpiry: () => number;
  close: () => Promise<void>;
}

const portalPage = (apiUrl: string, withToken: boolean) => `<!doctype html>
<html><head><title>Customer portal</title>
<style>* { color: rgb(255, 0, 0); } body { font-family: serif; } p { margin: 20px; }</style>
</head><body>
<p id="portal-text">Welcome to the customer portal</p>
<div id="crm-sync"></div>
<script src="${apiUrl}/embed.js" data-area="blocklists" data-route="/smartlead-block-lists"${withToken ? ' data-token-url="/crm-sync-token"' : ''}></script>
</body></html>`;

async function startPortal(apiUrl: string, embedKey: string): Promise<Portal> {
  let minted = 0;
  let expiry = 0;
  const server = http.createServer((request, response) => {
    if (request.url !== '/crm-sync-token') {
      const page = portalPage(apiUrl, request.url !== '/same-site');
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    void fetch(`${apiUrl}/embed/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${embedKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', areas: ['blocklists'] }),
    }).then(async (answer) => {
      const body = (await answer.json()) as { token: string; expiresAt: string };
      minted += 1;
      expiry = Date.parse(body.expiresAt);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token: body.token }));
    });
  });
  await new Promise<void>((resolve) => server.listen(portalPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${portalPort}/`,
    tokensMinted: () => minted,
    lastExpiry: () => expiry,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let portal: Portal;

beforeAll(async () => {
  const page = await (await env.browser.newContext()).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const calls = sessionApi(page, env.stack.baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>(
    '/api/admin/users/integrations',
  );
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  await calls.postJson('/api/admin/dashboard/api-keys', {
    platform: 'smartlead',
    apiKey: 'sl-valid-key',
    description: 'Smartlead main',
    userProfileId: profile?.id,
  });
  const { secret } = await calls.postJson<{ secret: string }>('/api/admin/embed-keys', {
    name: 'Customer portal',
  });
  await page.context().close();
  portal = await startPortal(env.stack.baseUrl, secret);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

async function choose(select: Locator, label: string): Promise<void> {
  await select.locator('option', { hasText: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

/** A fresh visitor of the portal: no session of the dashboard, only the tokens the portal's server mints. */
async function openPortal(): Promise<{ page: Page; area: Locator }> {
  const page = await (await env.browser.newContext()).newPage();
  await page.goto(portal.url);
  const area = page.locator('#crm-sync');
  await area.getByText('No block lists yet').waitFor();
  return { page, area };
}

it('shows Block lists on another site with a token: a person creates and deletes a block list there, after the first token ended', async () => {
  const { page, area } = await openPortal();
  expect(portal.tokensMinted()).toBeGreaterThanOrEqual(1);

  // the token the area got has ended: its next calls ask the page's callback for a new one
  const mintedBefore = portal.tokensMinted();
  const expired = portal.lastExpiry();
  await page.waitForFunction((at) => Date.now() > at, expired);
  await area.getByLabel('Select Profile').selectOption({ label: PROFILE });
  const form = area.getByRole('form', { name: 'Create a block list' });
  await form.getByLabel('List type').selectOption({ label: 'Contact list' });
  await choose(form.getByLabel('HubSpot list'), 'Newsletter opt-outs (13)');
  expect(portal.tokensMinted()).toBeGreaterThan(mintedBefore);
  await form.getByLabel('Platform').selectOption({ label: 'Smartlead' });
  await choose(form.getByLabel('API Key'), 'Smartlead main (••••-key)');
  await form.getByLabel('Type of blocking').selectOption({ label: 'Individual address' });
  await choose(form.getByLabel('Client'), 'Acme Agency (ops@acme-agency.example)');
  await form.getByRole('button', { name: 'Create Block List' }).click();
  // the embed's own toast, top-right of the page
  await waitForToast(page, 'Started blocking 101 Newsletter opt-outs');
  const toast = area.locator('[data-scope="toast"][data-part="root"]').first();
  const box = await toast.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width > width - 40 && box.y < 120).toBe(true);

  const row = area.getByRole('table', { name: 'Blocked List' }).getByRole('row');
  const listRow = row.filter({ hasText: 'Newsletter opt-outs' });
  await listRow.waitFor();
  // the confirmation is drawn inside the area's element (its shadow root), not on the portal's body
  await rowAction(listRow, 'Delete');
  await area.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await waitForToast(page, 'Deleted Newsletter opt-outs');
  await area.getByText('No block lists yet').waitFor();
  expect(page.url()).toBe(portal.url);
}, 180_000);

it("keeps the portal's styles out of the area and the area's out of the portal", async () => {
  const { page, area } = await openPortal();
  const areaText = area.getByText('No block lists yet');
  const areaStyle = await areaText.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, fontFamily: style.fontFamily };
  });
  expect(areaStyle.color).not.toBe('rgb(255, 0, 0)');
  expect(areaStyle.fontFamily).not.toBe('serif');
  const portalText = page.locator('#portal-text');
  const portalStyle = await portalText.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, fontFamily: style.fontFamily, margin: style.marginTop };
  });
  expect(portalStyle).toEqual({ color: 'rgb(255, 0, 0)', fontFamily: 'serif', margin: '20px' });
  // no style of the area reached the portal's document
  expect(await page.locator('head style, head link[rel=stylesheet]').count()).toBe(1);
}, 60_000);

it("shows Block lists on a page of the same site with the person's session, and a sign-in link without one", async () => {
  const sameSite = `http://localhost:${portalPort}/same-site`;
  const signedIn = await (await env.browser.newContext()).newPage();
  await signIn(signedIn, env.stack.baseUrl, 'admin@example.com');
  await signedIn.goto(sameSite);
  await signedIn.locator('#crm-sync').getByText('No block lists yet').waitFor();

  const visitor = await (await env.browser.newContext()).newPage();
  await visitor.goto(sameSite);
  const link = visitor.locator('#crm-sync').getByRole('link', { name: 'Sign in to CRM Sync' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`${env.stack.baseUrl}/`);
}, 60_000);
