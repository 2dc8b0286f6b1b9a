import { fixtureById, payloadAt } from 'shared/events';
import { signIn } from '../src/browser';
import { connectSandboxHubspot, sessionApi } from '../src/session';
import { useStackAndBrowser } from '../src/setup';
import { createSmartleadWebhook, postSmartleadReply } from '../src/webhooks';

const env = useStackAndBrowser();

/** EMAIL_SENT events for new leads: each a contact and an email in HubSpot, paced by its rate limit. */
const BURST = 900;
const POSTS_AT_ONCE = 20;

interface Backlog {
  accounts: { crm: string; waiting: number; minutes: number }[];
}
interface WebhookLog {
  state: string;
  webhookLogResults: { errors: string[] };
}

async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Smartlead posting `count` EMAIL_SENT events to `webhookUrl`, each for a lead of its own. */
async function postBurst(webhookUrl: string, count: number, run: number): Promise<void> {
  const sent = fixtureById('smartlead.email-sent')!;
  let next = 0;
  const poster = async () => {
    while (next < count) {
      const n = next++;
      const email = `burst.${run}.${n}@northwind.example`;
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...payloadAt(sent, new Date()),
          stats_id: `burst-${run}-${n}`,
          to_email: email,
          sl_lead_email: email,
        }),
      });
      if (answer.status !== 200) throw new Error(`The webhook answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: POSTS_AT_ONCE }, poster));
}

it("shows a burst's line for HubSpot's rate limit on the Webhooks screen, and a reply posted behind it reaches HubSpot while the burst still waits", async () => {
  const page = await env.browser.newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  await connectSandboxHubspot(page, env.stack.baseUrl);
  const burstHook = await createSmartleadWebhook(page, env.stack.baseUrl);
  const replyHook = await createSmartleadWebhook(page, env.stack.baseUrl);
  const calls = sessionApi(page, env.stack.baseUrl);
  // HubSpot's published limits, as the real account has them
  const limits = await fetch(`${env.stack.sandboxUrl}/_sandbox/rate-limits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true, provider: 'hubspot' }),
  });
  expect(limits.status).toBe(200);

  const run = Date.now();
  await postBurst(burstHook.webhookUrl, BURST, run);

  await page.goto(`${env.stack.baseUrl}/admin/dashboard/webhooks`);
  await page
    .getByText(/^\d+ events waiting for HubSpot's rate limit — about \d+ min$/)
    .waitFor({ timeout: 30_000 });

  const email = `backlog.reply.${run}@northwind.example`;
  await postSmartleadReply(replyHook.webhookUrl, email);
  const written = await eventually(
    'the reply to be written to HubSpot',
    async () => {
      const { data } = await calls.get<{ data: WebhookLog[] }>(
        `/api/admin/webhook-logs?webhookId=${replyHook.id}`,
      );
      return data.find((row) => row.state !== 'queued' && row.state !== 'waiting');
    },
    60_000,
  );
  expect(written).toMatchObject({ state: 'processed', webhookLogResults: { errors: [] } });
  // the reply's contact and its email are in the sandbox's HubSpot …
  const hubspot = (await (
    await fetch(`${env.stack.sandboxUrl}/_sandbox/state/hubspot`)
  ).json()) as { contacts: { properties: { email?: string } }[] };
  expect(hubspot.contacts.some((contact) => contact.properties.email === email)).toBe(true);
  // … while most of the burst still waits its turn
  const backlog = await calls.get<Backlog>('/api/admin/crm-backlog');
  expect(backlog.accounts).toEqual([
    expect.objectContaining({ crm: 'HUBSPOT', waiting: expect.any(Number) }),
  ]);
  expect(backlog.accounts[0]!.waiting).toBeGreaterThan(BURST / 4);
}, 240_000);
