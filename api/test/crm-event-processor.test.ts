import { fixtureById, payloadAt } from 'shared/events';
import { processorMessages } from '../src/crm-writers/event-processor.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { connectHubSpot, connectSalesforce } from './helpers/fixtures.js';
import {
  drainEvents,
  eventRows,
  postEvent,
  webhookOn,
  webhookSettings,
} from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxRequests, sandboxState } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The process-event job with the CRM writers (crmEventProcessor): posts to a webhook URL end up as records in the sandbox. */

interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
}
interface HubSpotInspect {
  contacts: HubSpotObject[];
  emails: HubSpotObject[];
  communications: HubSpotObject[];
  associations: { fromType: string; fromId: string; toType: string; toId: string }[];
}
interface SalesforceInspect {
  leads: Record<string, unknown>[];
  emailMessages: Record<string, unknown>[];
}

const at = (id: string, change: Record<string, unknown> = {}) => ({
  ...payloadAt(fixtureById(id)!, new Date()),
  ...change,
});
/** A Smartlead fixture for another lead. */
const smartleadTo = (id: string, email: string) =>
  at(id, { to_email: email, sl_lead_email: email, stats_id: `stats-${email}` });

describe('crmEventProcessor: the process-event job writes events into the CRM', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  describe('HubSpot', () => {
    let profileId: number;
    const hubspot = () => sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const contactsWith = async (property: string, value: string) =>
      (await hubspot()).contacts.filter((contact) => contact.properties[property] === value);

    beforeAll(async () => {
      profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    });

    it.each([
      ['smartlead', 'smartlead.email-sent', 'jane.doe@northwind.example'],
      ['instantly', 'instantly.email-sent', 'maria.lopez@contoso.example'],
      ['bison', 'bison.email-sent', 'david.chen@fabrikam.example'],
    ] as const)(
      'a %s template event becomes a contact with its email engagement',
      async (platform, fixture, email) => {
        const webhook = await webhookOn(
          t,
          'user',
          profileId,
          webhookSettings({ emailService: platform }),
        );
        expect(await postEvent(t, webhook.code, at(fixture))).toBe(200);
        expect(await drainEvents(t)).toBeGreaterThanOrEqual(1);
        const [row] = await eventRows(t, webhook.id);
        expect(row).toMatchObject({ state: 'processed', errors: [] });
        const contacts = await contactsWith('email', email);
        expect(contacts).toHaveLength(1);
        const state = await hubspot();
        expect(state.associations).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              fromType: 'emails',
              toType: 'contacts',
              toId: contacts[0]!.id,
            }),
          ]),
        );
      },
    );

    it('a heyreach template event becomes a contact found by profile URL with a LinkedIn communication', async () => {
      const webhook = await webhookOn(
        t,
        'user',
        profileId,
        webhookSettings({
          emailService: 'heyreach',
          objectDefaultSearchProperty: 'hs_linkedin_url',
        }),
      );
      expect(await postEvent(t, webhook.code, at('heyreach.message-reply-received'))).toBe(200);
      await drainEvents(t);
      expect((await eventRows(t, webhook.id))[0]).toMatchObject({ state: 'processed', errors: [] });
      const contacts = await contactsWith(
        'hs_linkedin_url',
        'https://www.linkedin.com/in/priya-patel-7',
      );
      expect(contacts).toHaveLength(1);
      const state = await hubspot();
      expect(state.associations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            fromType: 'communications',
            toType: 'contacts',
            toId: contacts[0]!.id,
          }),
        ]),
      );
    });

    it('the same event twice: one row (counted as a duplicate), one job, one contact and one email', async () => {
      const webhook = await webhookOn(t, 'user', profileId, webhookSettings());
      const body = smartleadTo('smartlead.email-sent', 'twice@pipeline.example');
      expect(await postEvent(t, webhook.code, body)).toBe(200);
      expect(await postEvent(t, webhook.code, body)).toBe(200);
      const emailsBefore = (await hubspot()).emails.length;
      expect(await drainEvents(t)).toBe(1);
      expect(await eventRows(t, webhook.id)).toHaveLength(1);
      expect(await contactsWith('email', 'twice@pipeline.example')).toHaveLength(1);
      expect((await hubspot()).emails.length).toBe(emailsBefore + 1);
    });

    it('two events of one lead posted together make one contact (run one after the other by the lead ordering key)', async () => {
      const webhook = await webhookOn(t, 'user', profileId, webhookSettings());
      expect(
        await postEvent(
          t,
          webhook.code,
          smartleadTo('smartlead.email-sent', 'together@pipeline.example'),
        ),
      ).toBe(200);
      expect(
        await postEvent(
          t,
          webhook.code,
          smartleadTo('smartlead.email-reply', 'together@pipeline.example'),
        ),
      ).toBe(200);
      expect(await drainEvents(t)).toBe(2);
      expect((await eventRows(t, webhook.id)).map((row) => row.state)).toEqual([
        'processed',
        'processed',
      ]);
      expect(await contactsWith('email', 'together@pipeline.example')).toHaveLength(1);
    });

    it("a lead's opens waiting together are one write: the count up by all of them, the latest time, each row saying which write carried it (issue 55)", async () => {
      const webhook = await webhookOn(
        t,
        'user',
        profileId,
        webhookSettings({ createContactCustomProperties: true }),
      );
      const email = 'opens@merged.example';
      expect(await postEvent(t, webhook.code, smartleadTo('smartlead.email-sent', email))).toBe(
        200,
      );
      await drainEvents(t);
      const opened = [1, 2, 3].map((minute) => new Date(Date.UTC(2026, 2, 2, 10, minute)));
      for (const [index, time] of opened.entries())
        expect(
          await postEvent(t, webhook.code, {
            ...payloadAt(fixtureById('smartlead.email-open')!, time),
            to_email: email,
            sl_lead_email: email,
            stats_id: `open-${index}`,
          }),
        ).toBe(200);
      expect(await drainEvents(t)).toBe(3);
      const [contact] = await contactsWith('email', email);
      // the opens' one update of the contact (the send created it by upsert)
      const updates = (await sandboxRequests(sandbox, 'hubspot')).filter(
        (call) => call.method === 'PATCH' && call.url.endsWith(`/objects/contacts/${contact!.id}`),
      );
      expect(updates).toHaveLength(1);
      expect(contact!.properties.os_open_count).toBe('3');
      expect(new Date(contact!.properties.os_last_open_at!).toISOString()).toBe(
        opened[2]!.toISOString(),
      );
      const rows = await eventRows(t, webhook.id);
      expect(rows.map((row) => row.state)).toEqual([
        'processed',
        'processed',
        'processed',
        'processed',
      ]);
      const answers = await t.app.db
        .selectFrom('webhook_attempts')
        .select(['webhook_log_id', 'answer'])
        .where('webhook_log_id', 'in', [rows[2]!.id, rows[3]!.id])
        .orderBy('webhook_log_id')
        .execute();
      expect(answers.map((attempt) => JSON.parse(attempt.answer!))).toEqual([
        [{ name: 'contact', ok: true, detail: `carried by the write of event #${rows[1]!.id}` }],
        [{ name: 'contact', ok: true, detail: `carried by the write of event #${rows[1]!.id}` }],
      ]);
    });

    it('an event of a webhook deleted before its job ran is skipped: "The webhook was deleted"', async () => {
      const webhook = await webhookOn(t, 'user', profileId, webhookSettings());
      expect(
        await postEvent(
          t,
          webhook.code,
          smartleadTo('smartlead.email-sent', 'deleted@pipeline.example'),
        ),
      ).toBe(200);
      const [row] = await eventRows(t, webhook.id);
      await t.app.db.deleteFrom('webhooks').where('id', '=', webhook.id).execute();
      await drainEvents(t);
      const stored = await t.app.db
        .selectFrom('webhook_logs')
        .select(['state', 'processed_at'])
        .where('id', '=', row!.id)
        .executeTakeFirstOrThrow();
      expect(stored.state).toBe('processed');
      const attempt = await t.app.db
        .selectFrom('webhook_attempts')
        .select('answer')
        .where('webhook_log_id', '=', row!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(attempt.answer!)).toEqual([
        { name: 'webhook', ok: true, skipped: processorMessages.webhookDeleted },
      ]);
      expect(await contactsWith('email', 'deleted@pipeline.example')).toHaveLength(0);
    });
  });

  describe('Salesforce', () => {
    let profileId: number;
    let ownerId: string;
    const salesforce = () => sandboxState<SalesforceInspect>(sandbox, 'salesforce');
    const settings = (change: Parameters<typeof webhookSettings>[0] = {}) =>
      webhookSettings({
        owner: {
          id: ownerId,
          firstName: 'Sandbox',
          lastName: 'Admin',
          email: 'admin@crm-sync-sandbox.example',
        },
        ...change,
      });

    beforeAll(async () => {
      ({ profileId } = await connectSalesforce(t.app, sandbox.url, 'user'));
      ownerId = (await findUserProfile(t.app.db, profileId))!.accountId;
    });

    it('a smartlead event becomes a Lead with its EmailMessage', async () => {
      const webhook = await webhookOn(t, 'user', profileId, settings());
      expect(
        await postEvent(
          t,
          webhook.code,
          smartleadTo('smartlead.email-sent', 'sf.pipeline@acme-sf.example'),
        ),
      ).toBe(200);
      await drainEvents(t);
      expect((await eventRows(t, webhook.id))[0]).toMatchObject({ state: 'processed', errors: [] });
      const leads = (await salesforce()).leads.filter(
        (lead) => lead.Email === 'sf.pipeline@acme-sf.example',
      );
      expect(leads).toHaveLength(1);
      expect((await salesforce()).emailMessages.length).toBeGreaterThanOrEqual(1);
    });

    it('Update Only: an unknown lead is skipped, nothing created, the row processed without errors', async () => {
      const webhook = await webhookOn(
        t,
        'user',
        profileId,
        settings({ salesforceOnlyUpdate: true }),
      );
      expect(
        await postEvent(
          t,
          webhook.code,
          smartleadTo('smartlead.email-sent', 'sf.unknown@acme-sf.example'),
        ),
      ).toBe(200);
      await drainEvents(t);
      const [row] = await eventRows(t, webhook.id);
      expect(row).toMatchObject({ state: 'processed', errors: [] });
      const attempt = await t.app.db
        .selectFrom('webhook_attempts')
        .select('answer')
        .where('webhook_log_id', '=', row!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(attempt.answer!)[0]).toEqual({
        name: 'lead',
        ok: true,
        skipped: 'No Lead with Email = sf.unknown@acme-sf.example: the webhook is Update Only',
      });
      expect(
        (await salesforce()).leads.filter((lead) => lead.Email === 'sf.unknown@acme-sf.example'),
      ).toEqual([]);
    });
  });
});
