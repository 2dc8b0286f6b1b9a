import {
  bisonFixtures,
  instantlyFixtures,
  payloadAt,
  smartleadFixtures,
  type EventFixture,
} from 'shared/events';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { connectSalesforce } from './helpers/fixtures.js';
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
 * Every template event of the platforms a SALESFORCE webhook takes (heyreach is not one), posted to a
 * webhook URL one after another and processed before the next: a Lead with log type 0 (EmailMessage)
 * and a Contact with log type 1 (Task with the Custom Task Subject), on both databases.
 */

type SalesforceRecord = Record<string, unknown> & { Id: string };
interface SalesforceInspect {
  leads: SalesforceRecord[];
  contacts: SalesforceRecord[];
  tasks: SalesforceRecord[];
  emailMessages: SalesforceRecord[];
}

/** The events that log an activity (the sent email and the reply): an EmailMessage with log type 0, a Task with log type 1. */
const activities = new Set([
  'smartlead.email-sent',
  'smartlead.email-reply',
  'instantly.email-sent',
  'instantly.reply-received',
  'bison.email-sent',
  'bison.lead-replied',
  'bison.manual-email-sent',
  'bison.lead-replied-automated',
]);
/** Update events for a lead the CRM does not have (another address; Bison's open before any send): skipped, nothing written. */
const unknownLead = new Set([
  'smartlead.email-bounce',
  'instantly.email-bounced',
  'bison.email-opened',
]);

const platforms: [string, readonly EventFixture[]][] = [
  ['smartlead', smartleadFixtures],
  ['instantly', instantlyFixtures],
  ['bison', bisonFixtures],
];
const setups = [
  { object: 'LEAD', logType: 0 },
  { object: 'CONTACT', logType: 1 },
] as const;

describe(`every template event into Salesforce (${testDialect()})`, () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let profileId: number;
  let ownerId: string;
  const salesforce = () => sandboxState<SalesforceInspect>(sandbox, 'salesforce');

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    ({ profileId } = await connectSalesforce(t.app, sandbox.url, 'user'));
    ownerId = (await findUserProfile(t.app.db, profileId))!.accountId;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  describe.each(
    setups.flatMap((setup) =>
      platforms.map(
        ([platform, fixtures]) =>
          [
            `${platform}, ${setup.object}, log type ${setup.logType}`,
            platform,
            fixtures,
            setup,
          ] as const,
      ),
    ),
  )('%s', (_title, platform, fixtures, setup) => {
    let webhook: { id: number; code: string };
    const records = async () =>
      (await salesforce())[setup.object === 'LEAD' ? 'leads' : 'contacts'];

    beforeAll(async () => {
      webhook = await webhookOn(
        t,
        'user',
        profileId,
        webhookSettings({
          emailService: platform as 'smartlead',
          owner: {
            id: ownerId,
            firstName: 'Sandbox',
            lastName: 'Admin',
            email: 'admin@crm-sync-sandbox.example',
          },
          salesforceObjectType: setup.object,
          logType: setup.logType,
          customTaskSubject: setup.logType === 1 ? '{event_type} - {campaign_name}' : null,
        }),
      );
    });

    it.each(
      fixtures
        .filter((fixture) => !fixture.id.endsWith('custom-label'))
        .map((fixture) => [fixture.id, fixture] as const),
    )('%s', async (id, fixture) => {
      const before = await salesforce();
      const recordsBefore = await records();
      expect(await postEvent(t, webhook.code, payloadAt(fixture, new Date()))).toBe(200);
      await drainEvents(t);
      const rows = await eventRows(t, webhook.id);
      const row = rows[rows.length - 1]!;
      expect(row).toMatchObject({ state: 'processed', errors: [] });
      const after = await salesforce();
      const added = (kind: 'tasks' | 'emailMessages') =>
        after[kind].filter((record) => !before[kind].some((old) => old.Id === record.Id));
      if (unknownLead.has(id)) {
        expect(await records()).toHaveLength(recordsBefore.length);
        expect(added('emailMessages')).toHaveLength(0);
        expect(added('tasks')).toHaveLength(0);
        return;
      }
      const matching = (await records()).filter(
        (record) => typeof record.Email === 'string' && record.Email.toLowerCase() === row.email,
      );
      expect(matching).toHaveLength(1);
      const logged = activities.has(id);
      expect(added('emailMessages')).toHaveLength(logged && setup.logType === 0 ? 1 : 0);
      const tasks = added('tasks');
      expect(tasks).toHaveLength(logged && setup.logType === 1 ? 1 : 0);
      if (tasks[0]) {
        expect(tasks[0].Subject).toEqual(expect.stringMatching(/^\S.* - \S/));
        expect(tasks[0].Subject).not.toContain('{');
        expect(tasks[0].WhoId).toBe(matching[0]!.Id);
      }
    });
  });
});
