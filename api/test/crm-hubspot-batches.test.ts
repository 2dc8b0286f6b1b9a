import { fixtureById, normaliseEvent, type InternalEvent } from 'shared/events';
import { HubSpotRefusal } from '../src/adapters/hubspot/writes.js';
import { writeEventToCrm } from '../src/crm-writers/index.js';
import { writeHubSpotEngagement } from '../src/crm-writers/hubspot-engagement.js';
import type { HubspotEngagementOperation } from '../src/crm-writers/hubspot-plan.js';
import { startHubSpotRun } from '../src/crm-writers/hubspot-run.js';
import type { Deps } from '../src/deps.js';
import { hubspotSlots } from '../src/providers/hubspot-limits.js';
import { paceOf } from '../src/providers/pacing.js';
import { reserveRateSlot } from '../src/repositories/rate-limit-pacing.js';
import { findUserProfile, type UserProfileRecord } from '../src/repositories/user-profiles.js';
import { fakeClock } from './helpers/fake-clock.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState, type SandboxRequest } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { writerSettings } from './helpers/writer-settings.js';

/**
 * Issue 55: the HubSpot calls of several events waiting together for the account's rate limit go as
 * one call of HubSpot's batch API (at most 100 inputs), each event's step saying which call carried it;
 * an input HubSpot refuses is retried alone, and the event's key keeps a re-run from writing twice.
 */

interface HubSpotObject {
  id: string;
  properties: Record<string, string | null>;
}
interface HubSpotInspect {
  contacts: HubSpotObject[];
  emails: HubSpotObject[];
  associations: { fromType: string; fromId: string; toType: string; toId: string }[];
}

const settings = writerSettings();

function eventTo(id: string, email: string): InternalEvent {
  const fixture = fixtureById(id)!;
  const payload = {
    ...(fixture.payload as Record<string, unknown>),
    to_email: email,
    sl_lead_email: email,
  };
  const result = normaliseEvent(fixture.platform, payload);
  if (!result.ok) throw new Error(result.problem.message);
  return result.event;
}

const sentEmail = (subject: string): HubspotEngagementOperation => ({
  kind: 'engagement',
  objectType: 'emails',
  associateCompany: false,
  properties: {
    hs_timestamp: '2026-03-02T09:00:00.000Z',
    hs_email_direction: 'EMAIL',
    hs_email_status: 'SENT',
    hs_email_subject: subject,
  },
});

describe('HubSpot batch calls of events waiting together', () => {
  const clock = fakeClock(new Date());
  let sandbox: RunningSandbox;
  let t: TestApp;
  let deps: Deps;
  let profile: UserProfileRecord;
  let contactId: string;

  const state = () => sandboxState<HubSpotInspect>(sandbox, 'hubspot');
  const requests = async () =>
    (
      await sandbox.app.inject({
        method: 'GET',
        url: '/_sandbox/requests?provider=hubspot&limit=100000',
      })
    ).json<{ requests: (SandboxRequest & { seq: number })[] }>().requests;
  /** The sandbox's HubSpot requests after the one numbered `before`, oldest first. */
  const requestsSince = async (before: number) =>
    (await requests()).filter((request) => request.seq > before).reverse();
  const requestCount = async () => (await requests())[0]?.seq ?? 0;
  /** Engagements of the contact, written together as events of one account would be. */
  const writeTogether = (writes: { subject: string; key: string }[]) =>
    Promise.allSettled(
      writes.map(({ subject, key }) => {
        const run = startHubSpotRun(deps, profile);
        run.contactId = contactId;
        return writeHubSpotEngagement(run, sentEmail(subject), key);
      }),
    );
  const emailsKeyed = async (prefix: string) =>
    (await state()).emails.filter((email) => email.properties.os_event_id?.startsWith(prefix));

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '5000' }, { clock });
    deps = t.app.deps;
    const profileId = await connectHubSpot(t.app, sandbox.url, 'user');
    profile = (await findUserProfile(t.app.db, profileId))!;
    // the lead's contact, and the os_ properties of contacts and emails made once
    // the properties are made one call each at one instant of the fake clock: past the pacing's longest
    // wait, the write is run again (it is idempotent) once the clock has moved on
    let first = { steps: [{ ok: false }] };
    for (let attempt = 0; attempt < 3 && !first.steps.every((step) => step.ok); attempt++) {
      first = await writeEventToCrm(deps, {
        webhook: settings,
        profile,
        event: eventTo('smartlead.email-sent', 'batch.lead@batches.example'),
        eventKey: 'batches:first',
      }).catch(() => first);
      clock.advance(60_000);
    }
    expect(first.steps.every((step) => step.ok)).toBe(true);
    contactId = (await state()).contacts.find(
      (contact) => contact.properties.email === 'batch.lead@batches.example',
    )!.id;
    clock.advance(60_000);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  // each test's calls get turns of the rate limit of their own
  afterEach(() => clock.advance(60_000));

  it('150 engagements waiting together: two batch creates, of 100 and 50, each event told which call carried it', async () => {
    const before = await requestCount();
    const writes = Array.from({ length: 150 }, (_, n) => ({
      subject: `Split ${n}`,
      key: `split:${n}`,
    }));
    const results = await writeTogether(writes);
    const calls = await requestsSince(before);
    expect(calls.map((call) => `${call.method} ${call.url.replace(/\?.*$/, '')}`)).toEqual([
      'POST /hubspot/crm/v3/objects/emails/batch/create',
      'POST /hubspot/crm/v3/objects/emails/batch/create',
    ]);
    const sizes = calls.map((call) => (call.body as { inputs: unknown[] }).inputs.length);
    expect(sizes).toEqual([100, 50]);
    const details = results.map((result) =>
      result.status === 'fulfilled' ? result.value.detail : String(result.reason),
    );
    expect(
      details.filter((detail) => detail?.endsWith('in one batch call of 100 events')),
    ).toHaveLength(100);
    expect(
      details.filter((detail) => detail?.endsWith('in one batch call of 50 events')),
    ).toHaveLength(50);
    const emails = await emailsKeyed('split:');
    expect(emails).toHaveLength(150);
    const linked = (await state()).associations.filter(
      (link) =>
        link.fromType === 'emails' &&
        link.toId === contactId &&
        emails.some((email) => email.id === link.fromId),
    );
    expect(linked).toHaveLength(150);
  });

  it('a partial failure: the inputs HubSpot refused in the batch are retried one by one, each event ending as its own call would', async () => {
    await writeTogether([{ subject: 'Earlier run', key: 'partial:earlier' }]);
    clock.advance(10_000);
    const before = await requestCount();
    const bad = {
      ...sentEmail('Refused'),
      properties: { ...sentEmail('Refused').properties, no_such_property: 'x' },
    };
    const run = (key: string, operation = sentEmail(key)) => {
      const one = startHubSpotRun(deps, profile);
      one.contactId = contactId;
      return writeHubSpotEngagement(one, operation, key);
    };
    const [fresh, again, refused] = await Promise.allSettled([
      run('partial:fresh'),
      run('partial:earlier'),
      run('partial:refused', bad),
    ]);
    const calls = (await requestsSince(before)).map(
      (call) => `${call.method} ${call.url.replace(/\?.*$/, '')}`,
    );
    expect(calls[0]).toBe('POST /hubspot/crm/v3/objects/emails/batch/create');
    // each refused input alone: the one whose key an earlier run used is then read by that key
    expect(
      calls.slice(1).filter((call) => call === 'POST /hubspot/crm/v3/objects/emails'),
    ).toHaveLength(2);
    expect(fresh).toMatchObject({
      status: 'fulfilled',
      value: {
        ok: true,
        detail: expect.stringMatching(
          /^created \d+ on contact \d+, in one batch call of 3 events$/,
        ),
      },
    });
    expect(again).toMatchObject({
      status: 'fulfilled',
      value: {
        ok: true,
        detail: expect.stringContaining(
          'was made by an earlier run of this event: not written twice',
        ),
      },
    });
    expect(refused.status).toBe('rejected');
    const reason = (refused as PromiseRejectedResult).reason as unknown;
    expect(reason).toBeInstanceOf(HubSpotRefusal);
    expect((reason as HubSpotRefusal).message).toContain('no_such_property');
    expect(
      (await emailsKeyed('partial:')).map((email) => email.properties.os_event_id).sort(),
    ).toEqual(['partial:earlier', 'partial:fresh']);
  });

  it('a batch run again after a crash writes nothing twice: every event finds the engagement its first run made', async () => {
    const writes = Array.from({ length: 5 }, (_, n) => ({
      subject: `Crash ${n}`,
      key: `crash:${n}`,
    }));
    const first = await writeTogether(writes);
    expect(first.every((result) => result.status === 'fulfilled')).toBe(true);
    clock.advance(10_000);
    const again = await writeTogether(writes);
    expect(
      again.map((result) =>
        result.status === 'fulfilled' ? result.value.detail : String(result.reason),
      ),
    ).toEqual(
      writes.map(() =>
        expect.stringContaining('was made by an earlier run of this event: not written twice'),
      ),
    );
    expect(await emailsKeyed('crash:')).toHaveLength(5);
  });

  it('opens of several known leads waiting together: one batch update, each contact counted up once', async () => {
    const leads = ['open.a@batches.example', 'open.b@batches.example', 'open.c@batches.example'];
    for (const [n, email] of leads.entries()) {
      await writeEventToCrm(deps, {
        webhook: settings,
        profile,
        event: eventTo('smartlead.email-sent', email),
        eventKey: `opens:sent:${n}`,
      });
      clock.advance(1_000);
    }
    clock.advance(10_000);
    // the account's next turn a second away, as in a backlog: the opens wait for it together
    for (const { key, rule } of hubspotSlots(profile.organizationId, 'request'))
      for (let n = 0; n < 10; n++)
        await reserveRateSlot(deps.db, key, paceOf(rule), clock.now().getTime(), 2_000);
    const before = await requestCount();
    const results = await Promise.all(
      leads.map((email, n) =>
        writeEventToCrm(deps, {
          webhook: settings,
          profile,
          event: eventTo('smartlead.email-open', email),
          eventKey: `opens:open:${n}`,
        }),
      ),
    );
    const calls = (await requestsSince(before)).filter(
      (call) => !call.url.includes('/properties/'),
    );
    expect(calls.map((call) => `${call.method} ${call.url.replace(/\?.*$/, '')}`)).toEqual([
      'POST /hubspot/crm/v3/objects/contacts/batch/update',
    ]);
    expect(
      results.map((result) => result.steps.find((step) => step.name === 'contact')!.detail),
    ).toEqual(
      leads.map(() =>
        expect.stringMatching(/^updated \d+ \(by email, remembered; one batch call of 3 events\)$/),
      ),
    );
    const contacts = (await state()).contacts.filter((contact) =>
      leads.includes(contact.properties.email!),
    );
    expect(contacts.map((contact) => contact.properties.os_open_count)).toEqual(['1', '1', '1']);
  });
});
