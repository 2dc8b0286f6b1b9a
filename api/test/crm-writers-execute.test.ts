import { fixtureById, normaliseEvent, type InternalEvent } from 'shared/events';
import { withFreshToken as withSalesforce } from '../src/adapters/salesforce/session.js';
import { createSalesforceCustomFields, querySalesforce } from '../src/adapters/salesforce/index.js';
import { salesforceAnswer } from '../src/adapters/salesforce/request.js';
import { writeEventToCrm, type WriterSettings } from '../src/crm-writers/index.js';
import type { Deps } from '../src/deps.js';
import { ProviderError } from '../src/providers/provider-error.js';
import { findUserProfile, type UserProfileRecord } from '../src/repositories/user-profiles.js';
import { connectHubSpot, connectSalesforce } from './helpers/fixtures.js';
import { insertProfile } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { injectFault, sandboxRequests, sandboxState } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { z } from 'zod';
import { writerSettings } from './helpers/writer-settings.js';

/** The writers against the sandbox on an ephemeral port, with profiles connected through its OAuth flows. */

function eventOf(
  id: string,
  change: (payload: Record<string, unknown>) => Record<string, unknown> = (payload) => payload,
): InternalEvent {
  const fixture = fixtureById(id)!;
  const result = normaliseEvent(
    fixture.platform,
    change(structuredClone(fixture.payload) as Record<string, unknown>),
  );
  if (!result.ok) throw new Error(result.problem.message);
  return result.event;
}

/** A smartlead fixture sent to another lead, so each test writes its own contact. */
const toLead = (id: string, email: string, extra: Record<string, unknown> = {}) =>
  eventOf(id, (payload) => ({ ...payload, to_email: email, sl_lead_email: email, ...extra }));

const baseSettings = (change: Partial<WriterSettings> = {}): WriterSettings =>
  writerSettings({ ...change });

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
  customProperties: Record<string, string[]>;
}

/** A HubSpot profile connected through the sandbox's consent with these scopes only. */
async function connectHubSpotWithScope(
  t: TestApp,
  sandboxUrl: string,
  scope: string,
): Promise<number> {
  const client = {
    client_id: 'sandbox-hubspot-client-id',
    client_secret: 'sandbox-hubspot-client-secret',
    redirect_uri: 'http://localhost:8080/oauth',
  };
  const form = (values: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual' as const,
  });
  const consent = await fetch(
    `${sandboxUrl}/hubspot/oauth/authorize`,
    form({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      scope,
      state: 's',
      decision: 'connect',
    }),
  );
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const token = (await (
    await fetch(
      `${sandboxUrl}/hubspot/oauth/v1/token`,
      form({ ...client, grant_type: 'authorization_code', code }),
    )
  ).json()) as { access_token: string; refresh_token: string };
  return insertProfile(t.app, 'manager', 'HUBSPOT', {
    access_token_enc: t.app.secretBox.seal(token.access_token),
    refresh_token_enc: t.app.secretBox.seal(token.refresh_token),
    token_expires_at: new Date(Date.now() + 1_800_000).toISOString(),
  });
}

describe('writeEventToCrm', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let deps: Deps;

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
    deps = t.app.deps;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  describe('HubSpot', () => {
    let profileId: number;
    const profile = async (): Promise<UserProfileRecord> =>
      (await findUserProfile(t.app.db, profileId))!;
    const write = async (event: InternalEvent, settings: WriterSettings = baseSettings()) =>
      writeEventToCrm(deps, {
        webhook: settings,
        profile: await profile(),
        event,
        eventKey: event.dedupeKey,
      });
    const state = () => sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const contactWith = async (email: string) =>
      (await state()).contacts.filter((contact) => contact.properties.email === email);

    beforeAll(async () => {
      profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    });

    it('EMAIL_SENT: creates the missing os_ properties in the product group, upserts the contact, its company (primary) and a SENT email on it', async () => {
      const event = toLead('smartlead.email-sent', 'ada.sent@newco.example', {
        to_name: 'Ada Sent',
      });
      const result = await write(
        event,
        baseSettings({
          createOrUpdateCompany: true,
          assignCompanyOwner: true,
          assignContactOwner: true,
        }),
      );
      expect(result.steps.map(({ name, ok }) => ({ name, ok }))).toEqual([
        { name: 'contact properties', ok: true },
        { name: 'contact', ok: true },
        { name: 'company', ok: true },
        { name: 'email engagement', ok: true },
      ]);
      expect(result.steps[0]!.detail).toContain('os_campaign_name');
      const after = await state();
      expect(after.customProperties.contacts).toEqual(
        expect.arrayContaining([
          'os_campaign_name',
          'os_open_count',
          'os_last_social_activity',
          'os_bounced',
        ]),
      );
      const [contact] = await contactWith('ada.sent@newco.example');
      expect(contact!.properties).toMatchObject({
        firstname: 'Ada',
        lastname: 'Sent',
        website: 'https://newco.example',
        hubspot_owner_id: '7010002',
        os_campaign_name: 'Q1 Northwind outreach',
        os_last_sent_at: event.occurredAt,
        os_sales_engagement_platform: 'smartlead',
      });
      const company = after.companies.find(
        (candidate) => candidate.properties.domain === 'newco.example',
      )!;
      expect(company.properties).toMatchObject({ hubspot_owner_id: '7010002' });
      expect(after.associations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            fromType: 'contacts',
            fromId: contact!.id,
            toType: 'companies',
            toId: company.id,
            typeId: 1,
          }),
          expect.objectContaining({
            fromType: 'emails',
            toType: 'contacts',
            toId: contact!.id,
            typeId: 198,
          }),
        ]),
      );
      const email = after.emails.find((candidate) =>
        after.associations.some(
          (link) =>
            link.fromType === 'emails' && link.fromId === candidate.id && link.toId === contact!.id,
        ),
      )!;
      expect(email.properties).toMatchObject({
        hs_email_direction: 'EMAIL',
        hs_email_status: 'SENT',
        hs_email_subject: event.message.subject,
      });
    });

    it('is idempotent on the contact: the same event again updates the one contact (batch upsert by email, no search)', async () => {
      const event = toLead('smartlead.email-sent', 'twice@twice.example');
      await write(event);
      const again = await write(event);
      expect(again.steps.find((step) => step.name === 'contact')!.detail).toMatch(
        /^updated \d+ \(by email, remembered\)$/,
      );
      expect(await contactWith('twice@twice.example')).toHaveLength(1);
      const searches = (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
        request.url.includes('/contacts/search'),
      );
      expect(searches).toEqual([]);
    });

    it('writes a lead’s next event by the contact it remembers: one update, no read (two requests with its engagement)', async () => {
      await write(toLead('smartlead.email-sent', 'remembered@memo.example'));
      const before = (await sandboxRequests(sandbox, 'hubspot')).length;
      const opened = await write(toLead('smartlead.email-open', 'remembered@memo.example'));
      const replied = await write(toLead('smartlead.email-reply', 'remembered@memo.example'));
      const requests = await sandboxRequests(sandbox, 'hubspot');
      // the writer's list of contact properties aside (read again once after it created the os_ ones)
      const calls = requests
        .slice(0, requests.length - before)
        .filter((call) => !call.url.includes('/properties/'));
      expect(calls.map((call) => call.method).sort()).toEqual(['PATCH', 'PATCH', 'POST']);
      expect(opened.steps.find((step) => step.name === 'contact')!.detail).toMatch(
        /, remembered\)$/,
      );
      expect(replied.steps.map((step) => step.ok)).not.toContain(false);
      const [contact] = await contactWith('remembered@memo.example');
      expect(contact!.properties).toMatchObject({
        os_open_count: '1',
        os_last_reply_message: expect.any(String),
      });
    });

    it('a remembered contact HubSpot no longer has (merged or deleted): the update fails, the memo is dropped and the contact found again by email', async () => {
      await write(toLead('smartlead.email-sent', 'merged@memo.example'));
      const [contact] = await contactWith('merged@memo.example');
      await t.app.db
        .updateTable('crm_record_memos')
        .set({ record_id: '999999999' })
        .where('lookup', '=', 'email=merged@memo.example')
        .execute();
      const replied = await write(toLead('smartlead.email-reply', 'merged@memo.example'));
      expect(replied.steps.map(({ name, ok }) => ({ name, ok }))).toEqual([
        { name: 'contact properties', ok: true },
        { name: 'contact', ok: true },
        { name: 'email engagement', ok: true },
      ]);
      expect(replied.steps.find((step) => step.name === 'contact')!.detail).toBe(
        `updated ${contact!.id} (by email)`,
      );
      expect(
        await t.app.db
          .selectFrom('crm_record_memos')
          .select('record_id')
          .where('lookup', '=', 'email=merged@memo.example')
          .execute(),
      ).toEqual([{ record_id: contact!.id }]);
      expect(await contactWith('merged@memo.example')).toHaveLength(1);
    });

    it('EMAIL_OPEN counts up on the contact; for an unknown lead it is skipped with the reason', async () => {
      await write(toLead('smartlead.email-sent', 'opens@opens.example'));
      await write(toLead('smartlead.email-open', 'opens@opens.example'));
      // another open: another event (stats id), so another key
      await write(toLead('smartlead.email-open', 'opens@opens.example', { stats_id: 'open-2' }));
      expect((await contactWith('opens@opens.example'))[0]!.properties.os_open_count).toBe('2');
      const unknown = await write(toLead('smartlead.email-open', 'nobody@nowhere.example'));
      expect(unknown.steps).toEqual([
        { name: 'contact properties', ok: true },
        {
          name: 'contact',
          ok: true,
          skipped:
            'No contact with email = nobody@nowhere.example: this event only updates existing contacts',
        },
      ]);
    });

    it('the same open written again (its answer lost): counted once, the step says so (issue 54)', async () => {
      await write(toLead('smartlead.email-sent', 'again@counted.example'));
      const open = toLead('smartlead.email-open', 'again@counted.example');
      await write(open);
      const again = await write(open);
      expect(again.steps.find((step) => step.name === 'contact')!.detail).toMatch(
        /^updated \d+ \(by email, remembered\); its counters already held this event: not counted twice$/,
      );
      const [contact] = await contactWith('again@counted.example');
      expect(contact!.properties).toMatchObject({
        os_open_count: '1',
        os_counted_event: open.dedupeKey,
      });
    });

    it('remembers a lead HubSpot lacks for a while: its next opens cost no lookup, an event that creates contacts looks again (issue 55)', async () => {
      const contactCalls = async (since: number) => {
        const requests = await sandboxRequests(sandbox, 'hubspot');
        return requests
          .slice(0, requests.length - since)
          .filter((call) => call.url.includes('/objects/contacts'));
      };
      const skipped = {
        name: 'contact',
        ok: true,
        skipped:
          'No contact with email = unknown@absent.example: this event only updates existing contacts',
      };
      const first = (await sandboxRequests(sandbox, 'hubspot')).length;
      expect(
        (await write(toLead('smartlead.email-open', 'unknown@absent.example'))).steps,
      ).toContainEqual(skipped);
      expect(await contactCalls(first)).toHaveLength(1);
      const second = (await sandboxRequests(sandbox, 'hubspot')).length;
      for (const id of ['smartlead.email-open', 'smartlead.email-link-click'])
        expect((await write(toLead(id, 'unknown@absent.example'))).steps).toContainEqual(skipped);
      expect(await contactCalls(second)).toEqual([]);

      await write(toLead('smartlead.email-sent', 'unknown@absent.example'));
      await write(toLead('smartlead.email-open', 'unknown@absent.example'));
      const contacts = await contactWith('unknown@absent.example');
      expect(contacts.map((contact) => contact.properties.os_open_count)).toEqual(['1']);
    });

    it('EMAIL_REPLY with "Create task": an INCOMING_EMAIL and a task for the owner on the contact', async () => {
      const result = await write(
        toLead('smartlead.email-reply', 'replier@replies.example'),
        baseSettings({ createOrUpdateTask: true }),
      );
      expect(result.steps.every((step) => step.ok && !step.skipped)).toBe(true);
      const after = await state();
      const [contact] = await contactWith('replier@replies.example');
      const taskLink = after.associations.find(
        (link) => link.fromType === 'tasks' && link.toId === contact!.id && link.typeId === 204,
      )!;
      expect(after.tasks.find((task) => task.id === taskLink.fromId)!.properties).toMatchObject({
        hubspot_owner_id: '7010002',
        hs_task_subject: expect.stringContaining('Smartlead · Email reply'),
      });
      expect(contact!.properties.os_last_reply_message).toBeTruthy();
    });

    it('a HeyReach reply: found or created by profile URL, a LinkedIn communication and os_last_social_reply', async () => {
      const settings = baseSettings({
        emailService: 'heyreach',
        objectDefaultSearchProperty: 'hs_linkedin_url',
      });
      const event = eventOf('heyreach.message-reply-received', (payload) => ({
        ...payload,
        lead: {
          ...(payload.lead as object),
          profile_url: 'https://www.linkedin.com/in/writer-test',
          email_address: 'li.reply@linked.example',
          enriched_email: null,
        },
      }));
      const result = await write(event, settings);
      expect(result.steps.map((step) => [step.name, step.ok])).toEqual([
        ['contact properties', true],
        ['contact', true],
        ['LinkedIn communication', true],
      ]);
      const [contact] = await contactWith('li.reply@linked.example');
      expect(contact!.properties).toMatchObject({
        hs_linkedin_url: 'https://www.linkedin.com/in/writer-test',
        os_last_social_reply: event.message.text,
      });
      const after = await state();
      const link = after.associations.find(
        (candidate) => candidate.fromType === 'communications' && candidate.toId === contact!.id,
      )!;
      expect(
        after.communications.find((communication) => communication.id === link.fromId)!.properties,
      ).toMatchObject({ hs_communication_channel_type: 'LINKEDIN_MESSAGE' });
    });

    it('a validation error (400) is a failed step in HubSpot’s words, not thrown; what needs the contact is skipped', async () => {
      const settings = baseSettings({
        assignContactOwner: true,
        owner: { id: '999', firstName: 'No', lastName: 'One', email: 'no@one.example' },
      });
      const result = await write(
        toLead('smartlead.email-sent', 'bad.owner@owners.example'),
        settings,
      );
      const contact = result.steps.find((step) => step.name === 'contact')!;
      expect(contact.ok).toBe(false);
      expect(contact.error).toContain('999 is not a valid owner id');
      expect(result.steps.find((step) => step.name === 'email engagement')).toEqual({
        name: 'email engagement',
        ok: true,
        skipped: 'No contact was found or written',
      });
    });

    it('throws a rate-limited ProviderError with retryAfterMs on a 429, and an unavailable one on a 5xx, for the queue to retry', async () => {
      await injectFault(sandbox, 'hubspot', '429', {
        route: 'POST /crm/v3/objects/contacts/batch/upsert',
        retryAfterSeconds: 7,
      });
      const limited = await write(toLead('smartlead.email-sent', 'limited@limits.example')).catch(
        (error: unknown) => error,
      );
      expect(limited).toBeInstanceOf(ProviderError);
      expect(limited).toMatchObject({ kind: 'rate-limited', retryable: true, retryAfterMs: 7000 });
      await injectFault(sandbox, 'hubspot', '500', { route: 'POST /crm/v3/objects/emails' });
      const failing = await write(toLead('smartlead.email-sent', 'limited@limits.example')).catch(
        (error: unknown) => error,
      );
      expect(failing).toMatchObject({ kind: 'unavailable', retryable: true });
      // the retry after both: one contact, one email
      await write(toLead('smartlead.email-sent', 'limited@limits.example'));
      expect(await contactWith('limited@limits.example')).toHaveLength(1);
    });

    it('without the scope to create properties: that step fails in HubSpot’s words, the contact is written without the missing ones', async () => {
      const limited = await connectHubSpotWithScope(
        t,
        sandbox.url,
        'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.owners.read',
      );
      const settings = baseSettings();
      const fresh = await findUserProfile(t.app.db, limited);
      // a portal where os_click_count does not exist yet: a property this test's event needs, on a profile that cannot create it
      deps.state.writerProperties.set(limited, {
        expiresAt: Number.MAX_SAFE_INTEGER,
        names: new Set(['email', 'os_sales_engagement_platform', 'os_last_click_at']),
        unique: new Set(),
      });
      await write(toLead('smartlead.email-sent', 'no.scope@scopes.example'));
      const result = await writeEventToCrm(deps, {
        webhook: settings,
        profile: fresh!,
        event: toLead('smartlead.email-link-click', 'no.scope@scopes.example'),
        eventKey: 'no-scope-click',
      });
      expect(result.steps[0]).toMatchObject({
        name: 'contact properties',
        ok: false,
        error: expect.stringContaining(
          'HubSpot refused creating the contact property group os_sync',
        ),
      });
      expect(result.steps[1]).toMatchObject({ name: 'contact', ok: true });
      const [contact] = await contactWith('no.scope@scopes.example');
      expect(contact!.properties.os_last_click_at).toBeTruthy();
    });

    it('without os_counted_event (the profile cannot create it): the counters are raised as before, the step says they are not guarded', async () => {
      const limited = await connectHubSpotWithScope(
        t,
        sandbox.url,
        'oauth crm.objects.contacts.read crm.objects.contacts.write crm.objects.owners.read',
      );
      await write(toLead('smartlead.email-sent', 'unguarded@counted.example'));
      // a portal made before os_counted_event: every property the click writes but that one
      deps.state.writerProperties.set(limited, {
        expiresAt: Number.MAX_SAFE_INTEGER,
        names: new Set([
          'email',
          'os_sales_engagement_platform',
          'os_last_click_at',
          'os_click_count',
        ]),
        unique: new Set(),
      });
      const result = await writeEventToCrm(deps, {
        webhook: baseSettings(),
        profile: (await findUserProfile(t.app.db, limited))!,
        event: toLead('smartlead.email-link-click', 'unguarded@counted.example'),
        eventKey: 'unguarded-click',
      });
      expect(result.steps[1]).toMatchObject({
        name: 'contact',
        ok: true,
        detail: expect.stringMatching(
          /^updated \d+ \(by email\) \(counters not guarded against a second count: the os_counted_event property could not be created\)$/,
        ),
      });
      const [contact] = await contactWith('unguarded@counted.example');
      expect(contact!.properties.os_click_count).toBe('1');
      expect(contact!.properties.os_counted_event ?? null).toBeNull();
    });

    it('an access token HubSpot no longer accepts is refreshed once and the write goes on', async () => {
      await t.app.db
        .updateTable('user_profiles')
        .set({ access_token_enc: t.app.secretBox.seal('expired-token') })
        .where('id', '=', profileId)
        .execute();
      const result = await write(toLead('smartlead.email-sent', 'refresh@tokens.example'));
      expect(result.steps.every((step) => step.ok)).toBe(true);
      const tokenCalls = (await sandboxRequests(sandbox, 'hubspot')).filter((request) =>
        request.url.startsWith('/hubspot/oauth/v1/token'),
      );
      expect(tokenCalls.length).toBeGreaterThanOrEqual(1);
    });
  });

  describe('Salesforce', () => {
    let profileId: number;
    let ownerId: string;
    const profile = async (): Promise<UserProfileRecord> =>
      (await findUserProfile(t.app.db, profileId))!;
    const settings = (change: Partial<WriterSettings> = {}) =>
      baseSettings({
        owner: {
          id: ownerId,
          firstName: 'Sandbox',
          lastName: 'Admin',
          email: 'admin@crm-sync-sandbox.example',
        },
        ...change,
      });
    const write = async (event: InternalEvent, webhook: WriterSettings) =>
      writeEventToCrm(deps, {
        webhook,
        profile: await profile(),
        event,
        eventKey: event.dedupeKey,
      });
    const soql = async (text: string) =>
      withSalesforce(deps, await profile(), (connection) =>
        querySalesforce(connection, 'test', text, z.record(z.string(), z.unknown())),
      );

    beforeAll(async () => {
      ({ profileId } = await connectSalesforce(t.app, sandbox.url, 'user'));
      ownerId = (await profile()).accountId;
      const [admin] = await soql(
        "SELECT Id FROM PermissionSet WHERE Name = 'System Administrator'",
      );
      const created = await withSalesforce(deps, await profile(), (connection) =>
        createSalesforceCustomFields(connection, ['Lead'], admin!.Id as string),
      );
      expect(created.failures).toEqual([]);
    });

    it('EMAIL_SENT on a Lead, log type 0: creates the Lead (Company from the lead, owner, os_ fields) and an EmailMessage on it in one composite call', async () => {
      const event = toLead('smartlead.email-sent', 'sf.sent@acme-sf.example', {
        to_name: 'Sally Sent',
      });
      const result = await write(event, settings({ salesforceCustomFieldObjects: ['Lead'] }));
      expect(result.steps.map(({ name, ok }) => [name, ok])).toEqual([
        ['lead', true],
        ['email message', true],
      ]);
      const [lead] = await soql(
        "SELECT Id, FirstName, LastName, Company, OwnerId, os_campaign_name__c, os_last_sent_at__c FROM Lead WHERE Email = 'sf.sent@acme-sf.example'",
      );
      expect(lead).toMatchObject({
        FirstName: 'Sally',
        LastName: 'Sent',
        Company: 'acme-sf.example',
        OwnerId: ownerId,
        os_campaign_name__c: 'Q1 Northwind outreach',
      });
      const relations = await soql(
        `SELECT EmailMessageId, RelationType FROM EmailMessageRelation WHERE RelationId = '${lead!.Id as string}'`,
      );
      expect(relations).toEqual([expect.objectContaining({ RelationType: 'ToAddress' })]);
      const emails = await soql(
        `SELECT Id, Subject, Status, Incoming, RelatedToId FROM EmailMessage WHERE Id = '${relations[0]!.EmailMessageId as string}'`,
      );
      expect(emails).toEqual([
        expect.objectContaining({
          Subject: event.message.subject,
          Status: '3',
          Incoming: false,
          RelatedToId: null,
        }),
      ]);
      expect(result.steps[1]).toMatchObject({
        detail: expect.stringContaining('(ToAddress) on Lead'),
      });
      const composite = (await sandboxRequests(sandbox, 'salesforce')).filter((request) =>
        request.url.endsWith('/composite'),
      );
      expect(composite.length).toBeGreaterThanOrEqual(1);
    });

    it('EMAIL_REPLY, log type 1: updates the Lead and logs a Task whose Subject is the Custom Task Subject filled in', async () => {
      await write(toLead('smartlead.email-sent', 'sf.reply@acme-sf.example'), settings());
      const result = await write(
        toLead('smartlead.email-reply', 'sf.reply@acme-sf.example'),
        settings({
          logType: 1,
          salesforceCustomFieldObjects: ['Lead'],
          customTaskSubject: '{event_type} from {to_email} ({campaign_name})',
        }),
      );
      expect(result.steps[0]).toMatchObject({
        name: 'lead',
        ok: true,
        detail: expect.stringMatching(/^updated 00Q/),
      });
      expect(result.steps[1]).toMatchObject({ name: 'task', ok: true });
      const [lead] = await soql("SELECT Id FROM Lead WHERE Email = 'sf.reply@acme-sf.example'");
      const tasks = await soql(
        `SELECT Subject, Status FROM Task WHERE WhoId = '${lead!.Id as string}'`,
      );
      expect(tasks).toEqual([
        expect.objectContaining({
          Subject: 'EMAIL_REPLY from sf.reply@acme-sf.example (Q1 Northwind outreach)',
          Status: 'Completed',
        }),
      ]);
    });

    it('EMAIL_OPEN without custom fields writes nothing and spends no call of the daily allocation (issue 55)', async () => {
      await write(toLead('smartlead.email-sent', 'sf.plain-open@acme-sf.example'), settings());
      // the newest request the sandbox's Salesforce took (its log keeps the latest ones only)
      const newest = async () => JSON.stringify((await sandboxRequests(sandbox, 'salesforce'))[0]);
      const before = await newest();
      const result = await write(
        toLead('smartlead.email-open', 'sf.plain-open@acme-sf.example'),
        settings(),
      );
      expect(result.steps).toEqual([
        expect.objectContaining({
          name: 'lead',
          ok: true,
          skipped:
            "Nothing to write: this event only updates the Lead's custom fields, which the webhook does not keep",
        }),
      ]);
      expect(await newest()).toBe(before);
    });

    it('EMAIL_OPEN counts up the os_ field', async () => {
      await write(
        toLead('smartlead.email-sent', 'sf.open@acme-sf.example'),
        settings({ salesforceCustomFieldObjects: ['Lead'] }),
      );
      await write(
        toLead('smartlead.email-open', 'sf.open@acme-sf.example'),
        settings({ salesforceCustomFieldObjects: ['Lead'] }),
      );
      await write(
        toLead('smartlead.email-open', 'sf.open@acme-sf.example', { stats_id: 'sf-open-2' }),
        settings({ salesforceCustomFieldObjects: ['Lead'] }),
      );
      const [lead] = await soql(
        "SELECT os_open_count__c FROM Lead WHERE Email = 'sf.open@acme-sf.example'",
      );
      expect(Number(lead!.os_open_count__c)).toBe(2);
    });

    it('the same open written again (its answer lost): counted once, the step says so (issue 54)', async () => {
      const custom = settings({ salesforceCustomFieldObjects: ['Lead'] });
      await write(toLead('smartlead.email-sent', 'sf.again@acme-sf.example'), custom);
      const open = toLead('smartlead.email-open', 'sf.again@acme-sf.example');
      await write(open, custom);
      const again = await write(open, custom);
      expect(again.steps[0]).toMatchObject({
        name: 'lead',
        ok: true,
        detail: expect.stringMatching(
          /^updated 00Q\S+ \(by Email\); its counters already held this event: not counted twice$/,
        ),
      });
      const [lead] = await soql(
        "SELECT os_open_count__c FROM Lead WHERE Email = 'sf.again@acme-sf.example'",
      );
      expect(Number(lead!.os_open_count__c)).toBe(1);
    });

    it('a Lead whose os_counted_event__c the user cannot see: counted as before, the step says it is not guarded', async () => {
      const fresh = await startSandbox();
      try {
        const other = await createTestApp({ SANDBOX_URL: fresh.url });
        try {
          const { profileId: id } = await connectSalesforce(other.app, fresh.url, 'admin');
          const salesforceProfile = (await findUserProfile(other.app.db, id))!;
          const query = (text: string) =>
            withSalesforce(other.app.deps, salesforceProfile, (connection) =>
              querySalesforce(connection, 'test', text, z.record(z.string(), z.unknown())),
            );
          const [admin] = await query(
            "SELECT Id FROM PermissionSet WHERE Name = 'System Administrator'",
          );
          await withSalesforce(other.app.deps, salesforceProfile, async (connection) => {
            await createSalesforceCustomFields(connection, ['Lead'], admin!.Id as string);
          });
          const [made] = await query(
            "SELECT Id FROM FieldPermissions WHERE Field = 'Lead.os_counted_event__c'",
          );
          // the field's read permission taken back: for this user the Lead has no such field
          await withSalesforce(other.app.deps, salesforceProfile, (connection) =>
            salesforceAnswer(
              connection,
              {
                action: 'test',
                path: `/sobjects/FieldPermissions/${made!.Id as string}`,
                method: 'DELETE',
              },
              z.unknown(),
            ),
          );
          const custom = settings({ salesforceCustomFieldObjects: ['Lead'] });
          const email = 'sf.unguarded@acme-sf.example';
          const written = (event: InternalEvent) =>
            writeEventToCrm(other.app.deps, {
              webhook: custom,
              profile: salesforceProfile,
              event,
              eventKey: event.dedupeKey,
            });
          await written(toLead('smartlead.email-sent', email));
          const result = await written(toLead('smartlead.email-open', email));
          expect(result.steps[0]).toMatchObject({
            name: 'lead',
            ok: true,
            detail: expect.stringMatching(
              /^updated 00Q\S+ \(by Email\) \(counters not guarded against a second count: Lead has no os_counted_event__c field \(Create Fields adds it\)\)$/,
            ),
          });
          const [lead] = await query(`SELECT os_open_count__c FROM Lead WHERE Email = '${email}'`);
          expect(Number(lead!.os_open_count__c)).toBe(1);
        } finally {
          await other.close();
        }
      } finally {
        await fresh.close();
      }
    });

    it('EMAIL_REPLY, log type 0: an incoming EmailMessage linked to the Lead as its FromAddress', async () => {
      await write(toLead('smartlead.email-sent', 'sf.replied@acme-sf.example'), settings());
      const result = await write(
        toLead('smartlead.email-reply', 'sf.replied@acme-sf.example'),
        settings(),
      );
      expect(result.steps.map(({ name, ok }) => [name, ok])).toEqual([
        ['lead', true],
        ['email message', true],
      ]);
      const [lead] = await soql("SELECT Id FROM Lead WHERE Email = 'sf.replied@acme-sf.example'");
      const relations = await soql(
        `SELECT EmailMessageId, RelationType FROM EmailMessageRelation WHERE RelationId = '${lead!.Id as string}'`,
      );
      expect(relations.map((relation) => relation.RelationType).sort()).toEqual([
        'FromAddress',
        'ToAddress',
      ]);
      const incoming = relations.find((relation) => relation.RelationType === 'FromAddress')!;
      expect(
        await soql(
          `SELECT Incoming, Status FROM EmailMessage WHERE Id = '${incoming.EmailMessageId as string}'`,
        ),
      ).toEqual([expect.objectContaining({ Incoming: true, Status: '0' })]);
    });

    it('the same event run again (after a crash, a lease or a time-out): one EmailMessage, linked once, and one Task; the second run says so', async () => {
      const email = 'sf.twice@acme-sf.example';
      const sent = toLead('smartlead.email-sent', email);
      await write(sent, settings());
      const again = await write(sent, settings());
      expect(again.steps[1]).toMatchObject({
        name: 'email message',
        ok: true,
        detail: expect.stringMatching(
          /^02s\S+ \(ToAddress\) on Lead 00Q\S+ was made by an earlier run of this event: not written twice$/,
        ),
      });
      const [lead] = await soql(`SELECT Id FROM Lead WHERE Email = '${email}'`);
      const links = await soql(
        `SELECT EmailMessageId FROM EmailMessageRelation WHERE RelationId = '${lead!.Id as string}'`,
      );
      expect(links).toHaveLength(1);
      expect(
        await soql(
          `SELECT Id FROM EmailMessage WHERE Id = '${links[0]!.EmailMessageId as string}'`,
        ),
      ).toHaveLength(1);

      const reply = toLead('smartlead.email-reply', email);
      await write(reply, settings({ logType: 1 }));
      const second = await write(reply, settings({ logType: 1 }));
      expect(second.steps[1]).toMatchObject({
        name: 'task',
        ok: true,
        detail: expect.stringContaining('was made by an earlier run of this event'),
      });
      expect(await soql(`SELECT Id FROM Task WHERE WhoId = '${lead!.Id as string}'`)).toHaveLength(
        1,
      );
    });

    it('an activity object without os_event_id__c: created as before, the step says it is not guarded', async () => {
      const fresh = await startSandbox();
      try {
        const other = await createTestApp({ SANDBOX_URL: fresh.url });
        try {
          const { profileId: bare } = await connectSalesforce(other.app, fresh.url, 'user');
          const result = await writeEventToCrm(other.app.deps, {
            webhook: settings({ logType: 1 }),
            profile: (await findUserProfile(other.app.db, bare))!,
            event: toLead('smartlead.email-reply', 'sf.bare@acme-sf.example'),
            eventKey: 'bare-1',
          });
          expect(result.steps[1]).toMatchObject({
            name: 'task',
            ok: true,
            detail: expect.stringMatching(
              /^created 00T\S+ on Lead 00Q\S+ \(not guarded against a second write: Task has no os_event_id__c field \(Create Fields adds it\)\)$/,
            ),
          });
        } finally {
          await other.close();
        }
      } finally {
        await fresh.close();
      }
    });

    it('Update Only: a lead not found is skipped with the reason, nothing is created', async () => {
      const result = await write(
        toLead('smartlead.email-sent', 'sf.nobody@acme-sf.example'),
        settings({ salesforceOnlyUpdate: true }),
      );
      expect(result.steps).toEqual([
        {
          name: 'lead',
          ok: true,
          skipped: 'No Lead with Email = sf.nobody@acme-sf.example: the webhook is Update Only',
        },
        { name: 'email message', ok: true, skipped: 'No Lead to log it on' },
      ]);
      expect(await soql("SELECT Id FROM Lead WHERE Email = 'sf.nobody@acme-sf.example'")).toEqual(
        [],
      );
    });

    it('a refusal (custom fields never created on Contact) is a failed step in Salesforce’s words', async () => {
      const result = await write(
        toLead('smartlead.email-sent', 'sf.contact@acme-sf.example'),
        settings({ salesforceObjectType: 'CONTACT', salesforceCustomFieldObjects: ['Contact'] }),
      );
      expect(result.steps[0]).toMatchObject({
        name: 'contact',
        ok: false,
        error: expect.stringContaining("INVALID_FIELD: No such column 'os_"),
      });
      expect(result.steps[1]).toEqual({
        name: 'email message',
        ok: true,
        skipped: 'The Contact was not created',
      });
    });

    it('a 5xx is thrown for the queue to retry', async () => {
      await injectFault(sandbox, 'salesforce', '500', {
        route: 'POST /services/data/v60.0/composite',
      });
      await expect(
        write(toLead('smartlead.email-sent', 'sf.retry@acme-sf.example'), settings()),
      ).rejects.toMatchObject({ kind: 'unavailable', retryable: true });
    });
  });
});
