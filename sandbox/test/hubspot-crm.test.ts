import { bearer, hubspotTokens, makeSandbox } from './helpers.js';

type App = Awaited<ReturnType<typeof makeSandbox>>;

describe('HubSpot CRM', () => {
  let app: App;
  let auth: { authorization: string };
  beforeEach(async () => {
    app = await makeSandbox();
    auth = bearer((await hubspotTokens(app)).access_token);
  });
  afterEach(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url: `/hubspot${url}`, headers: auth });
  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/hubspot${url}`,
      headers: auth,
      payload: payload as object,
    });
  const patch = (url: string, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/hubspot${url}`,
      headers: auth,
      payload: payload as object,
    });
  const put = (url: string, payload?: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/hubspot${url}`,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const eq = (propertyName: string, value: string) => ({
    filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }],
  });

  it('lists owners, and finds one by email', async () => {
    const all = (await get('/crm/v3/owners')).json();
    expect(all.results).toHaveLength(4);
    expect(all.results[0]).toMatchObject({
      id: '7010001',
      email: 'sandbox.admin@crm-sync-sandbox.com',
      firstName: 'Sam',
      lastName: 'Admin',
      userId: 9100001,
      archived: false,
    });
    const one = (await get('/crm/v3/owners?email=MARIA.GARCIA@crm-sync-sandbox.com')).json();
    expect(one.results.map((owner: { id: string }) => owner.id)).toEqual(['7010002']);
    expect((await get('/crm/v3/owners/7010003')).json().lastName).toBe('Chen');
  });

  it('lists contact properties including the custom os_ ones, and creates a custom property once', async () => {
    const properties = (await get('/crm/v3/properties/contacts')).json().results;
    const names = properties.map((property: { name: string }) => property.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'email',
        'hs_linkedin_url',
        'hubspot_owner_id',
        'os_last_sent_at',
        'os_last_lead_category_name',
        'os_objectlookup_id',
      ]),
    );
    expect(
      properties.find((property: { name: string }) => property.name === 'os_last_reply_message'),
    ).toMatchObject({
      hubspotDefined: false,
      groupName: 'os_sync',
      label: 'OS Last Reply Message',
    });
    const create = await post('/crm/v3/properties/contacts', {
      name: 'os_custom_score',
      label: 'OS Custom Score',
      type: 'number',
      fieldType: 'number',
      groupName: 'os_sync',
    });
    expect(create.statusCode).toBe(201);
    const again = await post('/crm/v3/properties/contacts', {
      name: 'os_custom_score',
      label: 'OS Custom Score',
      type: 'number',
      fieldType: 'number',
      groupName: 'os_sync',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ category: 'OBJECT_ALREADY_EXISTS' });
    expect((await get('/crm/v3/properties/contacts/os_custom_score')).json().type).toBe('number');
    expect(
      (await get('/crm/v3/properties/companies'))
        .json()
        .results.map((property: { name: string }) => property.name),
    ).toContain('domain');
  });

  it('searches contacts with EQ on email (any case), hs_linkedin_url, hs_object_id and a custom property', async () => {
    const byEmail = (
      await post('/crm/v3/objects/contacts/search', {
        ...eq('email', 'OLIVIA.SMITH@northwind.example'),
        properties: ['email', 'firstname', 'hubspot_owner_id'],
      })
    ).json();
    expect(byEmail.total).toBe(1);
    expect(byEmail.results[0]).toMatchObject({
      id: '1001',
      properties: {
        email: 'olivia.smith@northwind.example',
        firstname: 'Olivia',
        hubspot_owner_id: '7010001',
      },
    });
    const byLinkedIn = (
      await post(
        '/crm/v3/objects/contacts/search',
        eq('hs_linkedin_url', 'https://www.linkedin.com/in/olivia-smith-1'),
      )
    ).json();
    expect(byLinkedIn.results.map((contact: { id: string }) => contact.id)).toEqual(['1001']);
    const byId = (await post('/crm/v3/objects/contacts/search', eq('hs_object_id', '1004'))).json();
    expect(byId.results[0].properties.hs_object_id).toBe('1004');
    const byCustom = (
      await post('/crm/v3/objects/contacts/search', eq('os_last_lead_category_name', 'Interested'))
    ).json();
    expect(byCustom.total).toBe(5);
    const nothing = (
      await post('/crm/v3/objects/contacts/search', eq('email', 'nobody@nowhere.example'))
    ).json();
    expect(nothing).toEqual({ total: 0, results: [] });
  });

  it('pages search results with after, and refuses more than 5 filter groups or limit over 200', async () => {
    const first = (
      await post('/crm/v3/objects/contacts/search', {
        filterGroups: [
          { filters: [{ propertyName: 'hs_linkedin_url', operator: 'HAS_PROPERTY' }] },
        ],
        limit: 15,
      })
    ).json();
    expect(first.total).toBe(20);
    expect(first.paging.next.after).toBe('15');
    const second = (
      await post('/crm/v3/objects/contacts/search', {
        filterGroups: [
          { filters: [{ propertyName: 'hs_linkedin_url', operator: 'HAS_PROPERTY' }] },
        ],
        limit: 15,
        after: first.paging.next.after,
      })
    ).json();
    expect(second.results).toHaveLength(5);
    expect(second.paging).toBeUndefined();
    const groups = Array.from({ length: 6 }, () => ({
      filters: [{ propertyName: 'email', operator: 'EQ', value: 'a@b.example' }],
    }));
    const tooMany = await post('/crm/v3/objects/contacts/search', { filterGroups: groups });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect((await post('/crm/v3/objects/contacts/search', { limit: 201 })).statusCode).toBe(400);
  });

  it('creates a contact (409 on a duplicate email), updates it, and reads it by id or email', async () => {
    const created = await post('/crm/v3/objects/contacts', {
      properties: {
        email: 'new.person@acme.example',
        firstname: 'New',
        lastname: 'Person',
        hs_linkedin_url: 'https://www.linkedin.com/in/new-person',
        os_number_of_opens: 2,
        hubspot_owner_id: '7010002',
      },
    });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      archived: false,
      properties: {
        email: 'new.person@acme.example',
        os_number_of_opens: '2',
        hs_object_id: contact.id,
        createdate: '2025-06-01T12:00:00.000Z',
      },
    });
    const duplicate = await post('/crm/v3/objects/contacts', {
      properties: { email: 'NEW.PERSON@acme.example' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      category: 'CONFLICT',
      message: `Contact already exists. Existing ID: ${contact.id}`,
    });

    const updated = await patch(`/crm/v3/objects/contacts/${contact.id}`, {
      properties: {
        os_last_reply_message: 'Thanks, interested!',
        lifecyclestage: 'salesqualifiedlead',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().properties).toMatchObject({
      os_last_reply_message: 'Thanks, interested!',
      email: 'new.person@acme.example',
    });
    const byEmail = (
      await get(
        '/crm/v3/objects/contacts/new.person@acme.example?idProperty=email&properties=os_last_reply_message,email',
      )
    ).json();
    expect(byEmail).toMatchObject({
      id: contact.id,
      properties: { os_last_reply_message: 'Thanks, interested!' },
    });
    expect((await get('/crm/v3/objects/contacts/999999')).statusCode).toBe(404);
    const search = (
      await post('/crm/v3/objects/contacts/search', eq('email', 'new.person@acme.example'))
    ).json();
    expect(search.total).toBe(1);
  });

  it('refuses unknown properties, invalid owners and bad options with VALIDATION_ERROR', async () => {
    const unknown = await post('/crm/v3/objects/contacts', {
      properties: { email: 'a@b.example', not_a_property: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('PROPERTY_DOESNT_EXIST');
    const owner = await post('/crm/v3/objects/contacts', {
      properties: { email: 'a@b.example', hubspot_owner_id: '123' },
    });
    expect(owner.json().message).toContain('INVALID_OWNER_ID');
    const option = await patch('/crm/v3/objects/contacts/1001', {
      properties: { lifecyclestage: 'rockstar' },
    });
    expect(option.statusCode).toBe(400);
    expect(option.json().message).toContain('INVALID_OPTION');
  });

  it('hides new records from search until the configured lag has passed', async () => {
    const lagging = await makeSandbox({
      hubspot: {
        clientId: 'sandbox-hubspot-client-id',
        clientSecret: 'sandbox-hubspot-client-secret',
        accessTokenTtlSeconds: 1800,
        searchLagMs: 2000,
      },
    });
    const headers = bearer((await hubspotTokens(lagging)).access_token);
    await lagging.inject({
      method: 'POST',
      url: '/hubspot/crm/v3/objects/contacts',
      headers,
      payload: { properties: { email: 'late@acme.example' } },
    });
    const search = () =>
      lagging.inject({
        method: 'POST',
        url: '/hubspot/crm/v3/objects/contacts/search',
        headers,
        payload: eq('email', 'late@acme.example'),
      });
    expect((await search()).json().total).toBe(0);
    lagging.clock.advance(2000);
    expect((await search()).json().total).toBe(1);
    await lagging.close();
  });

  it('batch-reads contacts and companies; unknown ids give 207 with an error', async () => {
    const read = await post('/crm/v3/objects/contacts/batch/read', {
      inputs: [{ id: '1001' }, { id: '1002' }, { id: '5000001' }],
      properties: ['email'],
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      status: 'COMPLETE',
      results: [
        { id: '1001' },
        { id: '1002' },
        { id: '5000001', properties: { email: 'scale.test.1@scale-test.example' } },
      ],
    });
    const partial = await post('/crm/v3/objects/contacts/batch/read', {
      inputs: [{ id: '1001' }, { id: '42' }],
      properties: ['email'],
    });
    expect(partial.statusCode).toBe(207);
    expect(partial.json()).toMatchObject({
      numErrors: 1,
      errors: [{ category: 'OBJECT_NOT_FOUND', context: { ids: ['42'] } }],
    });
    const companies = await post('/crm/v3/objects/companies/batch/read', {
      inputs: [{ id: '2001' }, { id: '2002' }],
      properties: ['domain', 'name'],
    });
    expect(
      companies
        .json()
        .results.map((company: { properties: { domain: string } }) => company.properties.domain),
    ).toEqual(['northwind.example', 'contoso.example']);
    expect(
      (
        await post('/crm/v3/objects/contacts/batch/read', {
          inputs: Array.from({ length: 101 }, (_, index) => ({ id: String(index) })),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('searches companies by domain and creates one', async () => {
    const found = (
      await post('/crm/v3/objects/companies/search', eq('domain', 'contoso.example'))
    ).json();
    expect(found.results).toEqual([
      expect.objectContaining({
        id: '2002',
        properties: expect.objectContaining({ domain: 'contoso.example', name: 'Contoso Ltd' }),
      }),
    ]);
    const created = await post('/crm/v3/objects/companies', {
      properties: { domain: 'newco.example', name: 'newco.example', hubspot_owner_id: '7010004' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().properties).toMatchObject({
      domain: 'newco.example',
      hubspot_owner_id: '7010004',
    });
    expect(
      (await post('/crm/v3/objects/companies/search', eq('domain', 'newco.example'))).json().total,
    ).toBe(1);
  });

  it('associates a contact with a company (v4 default) and lists the associations both ways', async () => {
    const contact = (
      await post('/crm/v3/objects/contacts', { properties: { email: 'linked@newco.example' } })
    ).json();
    const association = await put(
      `/crm/v4/objects/contact/${contact.id}/associations/default/company/2003`,
    );
    expect(association.statusCode).toBe(200);
    expect(association.json()).toMatchObject({
      status: 'COMPLETE',
      results: [
        {
          from: { id: contact.id },
          to: { id: '2003' },
          associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 },
        },
        { associationSpec: { associationTypeId: 280 } },
      ],
    });
    const fromContact = (
      await get(`/crm/v4/objects/contacts/${contact.id}/associations/companies`)
    ).json();
    expect(fromContact.results).toEqual([
      {
        toObjectId: 2003,
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 279, label: null }],
      },
    ]);
    const fromCompany = (await get('/crm/v4/objects/companies/2003/associations/contacts')).json();
    expect(
      fromCompany.results.map((result: { toObjectId: number }) => result.toObjectId),
    ).toContain(Number(contact.id));
    const labelled = await put(
      `/crm/v4/objects/contacts/${contact.id}/associations/companies/2003`,
      [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 }],
    );
    expect(labelled.statusCode).toBe(201);
    expect(labelled.json()).toMatchObject({
      fromObjectTypeId: '0-1',
      toObjectTypeId: '0-2',
      labels: ['Primary'],
    });
    expect(
      (await put(`/crm/v4/objects/contacts/${contact.id}/associations/default/companies/999`))
        .statusCode,
    ).toBe(404);
    const seeded = (await get('/crm/v4/objects/contacts/1001/associations/companies')).json();
    expect(seeded.results[0]).toMatchObject({ toObjectId: 2001 });
    const batch = (
      await post('/crm/v4/associations/contacts/companies/batch/read', {
        inputs: [{ id: '1001' }, { id: '1002' }],
      })
    ).json();
    expect(
      batch.results.map((result: { to: { toObjectId: number }[] }) => result.to[0]!.toObjectId),
    ).toEqual([2001, 2002]);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/hubspot/crm/v4/objects/contacts/${contact.id}/associations/companies/2003`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await get(`/crm/v4/objects/contacts/${contact.id}/associations/companies`)).json().results,
    ).toEqual([]);
  });

  it('creates a task and an email engagement associated with a contact (types 204 and 198)', async () => {
    const task = await post('/crm/v3/objects/tasks', {
      properties: {
        hs_task_subject: 'Follow up on reply',
        hs_task_body: 'Replied to step 2',
        hs_timestamp: Date.parse('2025-06-02T09:00:00Z'),
        hs_task_status: 'NOT_STARTED',
        hubspot_owner_id: '7010001',
      },
      associations: [
        {
          to: { id: '1001' },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }],
        },
      ],
    });
    expect(task.statusCode).toBe(201);
    expect(task.json().properties).toMatchObject({
      hs_task_subject: 'Follow up on reply',
      hs_timestamp: '2025-06-02T09:00:00.000Z',
    });
    const email = await post('/crm/v3/objects/emails', {
      properties: {
        hs_timestamp: '2025-06-02T09:05:00.000Z',
        hs_email_direction: 'EMAIL',
        hs_email_status: 'SENT',
        hs_email_subject: 'Quick question',
        hs_email_text: 'Hi Olivia',
        hs_email_headers: JSON.stringify({ from: { email: 'rep@sender.example' } }),
      },
      associations: [
        {
          to: { id: '1001' },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 198 }],
        },
      ],
    });
    expect(email.statusCode).toBe(201);
    const tasks = (await get('/crm/v4/objects/contacts/1001/associations/tasks')).json().results;
    expect(tasks).toEqual([
      {
        toObjectId: Number(task.json().id),
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 203, label: null }],
      },
    ]);
    const emails = (
      await get(`/crm/v4/objects/emails/${email.json().id}/associations/contacts`)
    ).json().results;
    expect(emails[0]).toMatchObject({ toObjectId: 1001, associationTypes: [{ typeId: 198 }] });
    const noTimestamp = await post('/crm/v3/objects/tasks', {
      properties: { hs_task_subject: 'x' },
    });
    expect(noTimestamp.statusCode).toBe(400);
    expect(noTimestamp.json().message).toContain('hs_timestamp is required');
    const badType = await post('/crm/v3/objects/emails', {
      properties: { hs_timestamp: '2025-06-02T09:05:00.000Z' },
      associations: [{ to: { id: '1001' }, types: [{ associationTypeId: 279 }] }],
    });
    expect(badType.statusCode).toBe(400);
    const badStatus = await post('/crm/v3/objects/emails', {
      properties: { hs_timestamp: '2025-06-02T09:05:00.000Z', hs_email_status: 'LOST' },
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('answers an unknown object type with a validation error', async () => {
    expect((await get('/crm/v3/objects/widgets/1')).statusCode).toBe(400);
  });
});
