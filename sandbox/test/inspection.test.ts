import {
  bearer,
  form,
  hubspotClient,
  hubspotTokens,
  makeSandbox,
  salesforceTokens,
} from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('Inspection API, page and reset', () => {
  let app: App;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  async function writeSomething() {
    const hubspot = bearer((await hubspotTokens(app)).access_token);
    await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts',
      headers: hubspot,
      payload: { properties: { email: 'inspected@acme.example', firstname: 'Inspected' } },
    });
    await app.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/tasks',
      headers: hubspot,
      payload: {
        properties: { hs_timestamp: '2025-06-01T12:00:00.000Z', hs_task_subject: 'Inspect me' },
        associations: [{ to: { id: '1001' }, types: [{ associationTypeId: 204 }] }],
      },
    });
    const salesforce = bearer((await salesforceTokens(app)).access_token);
    await app.inject({
      method: 'POST',
      url: '/salesforce/services/data/v60.0/sobjects/Lead',
      headers: salesforce,
      payload: { LastName: 'Inspected', Company: 'Acme', Email: 'lead@acme.example' },
    });
    await app.inject({
      method: 'POST',
      url: '/smartlead/api/v1/leads/add-domain-block-list?api_key=sl-valid-key',
      payload: { domain_block_list: ['inspected.example'] },
    });
    await app.inject({
      method: 'POST',
      url: '/instantly/api/v2/block-lists-entries',
      headers: bearer('in-valid-key'),
      payload: { bl_value: 'inspected.example' },
    });
    await app.inject({
      method: 'POST',
      url: '/emailbison/api/blacklisted-domains',
      headers: bearer('eb-valid-key'),
      payload: { domain: 'inspected.example' },
    });
    await app.inject({
      method: 'POST',
      url: '/heyreach/api/public/list/AddLeadsToListV2',
      headers: { 'x-api-key': 'hr-valid-key' },
      payload: { listId: 51001, leads: [{ profileUrl: 'https://www.linkedin.com/in/inspected' }] },
    });
  }

  it('shows what each provider holds now', async () => {
    await writeSomething();
    const hubspot = (await app.inject({ method: 'GET', url: '/_sandbox/state/hubspot' })).json();
    expect(
      hubspot.contacts.find(
        (contact: { properties: { email: string } }) =>
          contact.properties.email === 'inspected@acme.example',
      ),
    ).toMatchObject({ origin: 'api' });
    expect(hubspot.generatedContacts).toBe(10000);
    expect(hubspot.tasks[0].properties.hs_task_subject).toBe('Inspect me');
    expect(hubspot.writes.map((write: { action: string }) => write.action)).toEqual([
      'create',
      'create',
      'associate',
    ]);
    const salesforce = (
      await app.inject({ method: 'GET', url: '/_sandbox/state/salesforce' })
    ).json();
    expect(
      salesforce.leads.find((lead: { Email: string }) => lead.Email === 'lead@acme.example'),
    ).toMatchObject({ LastName: 'Inspected' });
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/smartlead' }))
        .json()
        .blockList.map((entry: { email_or_domain: string }) => entry.email_or_domain),
    ).toContain('inspected.example');
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/instantly' }))
        .json()
        .blockList.map((entry: { bl_value: string }) => entry.bl_value),
    ).toContain('inspected.example');
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/emailbison' }))
        .json()
        .blacklistedDomains.map((entry: { domain: string }) => entry.domain),
    ).toContain('inspected.example');
    const heyreach = (await app.inject({ method: 'GET', url: '/_sandbox/state/heyreach' })).json();
    expect(
      heyreach.lists[0].leads.map((lead: { profileUrl: string }) => lead.profileUrl),
    ).toContain('https://www.linkedin.com/in/inspected');
    expect((await app.inject({ method: 'GET', url: '/_sandbox/state/pipedrive' })).statusCode).toBe(
      404,
    );
    const summary = (await app.inject({ method: 'GET', url: '/_sandbox/state' })).json();
    expect(Object.keys(summary.providers)).toEqual([
      'hubspot',
      'salesforce',
      'smartlead',
      'instantly',
      'emailbison',
      'heyreach',
      'catcher',
    ]);
  });

  it('shows what each provider received, newest first, with credentials masked', async () => {
    await app.inject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      ...form({ ...hubspotClient, grant_type: 'authorization_code', code: 'secret-code-value' }),
    });
    await app.inject({ method: 'GET', url: '/smartlead/api/v1/nothing-here?api_key=sl-valid-key' });
    const hubspot = (
      await app.inject({ method: 'GET', url: '/_sandbox/requests?provider=hubspot' })
    ).json().requests;
    expect(hubspot[0]).toMatchObject({
      method: 'POST',
      url: '/hubspot/oauth/v1/token',
      status: 400,
      body: {
        grant_type: 'authorization_code',
        client_id: hubspotClient.client_id,
        client_secret: 'sand…',
        code: 'secr…',
      },
    });
    const smartlead = (
      await app.inject({ method: 'GET', url: '/_sandbox/requests?provider=smartlead&limit=1' })
    ).json().requests;
    expect(smartlead).toEqual([
      expect.objectContaining({ status: 404, url: '/smartlead/api/v1/nothing-here?api_key=sl-v…' }),
    ]);
    const all = (await app.inject({ method: 'GET', url: '/_sandbox/requests' })).json().requests;
    expect(all.map((request: { provider: string }) => request.provider)).toEqual(
      expect.arrayContaining(['hubspot', 'smartlead']),
    );
  });

  it('serves a plain HTML page with every provider, its credentials and what it received and holds', async () => {
    await writeSomething();
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      'HubSpot',
      'Salesforce',
      'Smartlead',
      'Instantly',
      'EmailBison',
      'HeyReach',
      'sandbox-hubspot-client-id',
      'sandbox-consumer-key',
      'sl-valid-key',
      'in-valid-key',
      'eb-valid-key',
      'hr-valid-key',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain('inspected@acme.example');
    expect(page.body).toContain('Inspect me');
    expect(page.body).toContain('lead@acme.example');
    expect(page.body).toContain('https://www.linkedin.com/in/inspected');
    expect(page.body).toContain('Scale test: 10,000 contacts');
    // its icon is in the page: a browser asks for no /favicon.ico, which the sandbox does not serve
    expect(page.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]+">/);
  });

  it('resets everything to the seeded state: data, tokens, logs, faults', async () => {
    await writeSomething();
    const token = (await hubspotTokens(app)).access_token;
    await app.inject({
      method: 'POST',
      url: '/_sandbox/faults',
      payload: { provider: 'instantly', type: '500', count: 3 },
    });
    const reset = await app.inject({ method: 'POST', url: '/_sandbox/reset' });
    expect(reset.json()).toEqual({
      reset: [
        'hubspot',
        'salesforce',
        'smartlead',
        'instantly',
        'emailbison',
        'heyreach',
        'catcher',
      ],
    });
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/requests' })).json().requests,
    ).toEqual([]);
    const hubspot = (await app.inject({ method: 'GET', url: '/_sandbox/state/hubspot' })).json();
    expect(hubspot.contacts).toHaveLength(50);
    expect(hubspot.writes).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/hubspot/crm/v3/owners', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/smartlead' })).json().blockList,
    ).toHaveLength(3);
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/salesforce' })).json().leads,
    ).toHaveLength(20);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/faults' })).json().faults).toEqual(
      [],
    );
  });

  it('resets one provider only', async () => {
    await writeSomething();
    await app.inject({
      method: 'POST',
      url: '/_sandbox/reset',
      payload: { provider: 'smartlead' },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/smartlead' })).json().blockList,
    ).toHaveLength(3);
    expect(
      (await app.inject({ method: 'GET', url: '/_sandbox/state/instantly' })).json().blockList,
    ).toHaveLength(4);
    expect(
      (await app.inject({ method: 'POST', url: '/_sandbox/reset', payload: { provider: 'nope' } }))
        .statusCode,
    ).toBe(400);
  });

  it('answers health', async () => {
    expect((await app.inject({ method: 'GET', url: '/_sandbox/health' })).json()).toEqual({
      status: 'ok',
      providers: [
        'hubspot',
        'salesforce',
        'smartlead',
        'instantly',
        'emailbison',
        'heyreach',
        'catcher',
      ],
    });
  });
});
