import { fixtureById, normaliseEvent, payloadAt, type InternalEvent } from 'shared/events';
import { HUBSPOT_COMPANY_KEY_PROPERTY } from '../src/crm-writers/hubspot-company.js';
import { writeEventToCrm } from '../src/crm-writers/index.js';
import { findUserProfile } from '../src/repositories/user-profiles.js';
import { connectHubSpot } from './helpers/fixtures.js';
import { webhookSettings } from './helpers/pipeline.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import { sandboxState } from './helpers/sandbox-control.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** "Create or update company" while HubSpot's search is a minute behind its writes (SANDBOX_HUBSPOT_SEARCH_LAG_MS). */

interface HubSpotInspect {
  companies: { id: string; properties: Record<string, string | null> }[];
  associations: { fromType: string; fromId: string; toType: string; toId: string }[];
  contacts: { id: string; properties: Record<string, string | null> }[];
}

const sentTo = (email: string): InternalEvent => {
  const result = normaliseEvent('smartlead', {
    ...payloadAt(fixtureById('smartlead.email-sent')!, new Date()),
    to_email: email,
    sl_lead_email: email,
  });
  if (!result.ok) throw new Error(result.problem.message);
  return result.event;
};

describe('the company of a domain, with HubSpot search lagging', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ SANDBOX_HUBSPOT_SEARCH_LAG_MS: '60000' });
    t = await createTestApp({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('is created once: the next events at that domain (a retry, another lead) find the company the writer remembers, before search can', async () => {
    const profile = (await findUserProfile(
      t.app.db,
      await connectHubSpot(t.app, sandbox.url, 'user'),
    ))!;
    const write = (event: InternalEvent) =>
      writeEventToCrm(t.app.deps, {
        webhook: webhookSettings({ createOrUpdateCompany: true }),
        profile,
        event,
        eventKey: event.dedupeKey,
      });
    const first = await write(sentTo('ann@lagging.example'));
    expect(first.steps.find((step) => step.name === 'company')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^created \d+/),
    });
    const again = await write(sentTo('ann@lagging.example'));
    const colleague = await write(sentTo('bob@lagging.example'));
    for (const result of [again, colleague])
      expect(result.steps.find((step) => step.name === 'company')).toMatchObject({
        ok: true,
        detail: expect.stringContaining('(by domain, remembered)'),
      });

    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    const companies = state.companies.filter(
      (company) => company.properties.domain === 'lagging.example',
    );
    expect(companies).toHaveLength(1);
    const contacts = state.contacts.filter((contact) =>
      contact.properties.email?.endsWith('@lagging.example'),
    );
    for (const contact of contacts) {
      expect(state.associations).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            fromType: 'contacts',
            fromId: contact.id,
            toType: 'companies',
            toId: companies[0]!.id,
          }),
        ]),
      );
    }
  });

  it('is created once when nothing remembers it (another process, two leads at once): HubSpot refuses a second with its domain in os_company_domain', async () => {
    const profile = (await findUserProfile(
      t.app.db,
      await connectHubSpot(t.app, sandbox.url, 'admin'),
    ))!;
    const write = (event: InternalEvent) =>
      writeEventToCrm(t.app.deps, {
        webhook: webhookSettings({ createOrUpdateCompany: true }),
        profile,
        event,
        eventKey: event.dedupeKey,
      });
    const first = await write(sentTo('ann@unremembered.example'));
    const made = /^created (\d+)/.exec(
      first.steps.find((step) => step.name === 'company')?.detail ?? '',
    );
    expect(made).not.toBeNull();
    // what another process knows: not this one's memo, and search is a minute behind
    await t.app.db.deleteFrom('crm_record_memos').execute();
    const colleague = await write(sentTo('bob@unremembered.example'));
    expect(colleague.steps.find((step) => step.name === 'company')).toMatchObject({
      ok: true,
      detail: expect.stringContaining(
        `found ${made![1]} (by ${HUBSPOT_COMPANY_KEY_PROPERTY}: made by an earlier write for this domain)`,
      ),
    });
    const state = await sandboxState<HubSpotInspect>(sandbox, 'hubspot');
    expect(
      state.companies.filter((company) => company.properties.domain === 'unremembered.example'),
    ).toEqual([
      expect.objectContaining({
        id: made![1],
        properties: expect.objectContaining({
          [HUBSPOT_COMPANY_KEY_PROPERTY]: 'unremembered.example',
        }),
      }),
    ]);
  });
});

describe('the company of a domain, on an account that has not given the companies schema scope', () => {
  let fresh: RunningSandbox;
  let u: TestApp;

  beforeAll(async () => {
    fresh = await startSandbox();
    u = await createTestApp({ SANDBOX_URL: fresh.url });
  });
  afterAll(async () => {
    await u?.close();
    await fresh?.close();
  });

  it('is created as before, the step saying it is not guarded', async () => {
    const profile = (await findUserProfile(
      u.app.db,
      await connectHubSpot(u.app, fresh.url, 'manager', ['crm.schemas.companies.write']),
    ))!;
    const written = await writeEventToCrm(u.app.deps, {
      webhook: webhookSettings({ createOrUpdateCompany: true }),
      profile,
      event: sentTo('cy@unguarded.example'),
      eventKey: 'unguarded',
    });
    expect(written.steps.find((step) => step.name === 'company')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(
        /^created \d+ \(not guarded against a second write: the os_company_domain property could not be made: HubSpot refused .*scope/,
      ),
    });
  });
});
