import { bearer, hubspotTokens, makeSandbox, salesforceTokens } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

/** The routes the per-provider suites leave out. */
describe('Remaining routes', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  it('HubSpot: lists objects page by page, reads and creates property groups, batch-associates', async () => {
    const auth = bearer((await hubspotTokens(app)).access_token);
    const page = (
      await app.inject({
        method: 'GET',
        url: '/hubspot/crm/v3/objects/companies?limit=4&properties=domain',
        headers: auth,
      })
    ).json();
    expect(page.results).toHaveLength(4);
    expect(page.results[0].properties).toEqual({ domain: 'northwind.example' });
    const next = (
      await app.inject({
        method: 'GET',
        url: `/hubspot/crm/v3/objects/companies?limit=4&after=${page.paging.next.after}`,
        headers: auth,
      })
    ).json();
    expect(next.results[0].id).toBe('2005');
    const groups = (
      await app.inject({
        method: 'GET',
        url: '/hubspot/crm/v3/properties/contacts/groups',
        headers: auth,
      })
    ).json().results;
    expect(groups.map((group: { name: string }) => group.name)).toContain('os_sync');
    const created = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/properties/contacts/groups',
      headers: auth,
      payload: { name: 'crm_sync_extra', label: 'CRM Sync extra' },
    });
    expect(created.statusCode).toBe(201);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/hubspot/crm/v3/properties/contacts/groups',
          headers: auth,
          payload: { name: 'crm_sync_extra', label: 'again' },
        })
      ).statusCode,
    ).toBe(409);
    const batch = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v4/associations/contacts/companies/batch/associate/default',
      headers: auth,
      payload: { inputs: [{ from: { id: '1003' }, to: { id: '2010' } }] },
    });
    expect(batch.statusCode).toBe(201);
    expect(batch.json().results[0].associationSpec.associationTypeId).toBe(279);
    const labelled = await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v4/associations/contacts/companies/batch/create',
      headers: auth,
      payload: {
        inputs: [
          {
            from: { id: '1004' },
            to: { id: '2010' },
            types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 }],
          },
        ],
      },
    });
    expect(labelled.statusCode).toBe(201);
    const companyContacts = (
      await app.inject({
        method: 'GET',
        url: '/hubspot/crm/v4/objects/companies/2010/associations/contacts',
        headers: auth,
      })
    )
      .json()
      .results.map((result: { toObjectId: number }) => result.toObjectId);
    expect(companyContacts).toEqual(expect.arrayContaining([1003, 1004]));
    const withAssociations = (
      await app.inject({
        method: 'GET',
        url: '/hubspot/crm/v3/objects/contacts/1003?associations=companies',
        headers: auth,
      })
    ).json();
    expect(
      withAssociations.associations.companies.results.map((result: { id: string }) => result.id),
    ).toEqual(expect.arrayContaining(['2003', '2010']));
  });

  it('Instantly: reads one lead label', async () => {
    const labels = (
      await app.inject({
        method: 'GET',
        url: '/instantly/api/v2/lead-labels?limit=1',
        headers: bearer('in-valid-key'),
      })
    ).json();
    expect(labels.next_starting_after).toBe(labels.items[0].id);
    const one = await app.inject({
      method: 'GET',
      url: `/instantly/api/v2/lead-labels/${labels.items[0].id}`,
      headers: bearer('in-valid-key'),
    });
    expect(one.json().label).toBe('Hot Lead');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/instantly/api/v2/lead-labels/nope',
          headers: bearer('in-valid-key'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('Salesforce: one list view, queryAll, a whole record, a report run by POST, the resources of a version', async () => {
    const auth = bearer((await salesforceTokens(app)).access_token);
    const base = '/salesforce/services/data/v60.0';
    const views = (
      await app.inject({ method: 'GET', url: `${base}/sobjects/Contact/listviews`, headers: auth })
    ).json().listviews;
    const view = (
      await app.inject({
        method: 'GET',
        url: `${base}/sobjects/Contact/listviews/${views[0].id}`,
        headers: auth,
      })
    ).json();
    expect(view).toMatchObject({ label: 'All Contacts', developerName: 'AllContacts' });
    const all = (
      await app.inject({
        method: 'GET',
        url: `${base}/queryAll?q=${encodeURIComponent('SELECT Id FROM Contact')}`,
        headers: auth,
      })
    ).json();
    expect(all.totalSize).toBe(15);
    const record = (
      await app.inject({
        method: 'GET',
        url: `${base}/sobjects/Contact/${all.records[0].Id}`,
        headers: auth,
      })
    ).json();
    expect(record).toMatchObject({
      attributes: { type: 'Contact' },
      Id: all.records[0].Id,
      LastName: expect.any(String),
      Email: expect.stringMatching(/@/),
    });
    const reports = (
      await app.inject({ method: 'GET', url: `${base}/analytics/reports`, headers: auth })
    ).json();
    const run = (
      await app.inject({
        method: 'POST',
        url: `${base}/analytics/reports/${reports[1].id}`,
        headers: auth,
        payload: {},
      })
    ).json();
    expect(run.factMap['T!T'].rows).toHaveLength(15);
    expect((await app.inject({ method: 'GET', url: base, headers: auth })).json()).toMatchObject({
      query: `/services/data/v60.0/query`,
    });
  });
});
