import { fixtureById, payloadAt } from 'shared/events';
import {
  createSalesforceCustomFields,
  querySalesforce,
  withFreshToken,
} from '../src/adapters/salesforce/index.js';
import { HUBSPOT_COMPANY_KEY_PROPERTY } from '../src/crm-writers/hubspot-company.js';
import { HUBSPOT_CONTACT_KEY_PROPERTY } from '../src/crm-writers/hubspot-contact.js';
import { HUBSPOT_EVENT_KEY_PROPERTY } from '../src/crm-writers/hubspot-engagement.js';
import { withFreshToken as withHubSpot } from '../src/adapters/hubspot/session.js';
import { createHubSpotRecord } from '../src/adapters/hubspot/writes.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { z } from 'zod';
import { connectHubSpot, connectSalesforce } from './helpers/fixtures.js';
import { startHoldingProxy, type HoldingProxy } from './helpers/holding-proxy.js';
import { insertWebhookRow } from './helpers/rows.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import {
  builtApi,
  expireLeases,
  spawnNode,
  stopNode,
  unfinishedJobs,
  waitFor,
  type NodeProcess,
} from './helpers/spawned.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type EngagementType = 'emails' | 'communications' | 'tasks';
interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
}
type HubSpotInspect = Record<'contacts' | EngagementType, HubSpotObject[]> & {
  associations: { fromType: string; fromId: string; toType: string; toId: string }[];
};

interface SalesforceRecord {
  Id: string;
  WhoId?: string | null;
  os_event_id__c?: string | null;
  EmailMessageId?: string;
  RelationId?: string;
}
interface SalesforceInspect {
  leads: (SalesforceRecord & { Email: string })[];
  tasks: SalesforceRecord[];
  emailMessages: SalesforceRecord[];
  emailMessageRelations: SalesforceRecord[];
}

/**
 * Never twice in the CRM: a worker killed while HubSpot creates an event's email, LinkedIn
 * communication or task, or while Salesforce writes its Task or EmailMessage (the record made, its
 * answer not yet read), then the event run again once the dead worker's lease runs out. The CRM
 * holds exactly one record of each kind per event, and a counter raised once per event (issue 54).
 */
describe('a worker killed while the CRM creates an activity', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let proxy: HoldingProxy;
  let profileId: number;
  let salesforceProfileId: number;
  let worker: NodeProcess | undefined;

  beforeAll(async () => {
    // HubSpot's search lags behind its writes (a company made moments ago is not found by search)
    sandbox = await startSandbox({ SANDBOX_HUBSPOT_SEARCH_LAG_MS: '60000' });
    // between the worker and the sandbox: holds the answer of one engagement create per test
    proxy = await startHoldingProxy(sandbox.url, null);
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
    profileId = await connectHubSpot(t.app, sandbox.url, 'admin');
    ({ profileId: salesforceProfileId } = await connectSalesforce(t.app, sandbox.url, 'admin'));
    // "Create Fields": the activities' os_event_id__c, granted to the System Administrator
    const salesforceProfile = (await findUserProfile(t.app.db, salesforceProfileId))!;
    await withFreshToken(t.app.deps, salesforceProfile, async (connection) => {
      const [admin] = await querySalesforce(
        connection,
        'test',
        "SELECT Id FROM PermissionSet WHERE Name = 'System Administrator'",
        z.object({ Id: z.string() }),
      );
      // and the product's fields on the Lead (its counters and os_counted_event__c)
      const made = await createSalesforceCustomFields(connection, ['Lead'], admin!.Id);
      expect(made.failures).toEqual([]);
    });
  });
  afterAll(async () => {
    if (worker) await stopNode(worker, 'SIGKILL');
    await proxy?.close();
    await t?.close();
    await sandbox?.close();
  });

  const startWorker = (): NodeProcess =>
    spawnNode(builtApi('worker.js'), {
      DATA_DIR: t.dir,
      ...(t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATABASE_PATH: t.config.databasePath }),
      PUBLIC_URL: t.config.publicUrl,
      SANDBOX_URL: proxy.url,
      LOG_LEVEL: 'warn',
      OUTBOUND_ALLOW_HOSTS: new URL(proxy.url).host,
    });

  const everyJobDone = () =>
    waitFor(
      async () => (await unfinishedJobs(t.app.db)) === 0,
      'every job to finish',
      60_000,
      250,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- the worker said:\n${worker?.output().slice(-3000)}`);
    });

  /** A HubSpot create of this engagement type. */
  const hubspotCreate =
    (type: EngagementType) =>
    (method: string, path: string): boolean =>
      method === 'POST' && path === `/hubspot/crm/v3/objects/${type}`;

  /** The nth Salesforce composite call from now on. */
  const salesforceComposite = (nth: number) => {
    let seen = 0;
    return (method: string, path: string): boolean =>
      method === 'POST' && path.endsWith('/composite') && ++seen === nth;
  };

  /**
   * Posts one event, kills the worker once the CRM made the held write, and runs it again: once
   * more for each further matcher (that run killed too once the CRM made its write), then to the end.
   */
  async function crashWhileCreating(
    code: string,
    payload: object,
    held: string,
    ...crashes: ((method: string, path: string) => boolean)[]
  ) {
    const posted = await t.app.inject({ method: 'POST', url: `/webhooks/${code}`, payload });
    expect(posted.statusCode).toBe(200);
    for (const matches of crashes) {
      proxy.hold({ at: 'answer', matches });
      worker = startWorker();
      await waitFor(async () => proxy.held() > 0, `the CRM to make the ${held}`, 60_000).catch(
        (error: Error) => {
          throw new Error(
            `${error.message}\n--- the worker said:\n${worker?.output().slice(-3000)}`,
          );
        },
      );
      worker.child.kill('SIGKILL');
      expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
      proxy.release();
      // the dead worker's job comes back when its lease runs out (minutes): move the lease instead
      await expireLeases(t.app.db);
    }
    worker = startWorker();
    await everyJobDone();
    await stopNode(worker);
  }

  /** The engagements of each kind on the contact with this email, with their event keys. */
  async function engagementsOf(email: string) {
    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const contacts = state.contacts.filter((contact) => contact.properties.email === email);
    expect(contacts).toHaveLength(1);
    const linked = (type: EngagementType) =>
      state[type]
        .filter((record) =>
          state.associations.some(
            (link) =>
              link.fromType === type &&
              link.fromId === record.id &&
              link.toType === 'contacts' &&
              link.toId === contacts[0]!.id,
          ),
        )
        .map((record) => record.properties[HUBSPOT_EVENT_KEY_PROPERTY]);
    return {
      emails: linked('emails'),
      communications: linked('communications'),
      tasks: linked('tasks'),
    };
  }

  it('an email: one, carrying the event’s key', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    const email = 'ada.crash@crashes.example';
    const payload = {
      ...(payloadAt(fixtureById('smartlead.email-sent')!, new Date()) as object),
      to_email: email,
      sl_lead_email: email,
    };
    await crashWhileCreating(webhook.code, payload, 'emails', hubspotCreate('emails'));
    const written = await engagementsOf(email);
    expect(written.emails).toHaveLength(1);
    expect(written.emails[0]).toMatch(new RegExp(`^${webhook.id}:smartlead:`));
  }, 120_000);

  it('a LinkedIn communication and its task: one of each', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId, platform: 'heyreach' });
    await t.app.db
      .updateTable('webhooks')
      .set({ create_or_update_task: 1, object_default_search_property: 'hs_linkedin_url' })
      .where('id', '=', webhook.id)
      .execute();
    const payload = payloadAt(
      fixtureById('heyreach.message-reply-received')!,
      new Date(),
    ) as object;
    await crashWhileCreating(
      webhook.code,
      payload,
      'communications',
      hubspotCreate('communications'),
    );
    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const communications = state.communications.filter((record) =>
      record.properties[HUBSPOT_EVENT_KEY_PROPERTY]?.startsWith(`${webhook.id}:`),
    );
    const tasks = state.tasks.filter((record) =>
      record.properties[HUBSPOT_EVENT_KEY_PROPERTY]?.startsWith(`${webhook.id}:`),
    );
    expect({ communications: communications.length, tasks: tasks.length }).toEqual({
      communications: 1,
      tasks: 1,
    });
  }, 120_000);

  it('a LinkedIn lead without an email, its contact create cut off: one contact', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId, platform: 'heyreach' });
    await t.app.db
      .updateTable('webhooks')
      .set({ object_default_search_property: 'hs_linkedin_url' })
      .where('id', '=', webhook.id)
      .execute();
    const fixture = payloadAt(fixtureById('heyreach.message-reply-received')!, new Date()) as {
      lead: Record<string, unknown>;
    };
    const profileUrl = 'https://www.linkedin.com/in/no-email-crash-7';
    const payload = {
      ...fixture,
      lead: { ...fixture.lead, profile_url: profileUrl, email_address: '', enriched_email: '' },
    };
    // the contact's create (a plain create, or an upsert by its key): not its search
    const contactCreate = (method: string, path: string) =>
      method === 'POST' &&
      (path === '/hubspot/crm/v3/objects/contacts' ||
        path === '/hubspot/crm/v3/objects/contacts/batch/upsert');
    await crashWhileCreating(webhook.code, payload, 'contact', contactCreate);
    // the contact is not yet in HubSpot's search: the run again upserts it by its key
    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const contacts = state.contacts.filter(
      (contact) => contact.properties.hs_linkedin_url === profileUrl,
    );
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.properties[HUBSPOT_CONTACT_KEY_PROPERTY]).toBe(
      `hs_linkedin_url=${profileUrl}`,
    );
    const communications = state.communications.filter((record) =>
      record.properties[HUBSPOT_EVENT_KEY_PROPERTY]?.startsWith(`${webhook.id}:`),
    );
    expect(communications).toHaveLength(1);
  }, 120_000);

  it('a task after its email was made: one of each', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    await t.app.db
      .updateTable('webhooks')
      .set({ create_or_update_task: 1 })
      .where('id', '=', webhook.id)
      .execute();
    const email = 'grace.crash@crashes.example';
    const payload = {
      ...(payloadAt(fixtureById('smartlead.email-reply')!, new Date()) as object),
      to_email: email,
      sl_lead_email: email,
    };
    await crashWhileCreating(webhook.code, payload, 'tasks', hubspotCreate('tasks'));
    const written = await engagementsOf(email);
    expect({ emails: written.emails.length, tasks: written.tasks.length }).toEqual({
      emails: 1,
      tasks: 1,
    });
  }, 120_000);

  it('a crash after the company was made, before the email: the run again makes no second company', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    await t.app.db
      .updateTable('webhooks')
      .set({ create_or_update_company: 1 })
      .where('id', '=', webhook.id)
      .execute();
    const companies = async () =>
      (await sandboxState<{ companies: HubSpotObject[] }>(sandbox, 'hubspot')).companies.filter(
        (company) => company.properties.domain === 'lagging-search.example',
      );
    expect(await companies()).toEqual([]);
    const email = 'lin.company@lagging-search.example';
    const payload = {
      ...(payloadAt(fixtureById('smartlead.email-sent')!, new Date()) as object),
      to_email: email,
      sl_lead_email: email,
    };
    // the email's create held before HubSpot sees it: the contact and its company are written
    const emailCreate = hubspotCreate('emails');
    proxy.hold({ at: 'request', matches: emailCreate });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/webhooks/${webhook.code}`,
      payload,
    });
    expect(posted.statusCode).toBe(200);
    worker = startWorker();
    await waitFor(async () => proxy.held() > 0, 'the worker to reach the email', 60_000);
    expect(await companies()).toHaveLength(1);
    worker.child.kill('SIGKILL');
    await worker.exited;
    proxy.release();
    await expireLeases(t.app.db);
    worker = startWorker();
    await everyJobDone();
    await stopNode(worker);
    // the company is not yet in HubSpot's search: the run again found it by what the first remembered
    expect(await companies()).toHaveLength(1);
    expect((await engagementsOf(email)).emails).toHaveLength(1);
  }, 120_000);

  it('a crash while HubSpot creates the company: the run again makes no second company', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    await t.app.db
      .updateTable('webhooks')
      .set({ create_or_update_company: 1 })
      .where('id', '=', webhook.id)
      .execute();
    const domain = 'cut-off-company.example';
    const email = `ada.company@${domain}`;
    const payload = {
      ...(payloadAt(fixtureById('smartlead.email-sent')!, new Date()) as object),
      to_email: email,
      sl_lead_email: email,
    };
    const companyCreate = (method: string, path: string) =>
      method === 'POST' && path === '/hubspot/crm/v3/objects/companies';
    await crashWhileCreating(webhook.code, payload, 'company', companyCreate);
    // the company is not yet in HubSpot's search, nor remembered: its unique key finds it
    const state = await sandboxState<HubSpotInspect & { companies: HubSpotObject[] }>(
      sandbox,
      'hubspot',
    );
    const companies = state.companies.filter((company) => company.properties.domain === domain);
    expect(companies).toHaveLength(1);
    expect(companies[0]!.properties[HUBSPOT_COMPANY_KEY_PROPERTY]).toBe(domain);
    // the contact's (primary) company is that one
    const contact = state.contacts.find((record) => record.properties.email === email)!;
    const companiesOfContact = state.associations
      .filter(
        (link) =>
          link.fromType === 'contacts' && link.fromId === contact.id && link.toType === 'companies',
      )
      .map((link) => link.toId);
    expect([...new Set(companiesOfContact)]).toEqual([companies[0]!.id]);
    expect((await engagementsOf(email)).emails).toHaveLength(1);
  }, 120_000);

  /** A Salesforce webhook of the admin's Salesforce profile writing Leads, with this log type. */
  async function salesforceWebhook(logType: 0 | 1) {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId: salesforceProfileId });
    const owner = (await findUserProfile(t.app.db, salesforceProfileId))!.accountId;
    await t.app.db
      .updateTable('webhooks')
      .set({ log_type: logType, salesforce_object_type: 'Lead', owner_id: owner })
      .where('id', '=', webhook.id)
      .execute();
    return webhook;
  }

  const sentTo = (email: string, fixture = 'smartlead.email-sent') => ({
    ...(payloadAt(fixtureById(fixture)!, new Date()) as object),
    to_email: email,
    sl_lead_email: email,
  });

  it('a Salesforce Task (the Lead created in the same call): one Lead, one Task, carrying the event’s key', async () => {
    const webhook = await salesforceWebhook(1);
    const email = 'ada.sf.crash@crashes.example';
    // a new lead's first composite call creates the Lead and upserts its Task
    await crashWhileCreating(webhook.code, sentTo(email), 'Task', salesforceComposite(1));
    const state = await sandboxState<SalesforceInspect>(sandbox, 'salesforce');
    const leads = state.leads.filter((lead) => lead.Email === email);
    expect(leads).toHaveLength(1);
    const tasks = state.tasks.filter((task) => task.WhoId === leads[0]!.Id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.os_event_id__c).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);

  it('a Salesforce EmailMessage (on a Lead created first): one EmailMessage, linked once', async () => {
    const webhook = await salesforceWebhook(0);
    const email = 'grace.sf.crash@crashes.example';
    // a new lead: the Lead in the first composite call, its EmailMessage and link in the second
    await crashWhileCreating(webhook.code, sentTo(email), 'EmailMessage', salesforceComposite(2));
    const state = await sandboxState<SalesforceInspect>(sandbox, 'salesforce');
    const leads = state.leads.filter((lead) => lead.Email === email);
    expect(leads).toHaveLength(1);
    const links = state.emailMessageRelations.filter((link) => link.RelationId === leads[0]!.Id);
    expect(links).toHaveLength(1);
    const emails = state.emailMessages.filter((message) => message.Id === links[0]!.EmailMessageId);
    expect(emails).toHaveLength(1);
    expect(
      state.emailMessages.filter((message) => message.os_event_id__c === emails[0]!.os_event_id__c),
    ).toHaveLength(1);
  }, 120_000);

  it('a Salesforce EmailMessage whose run again is cut off too: linked once', async () => {
    const webhook = await salesforceWebhook(0);
    const email = 'lin.sf.crash@crashes.example';
    // the first run dies once the email and its link are made; the second once it wrote them again
    await crashWhileCreating(
      webhook.code,
      sentTo(email),
      'EmailMessage',
      salesforceComposite(2),
      salesforceComposite(1),
    );
    const state = await sandboxState<SalesforceInspect>(sandbox, 'salesforce');
    const leads = state.leads.filter((lead) => lead.Email === email);
    expect(leads).toHaveLength(1);
    const links = state.emailMessageRelations.filter((link) => link.RelationId === leads[0]!.Id);
    expect(links).toHaveLength(1);
    expect(
      state.emailMessages.filter((message) => message.Id === links[0]!.EmailMessageId),
    ).toHaveLength(1);
  }, 180_000);
  /** The contact's update: one PATCH, or a batch update. */
  const contactUpdate = (method: string, path: string): boolean =>
    (method === 'PATCH' && /^\/hubspot\/crm\/v3\/objects\/contacts\/\d+$/.test(path)) ||
    (method === 'POST' && path === '/hubspot/crm/v3/objects/contacts/batch/update');

  it('an open whose contact update landed, its answer lost: the run again counts it once', async () => {
    const webhook = await insertWebhookRow(t.app, 'admin', { profileId });
    await t.app.db
      .updateTable('webhooks')
      .set({ create_contact_custom_properties: 1 })
      .where('id', '=', webhook.id)
      .execute();
    const email = 'ada.opens@counted-once.example';
    // a contact a salesperson made: the writer remembers nothing of it, so each run reads it
    const profile = (await findUserProfile(t.app.db, profileId))!;
    await withHubSpot(t.app.deps, profile, (connection) =>
      createHubSpotRecord(connection, 'contacts', { email }),
    );
    const open = sentTo(email, 'smartlead.email-open');
    await crashWhileCreating(webhook.code, open, 'contact update', contactUpdate);
    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const contacts = state.contacts.filter((contact) => contact.properties.email === email);
    expect(contacts.map((contact) => contact.properties.os_open_count)).toEqual(['1']);
    expect(contacts[0]!.properties.os_counted_event).toMatch(
      new RegExp(`^${webhook.id}:smartlead:`),
    );
  }, 120_000);

  it('a Salesforce open whose Lead update landed, its answer lost: the run again counts it once', async () => {
    const webhook = await salesforceWebhook(1);
    await t.app.db
      .updateTable('webhooks')
      .set({ salesforce_custom_field_objects: '["Lead"]' })
      .where('id', '=', webhook.id)
      .execute();
    const email = 'grace.opens@counted-once.example';
    await crashWhileCreating(webhook.code, sentTo(email), 'Lead');
    // the open's one composite call raises os_open_count__c on the Lead
    await crashWhileCreating(
      webhook.code,
      sentTo(email, 'smartlead.email-open'),
      'Lead update',
      salesforceComposite(1),
    );
    const salesforceProfile = (await findUserProfile(t.app.db, salesforceProfileId))!;
    const lead = (fields: string) =>
      withFreshToken(t.app.deps, salesforceProfile, (connection) =>
        querySalesforce(
          connection,
          'test',
          `SELECT ${fields} FROM Lead WHERE Email = '${email}'`,
          z.record(z.string(), z.unknown()),
        ),
      );
    expect((await lead('os_open_count__c')).map((row) => Number(row.os_open_count__c))).toEqual([
      1,
    ]);
    expect((await lead('os_counted_event__c'))[0]!.os_counted_event__c).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);
});
