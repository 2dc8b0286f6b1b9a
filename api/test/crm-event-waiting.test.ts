import { fixtureById, payloadAt } from 'shared/events';
import { processorMessages } from '../src/crm-writers/event-processor.js';
import { userIdOf } from './helpers/rows.js';
import {
  drainEvents,
  eventRows,
  postEvent,
  webhookOn,
  webhookSettings,
} from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import { call, createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

/** Events of a profile whose CRM sign-in is gone wait (no retries spent) until its owner connects it again. */

const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});
const smartleadTo = (id: string, email: string) => ({
  ...payloadAt(fixtureById(id)!, new Date()),
  to_email: email,
  sl_lead_email: email,
  stats_id: `stats-${email}`,
});

describe('events waiting for the CRM to be reconnected', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let cookie: string;

  /** "Sign in with HubSpot" as the user does it: authorize URL, the sandbox's consent, back to /oauth. */
  async function signInWithHubSpot(): Promise<void> {
    const authorize = new URL(
      json<{ url: string }>(
        await t.app.inject(call('GET', '/api/admin/hubspot/authorize-url', cookie)),
      ).url,
    );
    const consent = await sandbox.app.inject({
      method: 'POST',
      url: authorize.pathname,
      ...form({ ...Object.fromEntries(authorize.searchParams), decision: 'connect' }),
    });
    const callback = new URL(consent.headers.location as string);
    const answer = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(answer.headers.location).toBe('/admin/dashboard/hubspot');
  }

  const profileRow = (id: number) =>
    t.app.db.selectFrom('user_profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    cookie = await signIn(t.app, 'user');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('a revoked HubSpot connection parks the events as waiting; connecting again processes them in arrival order', async () => {
    await signInWithHubSpot();
    const { id: profileId } = await t.app.db
      .selectFrom('user_profiles')
      .select('id')
      .where('crm', '=', 'HUBSPOT')
      .where('user_id', '=', await userIdOf(t.app, 'user'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const webhook = await webhookOn(t, 'user', profileId, webhookSettings());

    // the owner revokes the app in HubSpot: the refresh token is gone, the access token has expired
    const row = await profileRow(profileId);
    expect(
      (
        await sandbox.app.inject({
          method: 'DELETE',
          url: `/hubspot/oauth/v1/refresh-tokens/${t.app.secretBox.open(row.refresh_token_enc!)}`,
        })
      ).statusCode,
    ).toBe(204);
    await t.app.db
      .updateTable('user_profiles')
      .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', profileId)
      .execute();

    expect(
      await postEvent(
        t,
        webhook.code,
        smartleadTo('smartlead.email-sent', 'waits@pipeline.example'),
      ),
    ).toBe(200);
    expect(
      await postEvent(
        t,
        webhook.code,
        smartleadTo('smartlead.email-reply', 'waits@pipeline.example'),
      ),
    ).toBe(200);
    expect(
      await postEvent(
        t,
        webhook.code,
        smartleadTo('smartlead.email-sent', 'waits.too@pipeline.example'),
      ),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(3);
    const parked = await eventRows(t, webhook.id);
    expect(parked.map((event) => [event.state, event.errors])).toEqual([
      ['waiting', [processorMessages.waiting]],
      ['waiting', [processorMessages.waiting]],
      ['waiting', [processorMessages.waiting]],
    ]);
    expect((await profileRow(profileId)).status).toBe('DISCONNECTED');
    // the jobs completed: nothing is retried
    expect(await drainEvents(t)).toBe(0);
    const attempts = await t.app.db
      .selectFrom('webhook_attempts')
      .select(['webhook_log_id', 'outcome'])
      .where(
        'webhook_log_id',
        'in',
        parked.map((event) => event.id),
      )
      .execute();
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['waiting', 'waiting', 'waiting']);

    await signInWithHubSpot();
    expect((await profileRow(profileId)).status).toBe('CONNECTED');
    expect(await drainEvents(t)).toBe(3);
    expect((await eventRows(t, webhook.id)).map((event) => [event.state, event.errors])).toEqual([
      ['processed', []],
      ['processed', []],
      ['processed', []],
    ]);
    const succeeded = await t.app.db
      .selectFrom('webhook_attempts')
      .select('webhook_log_id')
      .where(
        'webhook_log_id',
        'in',
        parked.map((event) => event.id),
      )
      .where('outcome', '=', 'succeeded')
      .orderBy('id')
      .execute();
    expect(succeeded.map((attempt) => attempt.webhook_log_id)).toEqual(
      parked.map((event) => event.id),
    );
    const contacts = (
      await sandboxState<{ contacts: { properties: Record<string, string | null> }[] }>(
        sandbox,
        'hubspot',
      )
    ).contacts.filter((contact) => contact.properties.email === 'waits@pipeline.example');
    expect(contacts).toHaveLength(1);

    // signing in again while nothing waits sends nothing
    await signInWithHubSpot();
    expect(await drainEvents(t)).toBe(0);
  });

  it('the same with Salesforce: revoked tokens park the event; Connect on its settings processes it', async () => {
    const created = await t.app.inject(
      call('POST', '/api/admin/salesforce/profiles', cookie, {
        domain: 'acme.my.salesforce.com',
        consumer_key: 'sandbox-consumer-key',
        consumer_secret: 'sandbox-consumer-secret',
      }),
    );
    expect(created.statusCode).toBe(201);
    const settingsId = json<{ id: number }>(created).id;
    const connect = async () => {
      const start = json<{ authorizeUrl: string }>(
        await t.app.inject(call('GET', `/api/admin/salesforce/profiles/${settingsId}`, cookie)),
      );
      const authorize = new URL(start.authorizeUrl);
      const consent = await sandbox.app.inject({
        method: 'POST',
        url: authorize.pathname,
        ...form({ ...Object.fromEntries(authorize.searchParams), decision: 'connect' }),
      });
      const callback = new URL(consent.headers.location as string);
      const answer = await t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie },
      });
      expect(answer.headers.location).toBe('/admin/dashboard/salesforce');
    };
    await connect();
    const { id: profileId, account_id: ownerId } = await t.app.db
      .selectFrom('user_profiles')
      .select(['id', 'account_id'])
      .where('salesforce_setting_id', '=', settingsId)
      .executeTakeFirstOrThrow();
    const webhook = await webhookOn(
      t,
      'user',
      profileId,
      webhookSettings({
        owner: {
          id: ownerId,
          firstName: 'Sandbox',
          lastName: 'Admin',
          email: 'admin@crm-sync-sandbox.example',
        },
      }),
    );

    const row = await profileRow(profileId);
    for (const token of [row.access_token_enc!, row.refresh_token_enc!]) {
      expect(
        (
          await sandbox.app.inject({
            method: 'POST',
            url: '/salesforce/services/oauth2/revoke',
            ...form({ token: t.app.secretBox.open(token) }),
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      await postEvent(
        t,
        webhook.code,
        smartleadTo('smartlead.email-sent', 'sf.waits@pipeline.example'),
      ),
    ).toBe(200);
    expect(await drainEvents(t)).toBe(1);
    expect((await eventRows(t, webhook.id)).map((event) => [event.state, event.errors])).toEqual([
      ['waiting', [processorMessages.waiting]],
    ]);
    expect((await profileRow(profileId)).status).toBe('DISCONNECTED');

    await connect();
    expect(await drainEvents(t)).toBe(1);
    expect((await eventRows(t, webhook.id)).map((event) => [event.state, event.errors])).toEqual([
      ['processed', []],
    ]);
    const leads = (
      await sandboxState<{ leads: { Email?: string }[] }>(sandbox, 'salesforce')
    ).leads.filter((lead) => lead.Email === 'sf.waits@pipeline.example');
    expect(leads).toHaveLength(1);
  });
});
