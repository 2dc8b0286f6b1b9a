import {
  blockTypesFor,
  emptyHubspotBlockListForm,
  emptySalesforceBlockListForm,
  hubspotBlockListForm,
  hubspotListTypeOf,
  listTypesFor,
  salesforceBlockListForm,
  salesforceBlockListPlatforms,
  showsClient,
  showsDomainForNonLatin,
  type HubspotBlockListFormChange,
  type HubspotBlockListFormState,
  type SalesforceBlockListFormState,
} from './block-list-form';

const client = { id: 11, name: 'Client A', email: 'a@client.test' };
const contacts = { id: '101', name: 'Do not contact' };

/** A complete smartlead contact-list block list. */
const hubspot: HubspotBlockListFormState = {
  ...emptyHubspotBlockListForm(7),
  listType: 'CONTACT_LIST',
  list: contacts,
  platform: 'smartlead',
  apiKeyId: 4,
  blockType: 'ADDRESS',
};
const heyReach: HubspotBlockListFormState = {
  ...hubspot,
  platform: 'heyreach',
  apiKeyId: 9,
  profileUrlFieldNames: ['hs_linkedin_url'],
  heyReachListId: 5001,
};
const salesforce: SalesforceBlockListFormState = {
  ...emptySalesforceBlockListForm(8),
  list: { id: '00B000000000001AAA', name: 'Open leads' },
  fields: ['Email'],
  platform: 'instantly',
  apiKeyId: 6,
  blockType: 'ADDRESS',
};

const applyAll = (state: HubspotBlockListFormState, changes: HubspotBlockListFormChange[]) =>
  changes.reduce(hubspotBlockListForm.apply, state);

describe('Block list (HUBSPOT) messages (spec §5)', () => {
  const { problem } = hubspotBlockListForm;
  it.each([
    ['list type', { ...hubspot, listType: null }, 'listType', 'Select List Type'],
    ['HubSpot list', { ...hubspot, list: null }, 'listId', 'Select hubspot list'],
    ['platform', { ...hubspot, platform: null }, 'platform', 'Select Email Service'],
    ['API key', { ...hubspot, apiKeyId: null }, 'apiKeyId', 'Select API Key'],
    ['blocking type', { ...hubspot, blockType: null }, 'blockType', 'Select Type of blocking'],
    ['client (more than one)', { ...hubspot, clientCount: 2 }, 'client', 'Select Smartlead Client'],
    [
      'heyreach profile URL fields',
      { ...heyReach, profileUrlFieldNames: [] },
      'profileUrlFieldNames',
      'Select at least one Profile URL field for HeyReach',
    ],
    [
      'heyreach list',
      { ...heyReach, heyReachListId: null },
      'heyReachListId',
      'Please select HeyReach list',
    ],
  ] satisfies Array<[string, HubspotBlockListFormState, string, string]>)(
    '%s: "%s"',
    (_what, state, field, message) => {
      expect(problem(state)).toEqual({ field, message });
    },
  );

  it('asks in the spec order, from an empty form', () => {
    const messages: string[] = [];
    let state = emptyHubspotBlockListForm(7);
    const steps: HubspotBlockListFormChange[] = [
      { field: 'listType', value: 'CONTACT_LIST' },
      { field: 'list', value: contacts },
      { field: 'platform', value: 'heyreach' },
      { field: 'apiKeyId', value: 9 },
      { field: 'blockType', value: 'ADDRESS' },
      { field: 'profileUrlFieldNames', value: ['hs_linkedin_url'] },
      { field: 'heyReachListId', value: 5001 },
    ];
    for (const step of steps) {
      messages.push(problem(state)!.message);
      state = hubspotBlockListForm.apply(state, step);
    }
    expect(messages).toEqual([
      'Select List Type',
      'Select hubspot list',
      'Select Email Service',
      'Select API Key',
      'Select Type of blocking',
      'Select at least one Profile URL field for HeyReach',
      'Please select HeyReach list',
    ]);
    expect(problem(state)).toBeNull();
  });

  it('needs no client with one or none, or for another platform', () => {
    expect(problem({ ...hubspot, clientCount: 1 })).toBeNull();
    expect(problem({ ...hubspot, clientCount: 2, client })).toBeNull();
    expect(problem({ ...hubspot, platform: 'instantly', clientCount: 2 })).toBeNull();
  });
});

describe('Block list (SALESFORCE) messages (spec §5)', () => {
  const { problem } = salesforceBlockListForm;
  it.each([
    ['list', { ...salesforce, list: null }, 'listIdentifier', 'Select list'],
    ['fields', { ...salesforce, fields: [] }, 'fields', 'Select fields'],
    ['platform', { ...salesforce, platform: null }, 'platform', 'Select Email Service'],
    ['API key', { ...salesforce, apiKeyId: null }, 'apiKeyId', 'Select API Key'],
    ['blocking type', { ...salesforce, blockType: null }, 'blockType', 'Select Type of blocking'],
    [
      'client (more than one)',
      { ...salesforce, platform: 'smartlead', clientCount: 3 },
      'client',
      'Select Smartlead Client',
    ],
  ] satisfies Array<[string, SalesforceBlockListFormState, string, string]>)(
    '%s: "%s"',
    (_what, state, field, message) => {
      expect(problem(state)).toEqual({ field, message });
    },
  );

  it('asks for the list before the fields, and the fields before the platform', () => {
    expect(problem(emptySalesforceBlockListForm(8))?.message).toBe('Select list');
    expect(problem({ ...emptySalesforceBlockListForm(8), list: salesforce.list })?.message).toBe(
      'Select fields',
    );
    expect(
      problem({ ...emptySalesforceBlockListForm(8), list: salesforce.list, fields: ['Email'] })
        ?.message,
    ).toBe('Select Email Service');
    expect(problem(salesforce)).toBeNull();
  });

  it('offers no heyreach platform', () => {
    expect(salesforceBlockListPlatforms).toEqual(['smartlead', 'instantly', 'bison']);
  });
});

describe('Block list form resets (spec §4)', () => {
  it('a company list forces DOMAIN and locks it', () => {
    const company = hubspotBlockListForm.apply(hubspot, {
      field: 'listType',
      value: 'COMPANY_LIST',
    });
    expect(company.blockType).toBe('DOMAIN');
    expect(
      hubspotBlockListForm.apply(company, { field: 'blockType', value: 'ADDRESS' }).blockType,
    ).toBe('DOMAIN');
    // a contact list again unlocks it, keeping DOMAIN until changed
    const contact = hubspotBlockListForm.apply(company, {
      field: 'listType',
      value: 'CONTACT_LIST',
    });
    expect(
      hubspotBlockListForm.apply(contact, { field: 'blockType', value: 'ADDRESS' }).blockType,
    ).toBe('ADDRESS');
  });

  it('another list type clears the list chosen (its lists are of the other type)', () => {
    expect(
      hubspotBlockListForm.apply(hubspot, { field: 'listType', value: 'COMPANY_LIST' }).list,
    ).toBeNull();
  });

  it('a platform change clears client, API key, profile URL fields and the HeyReach list', () => {
    const chosen = applyAll({ ...heyReach, clientCount: 3, client }, [
      { kind: 'heyreach-new-list' },
      { field: 'newHeyReachListName', value: 'Draft' },
    ]);
    const next = hubspotBlockListForm.apply(chosen, { field: 'platform', value: 'instantly' });
    expect(next).toEqual({
      ...chosen,
      platform: 'instantly',
      apiKeyId: null,
      client: null,
      clientCount: 0,
      profileUrlFieldNames: [],
      heyReachListId: null,
      creatingHeyReachList: false,
      newHeyReachListName: '',
    });
  });

  it('heyreach clears a company list type (and its list) and DOMAIN', () => {
    const company = applyAll(hubspot, [
      { field: 'listType', value: 'COMPANY_LIST' },
      { field: 'list', value: { id: '202', name: 'Competitors' } },
    ]);
    const next = hubspotBlockListForm.apply(company, { field: 'platform', value: 'heyreach' });
    expect([next.listType, next.list, next.blockType]).toEqual([null, null, null]);
    const domain = hubspotBlockListForm.apply(
      { ...hubspot, blockType: 'DOMAIN' },
      { field: 'platform', value: 'heyreach' },
    );
    expect([domain.listType, domain.list, domain.blockType]).toEqual([
      'CONTACT_LIST',
      contacts,
      null,
    ]);
    expect(
      hubspotBlockListForm.apply(hubspot, { field: 'platform', value: 'heyreach' }).blockType,
    ).toBe('ADDRESS');
  });

  it('heyreach offers no DOMAIN and no company list', () => {
    expect(blockTypesFor('heyreach')).toEqual(['ADDRESS']);
    expect(listTypesFor('heyreach')).toEqual(['CONTACT_LIST']);
    expect(blockTypesFor('smartlead')).toEqual(['ADDRESS', 'DOMAIN']);
    expect(listTypesFor(null)).toEqual(['CONTACT_LIST', 'COMPANY_LIST']);
  });

  it('a new API key clears its client and HeyReach list', () => {
    expect(
      hubspotBlockListForm.apply(
        { ...hubspot, clientCount: 2, client },
        { field: 'apiKeyId', value: 5 },
      ),
    ).toEqual({ ...hubspot, apiKeyId: 5 });
    expect(
      hubspotBlockListForm.apply(heyReach, { field: 'apiKeyId', value: 10 }).heyReachListId,
    ).toBeNull();
  });

  it('"+ Create New List" shows the name input; a created list is selected', () => {
    const creating = applyAll(heyReach, [
      { kind: 'heyreach-new-list' },
      { field: 'newHeyReachListName', value: 'Blocked leads' },
    ]);
    expect([
      creating.creatingHeyReachList,
      creating.heyReachListId,
      creating.newHeyReachListName,
    ]).toEqual([true, null, 'Blocked leads']);
    const created = hubspotBlockListForm.apply(creating, {
      kind: 'heyreach-list-created',
      id: 5002,
    });
    expect([
      created.creatingHeyReachList,
      created.heyReachListId,
      created.newHeyReachListName,
    ]).toEqual([false, 5002, '']);
    // picking an existing list leaves creating
    expect(
      hubspotBlockListForm.apply(creating, { field: 'heyReachListId', value: 5001 })
        .creatingHeyReachList,
    ).toBe(false);
  });

  it('SALESFORCE: a platform change clears client and API key; another list clears its fields', () => {
    const chosen = { ...salesforce, platform: 'smartlead' as const, clientCount: 2, client };
    expect(salesforceBlockListForm.apply(chosen, { field: 'platform', value: 'bison' })).toEqual({
      ...chosen,
      platform: 'bison',
      apiKeyId: null,
      client: null,
      clientCount: 0,
    });
    expect(
      salesforceBlockListForm.apply(salesforce, {
        field: 'list',
        value: { id: '00O000000000002AAA', name: 'Q3' },
      }).fields,
    ).toEqual([]);
    expect(
      salesforceBlockListForm.apply(salesforce, { kind: 'clients-loaded', count: 4 }).clientCount,
    ).toBe(4);
  });

  it('starts again for the same profile after a create', () => {
    expect(hubspotBlockListForm.apply(heyReach, { kind: 'created' })).toEqual(
      emptyHubspotBlockListForm(7),
    );
    expect(salesforceBlockListForm.apply(salesforce, { kind: 'created' })).toEqual(
      emptySalesforceBlockListForm(8),
    );
  });
});

describe('Block list further rules (spec §5)', () => {
  it('shows the useDomainForNonLatin checkbox for instantly with ADDRESS (and a contact list on HUBSPOT)', () => {
    expect(
      showsDomainForNonLatin({
        platform: 'instantly',
        blockType: 'ADDRESS',
        listType: 'CONTACT_LIST',
      }),
    ).toBe(true);
    expect(
      showsDomainForNonLatin({
        platform: 'instantly',
        blockType: 'ADDRESS',
        listType: 'COMPANY_LIST',
      }),
    ).toBe(false);
    expect(
      showsDomainForNonLatin({
        platform: 'instantly',
        blockType: 'DOMAIN',
        listType: 'CONTACT_LIST',
      }),
    ).toBe(false);
    expect(
      showsDomainForNonLatin({
        platform: 'smartlead',
        blockType: 'ADDRESS',
        listType: 'CONTACT_LIST',
      }),
    ).toBe(false);
    // SALESFORCE has no list type
    expect(showsDomainForNonLatin({ platform: 'instantly', blockType: 'ADDRESS' })).toBe(true);
  });

  it('shows the client selector for a smartlead key with more than one client', () => {
    expect(showsClient({ platform: 'smartlead', clientCount: 2 })).toBe(true);
    expect(showsClient({ platform: 'smartlead', clientCount: 1 })).toBe(false);
    expect(showsClient({ platform: 'instantly', clientCount: 2 })).toBe(false);
  });

  it('reads a HubSpot list type from its objectTypeId', () => {
    expect([hubspotListTypeOf('0-1'), hubspotListTypeOf('0-2'), hubspotListTypeOf('0-3')]).toEqual([
      'CONTACT_LIST',
      'COMPANY_LIST',
      null,
    ]);
  });
});

describe('Block list payloads (spec §3)', () => {
  it('HUBSPOT: the list, key, type and client; useDomainForNonLatin only where offered; heyreach fields only for heyreach', () => {
    expect(
      hubspotBlockListForm.toPayload({
        ...hubspot,
        clientCount: 2,
        client,
        profileUrlFieldNames: ['left'],
        heyReachListId: 3,
      }),
    ).toEqual({
      crm: 'HUBSPOT',
      userProfileId: 7,
      listId: '101',
      listName: 'Do not contact',
      listType: 'CONTACT_LIST',
      apiKeyId: 4,
      blockType: 'ADDRESS',
      client: { id: 11, name: 'Client A', email: 'a@client.test' },
      useDomainForNonLatin: false,
      profileUrlFieldNames: [],
      heyReachListId: null,
    });
    expect(
      hubspotBlockListForm.toPayload({ ...hubspot, platform: 'instantly' }).useDomainForNonLatin,
    ).toBe(true);
    expect(
      hubspotBlockListForm.toPayload({
        ...hubspot,
        platform: 'instantly',
        useDomainForNonLatin: false,
      }).useDomainForNonLatin,
    ).toBe(false);
    expect(hubspotBlockListForm.toPayload(heyReach)).toMatchObject({
      client: null,
      profileUrlFieldNames: ['hs_linkedin_url'],
      heyReachListId: 5001,
      useDomainForNonLatin: false,
    });
  });

  it('HUBSPOT: a company list is sent with DOMAIN', () => {
    expect(
      hubspotBlockListForm.toPayload({ ...hubspot, listType: 'COMPANY_LIST', blockType: 'ADDRESS' })
        .blockType,
    ).toBe('DOMAIN');
  });

  it('SALESFORCE: the list identifier and name, the fields, and no client for a platform other than smartlead', () => {
    expect(salesforceBlockListForm.toPayload({ ...salesforce, client })).toEqual({
      crm: 'SALESFORCE',
      userProfileId: 8,
      listIdentifier: '00B000000000001AAA',
      listName: 'Open leads',
      apiKeyId: 6,
      blockType: 'ADDRESS',
      client: null,
      fields: ['Email'],
      useDomainForNonLatin: true,
    });
  });
});
