import type { Platform, PlatformWebhookRegistration, WebhookLists } from 'shared/contract';
import { callApi } from './helpers/api-key-calls.js';
import { insertApiKey, insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  injectFault,
  resetSandbox,
  sandboxRequests,
  sandboxState,
} from './helpers/sandbox-control.js';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.js';

const webhookUrlOf = (t: TestApp, code: string) => `${t.app.config.publicUrl}/webhooks/${code}`;

describe('POST /api/admin/webhooks/{id}/register-on-platform ("Register on {platform}")', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let cookie: string;
  /** The manager has no platform key at all in this file. */
  let managerCookie: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
    cookie = await signIn(t.app, 'user');
    managerCookie = await signIn(t.app, 'manager');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    await resetSandbox(sandbox);
  });

  /** A webhook of the user for the platform, and (unless told not to) the user's key for it on the same profile. */
  async function webhookWithKey(platform: Platform, { withKey = true } = {}) {
    const webhook = await insertWebhookRow(t.app, 'user', { platform });
    const keyId = withKey ? await insertApiKey(t.app, webhook.profileId, platform) : null;
    return { ...webhook, keyId };
  }
  const register = (id: number, body?: { again?: boolean }) =>
    callApi<PlatformWebhookRegistration & { message?: string }>(
      t.app,
      'POST',
      `/api/admin/webhooks/${id}/register-on-platform`,
      cookie,
      body,
    );
  /** The webhook's registration as the webhooks list shows it. */
  const registrationOf = async (id: number) => {
    const lists = await callApi<WebhookLists>(t.app, 'GET', '/api/admin/webhooks', cookie);
    return lists.body.webhooks.find((webhook) => webhook.id === id)?.platformRegistration;
  };
  const smartleadWebhooks = async () =>
    (await sandboxState<{ webhooks: { id: number; webhook_url: string }[] }>(sandbox, 'smartlead'))
      .webhooks;

  it("smartlead: a user-level webhook with every email event posting to the webhook's URL, recorded by the sandbox", async () => {
    const webhook = await webhookWithKey('smartlead');
    const answer = await register(webhook.id);
    expect(answer.status).toBe(200);
    const state = await sandboxState<{
      webhooks: {
        id: number;
        webhook_url: string;
        association_type: string;
        event_type_map: Record<string, boolean>;
      }[];
    }>(sandbox, 'smartlead');
    expect(state.webhooks).toEqual([
      expect.objectContaining({
        webhook_url: webhookUrlOf(t, webhook.code),
        association_type: 'user',
        event_type_map: {
          EMAIL_SENT: true,
          EMAIL_OPEN: true,
          EMAIL_LINK_CLICK: true,
          EMAIL_REPLY: true,
          EMAIL_BOUNCE: true,
          LEAD_CATEGORY_UPDATED: true,
          LEAD_UNSUBSCRIBED: true,
        },
      }),
    ]);
    expect(answer.body).toEqual({
      platform: 'smartlead',
      apiKeyId: webhook.keyId,
      platformWebhookIds: [String(state.webhooks[0]!.id)],
      registeredAt: expect.any(String),
    });
    expect(await registrationOf(webhook.id)).toEqual({
      registeredAt: answer.body.registeredAt,
      platformWebhookIds: [String(state.webhooks[0]!.id)],
    });
    // the key travels as Smartlead takes it, never in a message
    expect((await sandboxRequests(sandbox, 'smartlead'))[0]?.url).toMatch(
      /^\/smartlead\/api\/v1\/webhook\/create\?api_key=/,
    );
  });

  it('instantly: one all_events webhook of the workspace', async () => {
    const webhook = await webhookWithKey('instantly');
    const answer = await register(webhook.id);
    expect(answer.status).toBe(200);
    const state = await sandboxState<{
      webhooks: { id: string; target_hook_url: string; event_type: string }[];
    }>(sandbox, 'instantly');
    expect(state.webhooks).toEqual([
      expect.objectContaining({
        target_hook_url: webhookUrlOf(t, webhook.code),
        event_type: 'all_events',
      }),
    ]);
    expect(answer.body).toMatchObject({
      platform: 'instantly',
      platformWebhookIds: [state.webhooks[0]!.id],
    });
  });

  it("bison: one webhook at the key's instance with the events the receiver reads", async () => {
    const webhook = await webhookWithKey('bison');
    const answer = await register(webhook.id);
    expect(answer.status).toBe(200);
    const state = await sandboxState<{ webhooks: { id: number; url: string; events: string[] }[] }>(
      sandbox,
      'emailbison',
    );
    expect(state.webhooks).toEqual([
      expect.objectContaining({
        url: webhookUrlOf(t, webhook.code),
        events: expect.arrayContaining([
          'email_sent',
          'lead_replied',
          'lead_interested',
          'email_bounced',
        ]),
      }),
    ]);
    expect(answer.body).toMatchObject({
      platform: 'bison',
      platformWebhookIds: [String(state.webhooks[0]!.id)],
    });
  });

  it('heyreach: one webhook per event type, for every campaign', async () => {
    const webhook = await webhookWithKey('heyreach');
    const answer = await register(webhook.id);
    expect(answer.status).toBe(200);
    const state = await sandboxState<{
      webhooks: { id: number; webhookUrl: string; eventType: string; campaignIds: number[] }[];
    }>(sandbox, 'heyreach');
    expect(state.webhooks.map((created) => created.eventType)).toEqual([
      'CONNECTION_REQUEST_SENT',
      'CONNECTION_REQUEST_ACCEPTED',
      'MESSAGE_SENT',
      'MESSAGE_REPLY_RECEIVED',
      'INMAIL_SENT',
      'INMAIL_REPLY_RECEIVED',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
      'LEAD_TAG_UPDATED',
    ]);
    expect(
      state.webhooks.every(
        (created) =>
          created.webhookUrl === webhookUrlOf(t, webhook.code) && created.campaignIds.length === 0,
      ),
    ).toBe(true);
    expect(answer.body.platformWebhookIds).toEqual(
      state.webhooks.map((created) => String(created.id)),
    );
  });

  it.each(['smartlead', 'instantly', 'bison', 'heyreach'] as const)(
    '%s: says clearly when there is no API key for the platform, and calls nothing',
    async (platform) => {
      const webhook = await insertWebhookRow(t.app, 'manager', { platform });
      const answer = await callApi<{ message: string }>(
        t.app,
        'POST',
        `/api/admin/webhooks/${webhook.id}/register-on-platform`,
        managerCookie,
      );
      const label = {
        smartlead: 'Smartlead',
        instantly: 'Instantly',
        bison: 'EmailBison',
        heyreach: 'HeyReach',
      }[platform];
      expect(answer).toEqual({
        status: 400,
        body: expect.objectContaining({
          message: `There is no ${label} API key to register this webhook with: add one for manager@example.com on the API keys screen`,
        }),
      });
      expect(
        await sandboxRequests(sandbox, platform === 'bison' ? 'emailbison' : platform),
      ).toEqual([]);
    },
  );

  it("falls back to the owner's key for the platform on another CRM profile", async () => {
    const keyed = await webhookWithKey('instantly');
    const other = await webhookWithKey('instantly', { withKey: false });
    expect(other.profileId).not.toBe(keyed.profileId);
    const answer = await register(other.id);
    expect(answer.status).toBe(200);
    expect(answer.body.apiKeyId).toEqual(expect.any(Number));
  });

  it("uses the webhook's own key when it has one, and the platform's refusal is the message", async () => {
    const webhook = await webhookWithKey('smartlead');
    const revoked = await insertApiKey(t.app, webhook.profileId, 'smartlead', 'sl-revoked-key');
    await t.app.db
      .updateTable('webhooks')
      .set({ api_key_id: revoked })
      .where('id', '=', webhook.id)
      .execute();
    const answer = await register(webhook.id);
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'Smartlead did not accept the API key: Invalid API Key',
      }),
    });
    expect(JSON.stringify(answer.body)).not.toContain('sl-revoked-key');
  });

  it('a failing platform is a 502 naming it', async () => {
    const webhook = await webhookWithKey('instantly');
    await injectFault(sandbox, 'instantly', '500');
    const answer = await register(webhook.id);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/Instantly/);
    expect((await sandboxState<{ webhooks: unknown[] }>(sandbox, 'instantly')).webhooks).toEqual(
      [],
    );
    // nothing was made, so nothing is recorded, and the next try goes ahead
    expect(await registrationOf(webhook.id)).toBeNull();
    await resetSandbox(sandbox);
    expect((await register(webhook.id)).status).toBe(200);
  });

  it('refuses to register a webhook twice unless asked to register it again, which records the new registration', async () => {
    const webhook = await webhookWithKey('smartlead');
    const first = await register(webhook.id);
    expect(first.status).toBe(200);

    const second = await register(webhook.id);
    expect(second).toEqual({
      status: 409,
      body: expect.objectContaining({
        message:
          'This webhook is registered on Smartlead already: registering it again makes Smartlead send every event twice',
      }),
    });
    expect(await smartleadWebhooks()).toHaveLength(1);
    expect(await registrationOf(webhook.id)).toEqual({
      registeredAt: first.body.registeredAt,
      platformWebhookIds: first.body.platformWebhookIds,
    });

    const again = await register(webhook.id, { again: true });
    expect(again.status).toBe(200);
    const created = await smartleadWebhooks();
    expect(created).toHaveLength(2);
    expect(again.body.platformWebhookIds).toEqual([String(created[1]!.id)]);
    expect(await registrationOf(webhook.id)).toEqual({
      registeredAt: again.body.registeredAt,
      platformWebhookIds: again.body.platformWebhookIds,
    });
  });

  it('of two registrations at once, one reaches the platform', async () => {
    const webhook = await webhookWithKey('smartlead');
    const answers = await Promise.all([register(webhook.id), register(webhook.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await smartleadWebhooks()).toHaveLength(1);
  });

  it('a refused registration again keeps the registration before it', async () => {
    const webhook = await webhookWithKey('smartlead');
    const first = await register(webhook.id);
    const revoked = await insertApiKey(t.app, webhook.profileId, 'smartlead', 'sl-revoked-key');
    await t.app.db
      .updateTable('webhooks')
      .set({ api_key_id: revoked })
      .where('id', '=', webhook.id)
      .execute();
    expect((await register(webhook.id, { again: true })).status).toBe(400);
    expect(await registrationOf(webhook.id)).toEqual({
      registeredAt: first.body.registeredAt,
      platformWebhookIds: first.body.platformWebhookIds,
    });
  });

  it("someone else's webhook is not theirs to register", async () => {
    const theirs = await insertWebhookRow(t.app, 'admin', { platform: 'smartlead' });
    const answer = await register(theirs.id);
    expect([403, 404]).toContain(answer.status);
  });
});
