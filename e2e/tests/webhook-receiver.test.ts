import { fixtureById, payloadAt } from 'shared/events';
import { Webhook } from 'standardwebhooks';
import { signIn } from '../src/browser';
import { rowAction } from '../src/row-actions';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();
const PROFILE = 'HUBSPOT - sandbox.admin@crm-sync-sandbox.com - 24681357 crm-sync-sandbox.com';

interface CatcherDelivery {
  seq: number;
  name: string;
  method: string;
  headers: Record<string, string>;
  bodyText: string;
  outcome: string;
}
interface WebhookLog {
  id: number;
  webhookId: number | null;
  eventType: string | null;
  state: string;
  isTest: boolean;
  webhookLogResults: { errors: string[] };
}
interface WebhookLogDetail extends WebhookLog {
  rawBody: string | null;
  deliveries: {
    id: number;
    url: string;
    state: string;
    attempts: number;
    lastStatusCode: number | null;
  }[];
  attempts: {
    kind: 'process' | 'forward';
    deliveryId: number | null;
    statusCode: number | null;
    outcome: string;
  }[];
}

/** Polls until `check` answers a value (not undefined), at most `timeoutMs`; fails with `what` otherwise. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('forwards a Smartlead reply posted to a webhook to its endpoint, signed with the secret the dashboard reveals, and logs it', async () => {
  const context = await env.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: env.stack.baseUrl,
  });
  const page = await context.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);

  // 1. an endpoint at the sandbox's catcher, made through the form
  const name = `receiver-${Date.now()}`;
  const endpointUrl = `${env.stack.sandboxUrl}/catcher/${name}`;
  await page.goto(`${env.stack.baseUrl}/admin/dashboard/services`);
  await page.getByRole('heading', { name: 'Webhook endpoint', level: 1 }).waitFor();
  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await form.getByLabel('Profile').selectOption({ label: PROFILE });
  await form.getByLabel('Webhook URL').fill(endpointUrl);
  await form.getByLabel('Description').fill('Receiver test endpoint');
  await form.getByRole('button', { name: 'Create' }).click();
  const row = page
    .getByRole('table', { name: 'Webhook endpoints' })
    .getByRole('row')
    .filter({ hasText: endpointUrl });
  await row.getByRole('cell', { name: 'Receiver test endpoint' }).waitFor();

  // 2. its signing secret, masked until Show; Copy puts the same text on the clipboard
  await rowAction(row, 'Signing secret');
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secretField = dialog.getByLabel('Signing secret');
  await secretField.waitFor();
  expect(await secretField.getAttribute('type')).toBe('password');
  await dialog.getByRole('button', { name: 'Show' }).click();
  expect(await secretField.getAttribute('type')).toBe('text');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await page.getByText(`Copied the signing secret of ${endpointUrl}`).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // 3. a Smartlead webhook forwarding EMAIL_REPLY to that endpoint, made through the api as the signed-in admin
  const calls = sessionApi(page, env.stack.baseUrl);
  const endpoint = (
    await calls.get<{ id: number; url: string; description: string; userProfileId: number }[]>(
      '/api/admin/user-accounts',
    )
  ).find((account) => account.url === endpointUrl);
  if (!endpoint) throw new Error(`GET /api/admin/user-accounts has no ${endpointUrl}`);
  const { owners } = await calls.get<{
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  }>(`/api/admin/hubspot/owners-and-user-accounts/${endpoint.userProfileId}`);
  const owner = owners[0];
  if (!owner) throw new Error('The sandbox HubSpot has no owners');
  const code = await calls.postText('/api/admin/webhooks/generate');
  const webhook = await calls.postJson<{
    id: number;
    webhookUrl: string;
    userAccountWebhooks: { userAccount: { id: number } }[];
  }>('/api/admin/webhooks', {
    userProfileId: endpoint.userProfileId,
    code,
    selectedOwner: {
      id: String(owner.id),
      firstName: owner.firstName ?? '',
      lastName: owner.lastName ?? '',
      email: owner.email ?? '',
    },
    emailService: 'smartlead',
    objectLookupMethod: 'default',
    createOrUpdateCompany: true,
    additionalEndpoints: [
      {
        userAccount: { id: endpoint.id, description: endpoint.description },
        eventTypes: ['EMAIL_REPLY'],
      },
    ],
  });
  expect(webhook.webhookUrl).toBe(`${env.stack.baseUrl}/webhooks/${code}`);
  expect(webhook.userAccountWebhooks.map((link) => link.userAccount.id)).toEqual([endpoint.id]);

  // 4. Smartlead posts a reply to the webhook URL (no session, no Origin: a platform's call)
  const fixture = fixtureById('smartlead.email-reply');
  if (!fixture) throw new Error('No smartlead.email-reply fixture');
  const posted = JSON.stringify(payloadAt(fixture, new Date()));
  // what is stored, shown and forwarded: the body as posted, Smartlead's secret_key redacted (issue 53)
  const stored = posted.replace(`"${String(fixture.payload.secret_key)}"`, '"[redacted]"');
  expect(stored).not.toBe(posted);
  const received = await fetch(webhook.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: posted,
  });
  expect(received.status).toBe(200);

  // 5. the catcher receives it as stored, signed with the endpoint's secret
  const delivery = await eventually(`a delivery to the catcher's ${name}`, async () => {
    const { deliveries } = (await (
      await fetch(`${env.stack.sandboxUrl}/_sandbox/state/catcher`)
    ).json()) as { deliveries: CatcherDelivery[] };
    return deliveries.find((candidate) => candidate.name === name);
  });
  expect(delivery.method).toBe('POST');
  expect(delivery.outcome).toBe('received');
  expect(delivery.bodyText).toBe(stored);
  expect(delivery.headers['webhook-signature']).toMatch(/^v1,/);
  expect(new Webhook(secret).verify(delivery.bodyText, delivery.headers)).toEqual(
    JSON.parse(stored),
  );
  expect(() => new Webhook(secret).verify(`${delivery.bodyText} `, delivery.headers)).toThrow();

  // 6. the log row, through the api: the event processed without errors and delivered on the first attempt
  const log = await eventually('the webhook log row to be processed', async () => {
    const logs = await calls.get<{ data: WebhookLog[] }>(
      `/api/admin/webhook-logs?webhookId=${webhook.id}`,
    );
    const found = logs.data.find((candidate) => candidate.webhookId === webhook.id);
    return found && found.state !== 'queued' ? found : undefined;
  });
  expect(log).toMatchObject({
    webhookId: webhook.id,
    eventType: 'EMAIL_REPLY',
    state: 'processed',
    isTest: false,
    webhookLogResults: { errors: [] },
  });
  const detail = await eventually('the delivery to be recorded as delivered', async () => {
    const found = await calls.get<WebhookLogDetail>(`/api/admin/webhook-logs/${log.id}`);
    return found.deliveries.some((candidate) => candidate.state === 'delivered')
      ? found
      : undefined;
  });
  expect(detail.rawBody).toBe(stored);
  expect(detail.deliveries).toHaveLength(1);
  const [forwarded] = detail.deliveries;
  expect(forwarded).toMatchObject({
    url: endpointUrl,
    state: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
  });
  expect(detail.attempts.filter((attempt) => attempt.kind === 'forward')).toEqual([
    expect.objectContaining({ kind: 'forward', deliveryId: forwarded.id, statusCode: 200 }),
  ]);

  // the sandbox's own page lists the delivery with its Standard Webhooks id
  await page.goto(`${env.stack.sandboxUrl}/#catcher`);
  await page.getByRole('heading', { name: 'Endpoint catcher', level: 2 }).waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .filter({ hasText: delivery.headers['webhook-id'] })
    .waitFor();
}, 120_000);
