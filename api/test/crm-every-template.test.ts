import {
  bisonFixtures,
  heyreachFixtures,
  instantlyFixtures,
  payloadAt,
  smartleadFixtures,
  type EventFixture,
} from 'shared/events';
import { connectHubSpot } from './helpers/fixtures.js';
import {
  drainEvents,
  eventRows,
  postEvent,
  webhookOn,
  webhookSettings,
} from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import { testDialect } from './helpers/test-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Every template event of every platform (the receiver's fixtures, the Send Test Webhook dialog's
 * templates) posted to a HubSpot webhook URL, one after another as a campaign makes them, each
 * processed before the next: what each adds to the sandbox's HubSpot, on both databases. The webhook
 * has every HubSpot setting on (company, owners, task, custom properties).
 */

interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
}
interface HubSpotInspect {
  contacts: HubSpotObject[];
  companies: HubSpotObject[];
  emails: HubSpotObject[];
  tasks: HubSpotObject[];
  communications: HubSpotObject[];
  associations: {
    fromType: string;
    fromId: string;
    toType: string;
    toId: string;
    typeId: number;
  }[];
}

/** What one template event adds: engagements by kind, and contact properties it sets. */
interface Adds {
  emails?: { direction: 'EMAIL' | 'INCOMING_EMAIL'; status?: 'SENT' | 'BOUNCED' };
  communications?: 1;
  tasks?: 1;
  contact?: Record<string, string>;
  /** An update event for a lead the CRM does not have: nothing written, the row says why. */
  skipped?: true;
}

const sent: Adds = { emails: { direction: 'EMAIL', status: 'SENT' } };
const reply: Adds = { emails: { direction: 'INCOMING_EMAIL' }, tasks: 1 };
const unknownLead: Adds = { skipped: true };
const category = (name: string): Adds => ({ contact: { os_lead_category_name: name } });

/** The spec's table, event by event (docs/crm-mapping.md). */
const expected: Record<string, Adds> = {
  'smartlead.email-sent': sent,
  'smartlead.email-open': { contact: { os_open_count: '1' } },
  'smartlead.email-reply': reply,
  'smartlead.email-link-click': { contact: { os_click_count: '1' } },
  'smartlead.email-bounce': unknownLead,
  'smartlead.lead-category-updated': category('Interested'),
  'smartlead.lead-unsubscribed': { contact: { os_unsubscribed: 'true' } },
  'instantly.email-sent': sent,
  'instantly.email-opened': { contact: { os_open_count: '1' } },
  'instantly.reply-received': reply,
  'instantly.link-clicked': { contact: { os_click_count: '1' } },
  'instantly.email-bounced': unknownLead,
  'instantly.lead-unsubscribed': { contact: { os_unsubscribed: 'true' } },
  'instantly.lead-interested': category('Interested'),
  'instantly.lead-meeting-booked': category('Meeting Booked'),
  'instantly.lead-meeting-completed': category('Meeting Completed'),
  'instantly.lead-closed': category('Closed'),
  'instantly.lead-out-of-office': category('Out of Office'),
  'instantly.lead-wrong-person': category('Wrong Person'),
  'instantly.lead-not-interested': category('Not Interested'),
  'instantly.lead-neutral': category('Neutral'),
  'bison.email-opened': unknownLead,
  'bison.email-sent': sent,
  'bison.lead-replied': reply,
  'bison.lead-unsubscribed': { contact: { os_unsubscribed: 'true' } },
  'bison.email-bounced': {
    emails: { direction: 'EMAIL', status: 'BOUNCED' },
    contact: { os_bounced: 'true' },
  },
  'bison.lead-interested': category('Interested'),
  'bison.manual-email-sent': sent,
  'bison.lead-replied-automated': reply,
  'heyreach.connection-request-sent': { contact: { os_last_connection_status: 'Request sent' } },
  'heyreach.connection-request-accepted': {
    contact: { os_last_connection_status: 'Accepted' },
    tasks: 1,
  },
  'heyreach.message-sent': { communications: 1 },
  'heyreach.inmail-sent': { communications: 1 },
  'heyreach.message-reply-received': { communications: 1, tasks: 1 },
  'heyreach.inmail-reply-received': { communications: 1, tasks: 1 },
  'heyreach.follow-sent': {},
  'heyreach.liked-post': {},
  'heyreach.viewed-profile': {},
  'heyreach.lead-tag-updated': {},
};

const platforms: [string, readonly EventFixture[]][] = [
  ['smartlead', smartleadFixtures],
  ['instantly', instantlyFixtures],
  ['bison', bisonFixtures],
  ['heyreach', heyreachFixtures],
];

describe(`every template event into HubSpot (${testDialect()})`, () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let profileId: number;
  const hubspot = () => sandboxState<HubSpotInspect>(sandbox, 'hubspot');

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    profileId = await connectHubSpot(t.app, sandbox.url, 'user');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('has an expectation for every template of every platform', () => {
    expect(
      platforms
        .flatMap(([, fixtures]) => fixtures.map((fixture) => fixture.id))
        .filter((id) => !(id in expected) && !id.endsWith('custom-label')),
    ).toEqual([]);
  });

  describe.each(platforms)('%s', (platform, fixtures) => {
    let webhook: { id: number; code: string };
    /** The bodies posted, as the platform sent them: its retries send the same again. */
    const posted: string[] = [];
    beforeAll(async () => {
      webhook = await webhookOn(
        t,
        'user',
        profileId,
        webhookSettings({
          emailService: platform as 'smartlead',
          createOrUpdateCompany: platform !== 'heyreach',
          createOrUpdateTask: true,
          createContactCustomProperties: true,
          assignContactOwner: true,
          assignCompanyOwner: true,
          ...(platform === 'heyreach' ? { objectDefaultSearchProperty: 'hs_linkedin_url' } : {}),
        }),
      );
    });

    it.each(
      fixtures
        .filter((fixture) => fixture.id in expected)
        .map((fixture) => [fixture.id, fixture] as const),
    )('%s', async (id, fixture) => {
      const adds = expected[id]!;
      const before = await hubspot();
      const body = payloadAt(fixture, new Date());
      posted.push(JSON.stringify(body));
      expect(await postEvent(t, webhook.code, body)).toBe(200);
      await drainEvents(t);
      const rows = await eventRows(t, webhook.id);
      const row = rows[rows.length - 1]!;
      expect(row).toMatchObject({ state: 'processed', errors: [] });
      const after = await hubspot();
      const added = <K extends 'emails' | 'tasks' | 'communications'>(kind: K) =>
        after[kind].filter((object) => !before[kind].some((old) => old.id === object.id));

      const emails = added('emails');
      expect(emails).toHaveLength(adds.emails ? 1 : 0);
      if (adds.emails)
        expect(emails[0]!.properties).toMatchObject({
          hs_email_direction: adds.emails.direction,
          ...(adds.emails.status ? { hs_email_status: adds.emails.status } : {}),
        });
      expect(added('communications')).toHaveLength(adds.communications ?? 0);
      expect(added('tasks')).toHaveLength(adds.tasks ?? 0);
      if (adds.skipped) {
        expect(after.contacts.length).toBe(before.contacts.length);
        const attempt = await t.app.db
          .selectFrom('webhook_attempts')
          .select('answer')
          .where('webhook_log_id', '=', row.id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(attempt.answer).toContain('this event only updates existing contacts');
        return;
      }
      // one contact for the lead, whatever the event: found again, never made twice
      const lead =
        platform === 'heyreach'
          ? { property: 'hs_linkedin_url', value: 'https://www.linkedin.com/in/priya-patel-7' }
          : { property: 'email', value: row.email };
      const contacts = after.contacts.filter(
        (contact) => contact.properties[lead.property] === lead.value,
      );
      expect(contacts).toHaveLength(1);
      const contact = contacts[0]!;
      // the webhook's owner where the contact had none (the email platforms' leads are new to the CRM)
      expect(contact.properties).toMatchObject({
        ...(platform === 'heyreach' ? {} : { hubspot_owner_id: '7010002' }),
        ...adds.contact,
      });
      expect(contact.properties.hubspot_owner_id).toBeTruthy();
      for (const engagement of [...emails, ...added('communications'), ...added('tasks')]) {
        expect(after.associations).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              fromId: engagement.id,
              toType: 'contacts',
              toId: contact.id,
            }),
          ]),
        );
      }
      if (platform !== 'heyreach') {
        expect(after.associations).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              fromType: 'contacts',
              fromId: contact.id,
              toType: 'companies',
              typeId: 1,
            }),
          ]),
        );
      }
    });

    it('the same events again (a platform retrying) are counted as copies and change nothing', async () => {
      const before = await hubspot();
      for (const body of posted)
        expect(await postEvent(t, webhook.code, JSON.parse(body) as object)).toBe(200);
      expect(await drainEvents(t)).toBe(0);
      const after = await hubspot();
      for (const kind of ['contacts', 'companies', 'emails', 'communications', 'tasks'] as const)
        expect(after[kind]).toHaveLength(before[kind].length);
    });
  });
});
