import { fixtureById, normaliseEvent, payloadAt } from 'shared/events';
import { signIn } from '../src/browser';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';

const env = useStackAndBrowser();

interface WebhookLog {
  webhookId: number | null;
  state: string;
  webhookLogResults: { errors: string[] };
}

/** Polls until `check` answers a value (not undefined), at most `timeoutMs`; fails with `what` otherwise. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
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

it('a Smartlead reply and an Instantly reply posted to webhook URLs become HubSpot contacts with their replies, seen on the sandbox page', async () => {
  const page = await env.browser.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  // the HubSpot connection, through the dashboard and the sandbox's consent page
  await connectSandboxHubspot(page, env.stack.baseUrl);

  const calls = sessionApi(page, env.stack.baseUrl);
  const integrations = await calls.get<{ id: number; user: { profile: string } }[]>(
    '/api/admin/users/integrations',
  );
  const profile = integrations.find((integration) => integration.user.profile === 'HUBSPOT');
  if (!profile) throw new Error('GET /api/admin/integrations has no HubSpot profile');
  const { owners } = await calls.get<{
    owners: { id: string | number; firstName?: string; lastName?: string; email?: string }[];
  }>(`/api/admin/hubspot/owners-and-user-accounts/${profile.id}`);
  const owner = owners[0]!;
  const webhookFor = async (emailService: 'smartlead' | 'instantly') => {
    const code = await calls.postText('/api/admin/webhooks/generate');
    return calls.postJson<{ id: number; webhookUrl: string }>('/api/admin/webhooks', {
      userProfileId: profile.id,
      code,
      selectedOwner: {
        id: String(owner.id),
        firstName: owner.firstName ?? '',
        lastName: owner.lastName ?? '',
        email: owner.email ?? '',
      },
      emailService,
      objectLookupMethod: 'default',
      createOrUpdateCompany: true,
      createContactCustomProperties: true,
    });
  };

  const run = Date.now();
  const leads = [
    {
      webhook: await webhookFor('smartlead'),
      email: `smartlead.reply.${run}@northwind.example`,
      fixture: 'smartlead.email-reply',
      lead: { to_email: '', sl_lead_email: '' },
    },
    {
      webhook: await webhookFor('instantly'),
      email: `instantly.reply.${run}@contoso.example`,
      fixture: 'instantly.reply-received',
      lead: { lead_email: '' },
    },
  ];
  for (const { webhook, email, fixture, lead } of leads) {
    const body = {
      ...payloadAt(fixtureById(fixture)!, new Date()),
      ...Object.fromEntries(Object.keys(lead).map((field) => [field, email])),
    };
    // the platform's call: no session, no Origin
    const answer = await fetch(webhook.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    const log = await eventually(`the ${fixture} event to be processed`, async () => {
      const { data } = await calls.get<{ data: WebhookLog[] }>(
        `/api/admin/webhook-logs?webhookId=${webhook.id}`,
      );
      return data.find((row) => row.state !== 'queued');
    });
    expect(log).toMatchObject({ state: 'processed', webhookLogResults: { errors: [] } });
  }

  // the sandbox's own page: each contact written through the API, and its reply among the emails
  await page.goto(`${env.stack.sandboxUrl}/#hubspot`);
  await page.getByRole('heading', { name: 'HubSpot', level: 2 }).waitFor();
  const tableAfter = (title: string) =>
    page.locator(
      `xpath=//h3[starts-with(normalize-space(.), "${title}")]/following-sibling::table[1]`,
    );
  const contacts = tableAfter('Contacts written through the API');
  const emails = tableAfter('Emails');
  for (const { email, fixture } of leads) {
    await contacts.getByRole('row').filter({ hasText: email }).first().waitFor();
    const normalised = normaliseEvent(
      fixtureById(fixture)!.platform,
      payloadAt(fixtureById(fixture)!, new Date()),
    );
    if (!normalised.ok) throw new Error(normalised.problem.message);
    const replyText = normalised.event.message.text!.split('\n')[0]!;
    await emails
      .getByRole('row')
      .filter({ hasText: replyText })
      .filter({ hasText: 'INCOMING_EMAIL' })
      .first()
      .waitFor();
  }
}, 120_000);
