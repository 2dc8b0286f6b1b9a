import { blockList, salesforceList, salesforceListField, type BlockList } from 'shared/contract';
import { startBlockListSyncApp, type BlockListSyncApp } from './helpers/block-list-sync-app.js';
import { connectSalesforce } from './helpers/fixtures.js';
import { insertApiKey } from './helpers/rows.js';
import { resetSandbox, sandboxState } from './helpers/sandbox-control.js';
import { call, json } from './helpers/test-app.js';

interface SandboxLead {
  Email: string | null;
  Website: string | null;
  HasOptedOutOfEmail: boolean;
}

/**
 * The engine on Salesforce block lists, against the sandbox's org: a list view's records and a report's
 * rows, found and chosen through the api as the block list form does, pushed to a platform.
 */
describe('block-list sync engine on Salesforce', () => {
  let app: BlockListSyncApp;
  let profileId: number;
  let keys: { smartlead: number; instantly: number };

  beforeAll(async () => {
    app = await startBlockListSyncApp();
    ({ profileId } = await connectSalesforce(app.t.app, app.sandbox.url, 'user'));
    keys = {
      smartlead: await insertApiKey(app.t.app, profileId, 'smartlead'),
      instantly: await insertApiKey(app.t.app, profileId, 'instantly'),
    };
  }, 60_000);

  afterAll(() => app?.close());

  beforeEach(async () => {
    for (const provider of ['smartlead', 'instantly'] as const)
      await resetSandbox(app.sandbox, provider);
    await app.t.app.db.deleteFrom('block_lists').execute();
    await app.drain();
  });

  const inject = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.t.app.inject(call(method, url, app.cookie, body));

  /** The org's list views and reports, as the form's "Select list" shows them. */
  async function salesforceListNamed(type: 'ListView' | 'Report', name: string) {
    const response = await inject('GET', `/api/admin/salesforce/user-profiles/${profileId}/lists`);
    expect(response.statusCode).toBe(200);
    const found = salesforceList
      .array()
      .parse(json(response))
      .find((list) => list.type === type && list.Name === name);
    expect(found).toBeDefined();
    return found!;
  }

  async function create(body: Record<string, unknown>): Promise<BlockList> {
    const response = await inject('POST', '/api/admin/salesforce/blocked-lists', {
      crm: 'SALESFORCE',
      userProfileId: profileId,
      blockType: 'ADDRESS',
      client: null,
      useDomainForNonLatin: false,
      ...body,
    });
    expect(response.statusCode).toBe(200);
    return blockList.parse(json(response));
  }

  async function shown(id: number): Promise<BlockList> {
    const lists = blockList
      .array()
      .parse(json(await inject('GET', '/api/admin/dashboard/smartlead/blocked-lists')));
    return lists.find((list) => list.id === id)!;
  }

  /** The sandbox org's leads that opted out of email: what its "Do Not Contact Leads" view and "Do-not-contact leads" report hold. */
  const optedOutLeads = async () =>
    (await sandboxState<{ leads: SandboxLead[] }>(app.sandbox, 'salesforce')).leads.filter(
      (lead) => lead.HasOptedOutOfEmail,
    );

  it('a list view: the emails of its records go to Smartlead, SYNCED with their count', async () => {
    const view = await salesforceListNamed('ListView', 'Do Not Contact Leads');
    const created = await create({
      listIdentifier: view.Id,
      listName: view.Name,
      apiKeyId: keys.smartlead,
      fields: ['Email'],
    });
    expect(await app.drain()).toBe(1);

    const expected = (await optedOutLeads()).flatMap((lead) =>
      lead.Email ? [lead.Email.toLowerCase()] : [],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await shown(created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: expected.length,
      countItemsNotSynced: 0,
      lastError: null,
    });
    const entries = (
      await sandboxState<{ blockList: { email_or_domain: string; source: string }[] }>(
        app.sandbox,
        'smartlead',
      )
    ).blockList.filter((entry) => entry.source === 'API');
    expect(entries.map((entry) => entry.email_or_domain).sort()).toEqual([...expected].sort());
  }, 60_000);

  it('a report: the domains of its rows’ website column go to Instantly', async () => {
    const report = await salesforceListNamed('Report', 'Do-not-contact leads');
    const fields = await inject(
      'GET',
      `/api/admin/salesforce/profiles/${profileId}/reports/${report.Id}/fields`,
    );
    expect(fields.statusCode).toBe(200);
    const website = salesforceListField
      .array()
      .parse(json(fields))
      .find((field) => field.label === 'Website');
    expect(website).toBeDefined();
    const created = await create({
      listIdentifier: report.Id,
      listName: report.Name,
      apiKeyId: keys.instantly,
      blockType: 'DOMAIN',
      fields: [website!.name],
    });
    expect(await app.drain()).toBe(1);

    // "https://www.northwind.example" → "northwind.example"
    const expected = [
      ...new Set(
        (await optedOutLeads()).flatMap((lead) =>
          lead.Website ? [new URL(lead.Website).hostname.replace(/^www\./, '')] : [],
        ),
      ),
    ];
    expect(expected.length).toBeGreaterThan(0);
    expect(await shown(created.id)).toMatchObject({
      status: 'SYNCED',
      countItemsSynced: expected.length,
      lastError: null,
    });
    const values = (
      await sandboxState<{ blockList: { bl_value: string }[] }>(app.sandbox, 'instantly')
    ).blockList.map((entry) => entry.bl_value);
    expect(values).toEqual(expect.arrayContaining(expected));
  }, 60_000);
});
