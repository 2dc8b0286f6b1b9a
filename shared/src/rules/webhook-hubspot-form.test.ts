import type { Webhook, WebhookUserAccount } from '../contract';
import type { EndpointRow } from './webhook-endpoint-rows';
import {
  emptyHubspotWebhookForm,
  hubspotWebhookCreateForm,
  hubspotWebhookFormOf,
  hubspotWebhookUpdateForm,
  hubspotWebhookWarning,
  lookupInputs,
  regeneratesCode,
  showsApiKey,
  showsCategories,
  fixedCategories,
  webhookUrlOf,
  type HubspotWebhookFormChange,
  type HubspotWebhookFormState,
} from './webhook-hubspot-form';

const owner = {
  id: '101',
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'olive@acme.test',
  name: 'Olive Owner',
};
const crm: WebhookUserAccount = {
  id: 4,
  url: 'https://hooks.example.com/crm',
  description: 'CRM mirror',
};
const endpoint: EndpointRow = { userAccount: crm, eventTypes: ['EMAIL_REPLY'] };
const interested = { id: 3, name: 'Interested' };

const create = (
  changes: HubspotWebhookFormChange[],
  from: HubspotWebhookFormState = emptyHubspotWebhookForm(7),
) => changes.reduce(hubspotWebhookCreateForm.apply, from);
const update = (changes: HubspotWebhookFormChange[], from: HubspotWebhookFormState) =>
  changes.reduce(hubspotWebhookUpdateForm.apply, from);

/** A smartlead form ready to send: owner, platform and a code. */
const smartlead = (): HubspotWebhookFormState =>
  create([
    { field: 'selectedOwner', value: owner },
    { field: 'emailService', value: 'smartlead' },
    { kind: 'codeGenerated', code: 'abc', webhookUrl: 'http://localhost:8080/webhooks/abc' },
  ]);
const heyreach = (): HubspotWebhookFormState =>
  create([{ field: 'emailService', value: 'heyreach' }], smartlead());

describe('HubSpot webhook create form: the resets of spec §4', () => {
  it('starts empty, with all events approved and one blank endpoint row', () => {
    expect(emptyHubspotWebhookForm(7)).toMatchObject({
      userProfileId: 7,
      selectedOwner: null,
      emailService: null,
      objectLookupMethod: null,
      approvedEvents: 'all',
      additionalEndpoints: [{ userAccount: null, eventTypes: [] }],
    });
  });

  it('selecting an owner asks for a new code and clears the API key, the categories and the old URL', () => {
    const before = {
      ...smartlead(),
      approvedEvents: 'filtered' as const,
      apiKeyId: 5,
      smartleadBaseCategories: [interested],
    };
    const change: HubspotWebhookFormChange = {
      field: 'selectedOwner',
      value: { ...owner, id: '102' },
    };
    expect(regeneratesCode(change)).toBe(true);
    expect(create([change], before)).toMatchObject({
      selectedOwner: { id: '102' },
      apiKeyId: null,
      smartleadBaseCategories: [],
      code: '',
      webhookUrl: '',
      emailService: 'smartlead',
    });
  });

  it('a generated code sets the code and the URL {server}/webhooks/{code}', () => {
    expect(webhookUrlOf('http://localhost:8080/', 'xyz')).toBe(
      'http://localhost:8080/webhooks/xyz',
    );
    expect(
      create([
        {
          kind: 'codeGenerated',
          code: 'xyz',
          webhookUrl: webhookUrlOf('http://localhost:8080', 'xyz'),
        },
      ]),
    ).toMatchObject({ code: 'xyz', webhookUrl: 'http://localhost:8080/webhooks/xyz' });
  });

  it('selecting a platform asks for a new code, clears key and categories, resets the method to default and turns company sync on', () => {
    const before = {
      ...smartlead(),
      objectLookupMethod: 'alternative_property' as const,
      createOrUpdateCompany: false,
      approvedEvents: 'filtered' as const,
      apiKeyId: 5,
      smartleadBaseCategories: [interested],
    };
    const change: HubspotWebhookFormChange = { field: 'emailService', value: 'instantly' };
    expect(regeneratesCode(change)).toBe(true);
    expect(create([change], before)).toMatchObject({
      emailService: 'instantly',
      code: '',
      webhookUrl: '',
      apiKeyId: null,
      smartleadBaseCategories: [],
      objectLookupMethod: 'default',
      createOrUpdateCompany: true,
      approvedEvents: 'filtered',
    });
  });

  it('heyreach turns company sync off and preselects hs_linkedin_url', () => {
    expect(heyreach()).toMatchObject({
      createOrUpdateCompany: false,
      objectLookupMethod: 'default',
      profileUrlProperty: 'hs_linkedin_url',
      objectLookupIdField: '',
      emailProperty: '',
    });
  });

  it('the other platforms preselect hs_object_id for the lookup field and email for the email field', () => {
    for (const platform of ['smartlead', 'instantly', 'bison'] as const) {
      expect(create([{ field: 'emailService', value: platform }], heyreach())).toMatchObject({
        createOrUpdateCompany: true,
        objectLookupIdField: 'hs_object_id',
        emailProperty: 'email',
        profileUrlProperty: '',
      });
    }
  });

  it("a platform change empties the additional endpoints' event types", () => {
    const before = { ...smartlead(), additionalEndpoints: [endpoint] };
    expect(
      create([{ field: 'emailService', value: 'instantly' }], before).additionalEndpoints,
    ).toEqual([{ userAccount: crm, eventTypes: [] }]);
  });

  it.each(['all', 'filtered'] as const)('choosing %s clears the categories', (approvedEvents) => {
    const before = {
      ...smartlead(),
      approvedEvents: 'filtered' as const,
      apiKeyId: 5,
      smartleadBaseCategories: [interested],
    };
    expect(create([{ field: 'approvedEvents', value: approvedEvents }], before)).toMatchObject({
      approvedEvents,
      smartleadBaseCategories: [],
      apiKeyId: 5,
    });
  });

  it('another API key clears the categories of the previous one', () => {
    const before = {
      ...smartlead(),
      approvedEvents: 'filtered' as const,
      apiKeyId: 5,
      smartleadBaseCategories: [interested],
    };
    expect(create([{ field: 'apiKeyId', value: 6 }], before)).toMatchObject({
      apiKeyId: 6,
      smartleadBaseCategories: [],
    });
  });

  it('other fields change alone and ask for no code', () => {
    const change: HubspotWebhookFormChange = { field: 'createOrUpdateTask', value: true };
    expect(regeneratesCode(change)).toBe(false);
    expect(regeneratesCode({ kind: 'codeGenerated', code: 'x', webhookUrl: 'y' })).toBe(false);
    expect(create([change], smartlead())).toEqual({ ...smartlead(), createOrUpdateTask: true });
  });
});

describe('HubSpot webhook form: what shows', () => {
  it('the API key shows when filtered for smartlead, instantly and heyreach, not bison', () => {
    expect(showsApiKey({ approvedEvents: 'all', emailService: 'smartlead' })).toBe(false);
    for (const platform of ['smartlead', 'instantly', 'heyreach'] as const)
      expect(showsApiKey({ approvedEvents: 'filtered', emailService: platform })).toBe(true);
    expect(showsApiKey({ approvedEvents: 'filtered', emailService: 'bison' })).toBe(false);
    expect(showsCategories({ approvedEvents: 'filtered' })).toBe(true);
    expect(showsCategories({ approvedEvents: 'all' })).toBe(false);
  });
  it('bison has one fixed category, id lead_interested and name Interested', () => {
    expect(fixedCategories('bison')).toEqual([{ id: 'lead_interested', name: 'Interested' }]);
    expect(fixedCategories('smartlead')).toBeNull();
  });
  it.each([
    ['heyreach', 'default', { profileUrl: true, lookupField: false, email: false }],
    ['heyreach', 'alternative_property', { profileUrl: false, lookupField: true, email: false }],
    [
      'heyreach',
      'optional_alternative_property',
      { profileUrl: true, lookupField: true, email: true },
    ],
    ['smartlead', 'default', { profileUrl: false, lookupField: false, email: false }],
    ['smartlead', 'alternative_property', { profileUrl: false, lookupField: true, email: false }],
    [
      'instantly',
      'optional_alternative_property',
      { profileUrl: false, lookupField: true, email: false },
    ],
  ] as const)('%s with %s shows %j', (emailService, objectLookupMethod, shown) => {
    expect(lookupInputs({ emailService, objectLookupMethod })).toEqual(shown);
  });
});

describe('HubSpot webhook form: the messages of spec §5', () => {
  const { problem } = hubspotWebhookCreateForm;
  const message = (state: HubspotWebhookFormState) => problem(state)?.message ?? null;

  it('a complete smartlead form has no problem', () => {
    expect(problem(smartlead())).toBeNull();
  });
  it('"Select Owner" without an owner', () => {
    expect(problem({ ...smartlead(), selectedOwner: null })).toEqual({
      field: 'selectedOwner',
      message: 'Select Owner',
    });
  });
  it('"Select Category-based filter" when an API key is chosen but no category', () => {
    expect(problem({ ...smartlead(), approvedEvents: 'filtered', apiKeyId: 5 })).toEqual({
      field: 'smartleadBaseCategories',
      message: 'Select Category-based filter',
    });
  });
  it('FILTERED without an API key is refused, not saved as ALL (issue 56)', () => {
    expect(problem({ ...smartlead(), approvedEvents: 'filtered' })).toEqual({
      field: 'apiKeyId',
      message: 'Select API Key',
    });
  });
  it('FILTERED without a category is refused with "Select Category-based filter" (bison: no key needed)', () => {
    expect(problem({ ...smartlead(), emailService: 'bison', approvedEvents: 'filtered' })).toEqual({
      field: 'smartleadBaseCategories',
      message: 'Select Category-based filter',
    });
  });
  it('a key left over from FILTERED does not count once ALL is chosen', () => {
    expect(problem({ ...smartlead(), approvedEvents: 'all', apiKeyId: 5 })).toBeNull();
  });
  it('"Select Sales Engagement Platform" without a platform', () => {
    expect(problem({ ...smartlead(), emailService: null })).toEqual({
      field: 'emailService',
      message: 'Select Sales Engagement Platform',
    });
  });
  it('"Select Event Types" when an endpoint has an account but no event type', () => {
    expect(
      message({ ...smartlead(), additionalEndpoints: [{ userAccount: crm, eventTypes: [] }] }),
    ).toBe('Select Event Types');
  });
  it('"Endpoint is already selected" when two rows name the same endpoint', () => {
    expect(message({ ...smartlead(), additionalEndpoints: [endpoint, endpoint] })).toBe(
      'Endpoint is already selected',
    );
  });
  it('"Select Object Lookup Method" without a method', () => {
    expect(problem({ ...smartlead(), objectLookupMethod: null })).toEqual({
      field: 'objectLookupMethod',
      message: 'Select Object Lookup Method',
    });
  });
  it('heyreach default needs a profile URL property: "Select Property for Profile URL"', () => {
    expect(problem({ ...heyreach(), profileUrlProperty: ' ' })).toEqual({
      field: 'profileUrlProperty',
      message: 'Select Property for Profile URL',
    });
    expect(problem(heyreach())).toBeNull();
  });
  it('heyreach alternative needs a lookup field: "Select Property for Object lookup selection"', () => {
    const state = create(
      [{ field: 'objectLookupMethod', value: 'alternative_property' }],
      heyreach(),
    );
    expect(problem(state)).toEqual({
      field: 'objectLookupIdField',
      message: 'Select Property for Object lookup selection',
    });
    expect(problem({ ...state, objectLookupIdField: 'hs_object_id' })).toBeNull();
  });
  it('heyreach optional alternative needs one of lookup field, email or profile URL', () => {
    const state = {
      ...create(
        [{ field: 'objectLookupMethod', value: 'optional_alternative_property' }],
        heyreach(),
      ),
      profileUrlProperty: '',
    };
    expect(problem(state)).toEqual({
      field: 'profileUrlProperty',
      message: 'Select at least one property for Optional Alternative Property',
    });
    expect(problem({ ...state, emailProperty: 'email' })).toBeNull();
    expect(problem({ ...state, objectLookupIdField: 'hs_object_id' })).toBeNull();
    expect(problem({ ...state, profileUrlProperty: 'hs_linkedin_url' })).toBeNull();
  });
  it('non-heyreach with a non-default method and no lookup field: the "Select Object Lookup Field" warning, yet no problem (the submit goes out)', () => {
    for (const method of ['alternative_property', 'optional_alternative_property'] as const) {
      const state = { ...smartlead(), objectLookupMethod: method, objectLookupIdField: '' };
      expect(problem(state)).toBeNull();
      expect(hubspotWebhookWarning(state)).toBe('Select Object Lookup Field');
    }
    expect(hubspotWebhookWarning(smartlead())).toBeNull();
    expect(
      hubspotWebhookWarning({ ...smartlead(), objectLookupMethod: 'alternative_property' }),
    ).toBeNull();
    expect(
      hubspotWebhookWarning({ ...heyreach(), objectLookupMethod: 'alternative_property' }),
    ).toBeNull();
  });
});

describe('HubSpot webhook form: the payload (spec §4 "On submit")', () => {
  const { toPayload } = hubspotWebhookCreateForm;

  it('sends the owner, profile, code, URL, flags and endpoints; non-heyreach default clears the lookup field', () => {
    const state = {
      ...smartlead(),
      assignContactOwner: true,
      createOrUpdateTask: true,
      additionalEndpoints: [endpoint, { userAccount: null, eventTypes: [] }],
    };
    expect(toPayload(state)).toEqual({
      selectedOwner: owner,
      userProfileId: 7,
      code: 'abc',
      webhookUrl: 'http://localhost:8080/webhooks/abc',
      emailService: 'smartlead',
      apiKeyId: null,
      smartleadBaseCategories: [],
      createOrUpdateCompany: true,
      createContactCustomProperties: false,
      assignCompanyOwner: false,
      assignContactOwner: true,
      createOrUpdateTask: true,
      objectLookupMethod: 'default',
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [
        { userAccount: { id: 4, description: 'CRM mirror' }, eventTypes: ['EMAIL_REPLY'] },
      ],
    });
  });
  it('non-heyreach alternative keeps the lookup field', () => {
    expect(
      toPayload({
        ...smartlead(),
        objectLookupMethod: 'alternative_property',
        objectLookupIdField: 'lead_id',
      }),
    ).toMatchObject({
      objectLookupIdField: 'lead_id',
      optionalAlternativeProperty: null,
    });
  });
  it('FILTERED with a key and categories sends both', () => {
    expect(
      toPayload({
        ...smartlead(),
        approvedEvents: 'filtered',
        apiKeyId: 5,
        smartleadBaseCategories: [interested],
      }),
    ).toMatchObject({ apiKeyId: 5, smartleadBaseCategories: [interested] });
  });
  it('with no category chosen the API key and categories are dropped', () => {
    expect(toPayload({ ...smartlead(), approvedEvents: 'filtered', apiKeyId: 5 })).toMatchObject({
      apiKeyId: null,
      smartleadBaseCategories: [],
    });
    expect(
      toPayload({
        ...smartlead(),
        approvedEvents: 'all',
        apiKeyId: 5,
        smartleadBaseCategories: [interested],
      }),
    ).toMatchObject({ apiKeyId: null, smartleadBaseCategories: [] });
  });
  it('bison sends its fixed category and no key', () => {
    const bison = create(
      [
        { field: 'emailService', value: 'bison' },
        { field: 'approvedEvents', value: 'filtered' },
        {
          field: 'smartleadBaseCategories',
          value: [{ id: 'lead_interested', name: 'Interested' }],
        },
      ],
      smartlead(),
    );
    expect(toPayload({ ...bison, apiKeyId: 9 })).toMatchObject({
      emailService: 'bison',
      apiKeyId: null,
      smartleadBaseCategories: [{ id: 'lead_interested', name: 'Interested' }],
    });
  });
  it('heyreach default keeps only the default search property, with company sync off', () => {
    expect(
      toPayload({
        ...heyreach(),
        objectLookupIdField: 'stale',
        emailProperty: 'email',
        createOrUpdateCompany: true,
      }),
    ).toMatchObject({
      objectLookupMethod: 'default',
      objectDefaultSearchProperty: 'hs_linkedin_url',
      objectLookupIdField: null,
      optionalAlternativeProperty: null,
      createOrUpdateCompany: false,
    });
  });
  it('heyreach alternative keeps only the lookup field', () => {
    expect(
      toPayload({
        ...heyreach(),
        objectLookupMethod: 'alternative_property',
        objectLookupIdField: 'hs_object_id',
      }),
    ).toMatchObject({
      objectLookupIdField: 'hs_object_id',
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
    });
  });
  it('heyreach optional alternative packs email, profile_url and os_objectlookup_id into one object', () => {
    const state = {
      ...heyreach(),
      objectLookupMethod: 'optional_alternative_property' as const,
      objectLookupIdField: 'hs_object_id',
      emailProperty: 'work_email',
      profileUrlProperty: 'hs_linkedin_url',
    };
    expect(toPayload(state)).toMatchObject({
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: {
        email: 'work_email',
        profile_url: 'hs_linkedin_url',
        os_objectlookup_id: 'hs_object_id',
      },
    });
    expect(
      toPayload({ ...state, objectLookupIdField: '', emailProperty: ' ' })
        .optionalAlternativeProperty,
    ).toEqual({ profile_url: 'hs_linkedin_url' });
  });
});

describe('HubSpot webhook update dialog (spec §4 "Webhook update dialog")', () => {
  const stored = {
    id: 1,
    userProfileId: 7,
    hubspotOwnerId: '101',
    ownerDetails: { firstName: 'Olive', lastName: 'Owner', email: 'olive@acme.test' },
    code: 'abc',
    webhookUrl: 'http://localhost:8080/webhooks/abc',
    emailService: 'smartlead',
    apiKeyId: 5,
    smartleadBaseCategories: [interested],
    createOrUpdateCompany: true,
    createContactCustomProperties: false,
    assignCompanyOwner: true,
    assignContactOwner: false,
    createOrUpdateTask: false,
    objectLookupMethod: 'alternative_property',
    objectLookupIdField: 'lead_id',
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    userAccountWebhooks: [{ id: 1, userAccount: crm, eventTypes: ['EMAIL_REPLY'] }],
    hasSmartleadSecretKey: true,
  } as unknown as Webhook;

  it('starts from the stored webhook', () => {
    expect(hubspotWebhookFormOf(stored)).toEqual({
      userProfileId: 7,
      selectedOwner: owner,
      emailService: 'smartlead',
      code: 'abc',
      webhookUrl: 'http://localhost:8080/webhooks/abc',
      objectLookupMethod: 'alternative_property',
      objectLookupIdField: 'lead_id',
      profileUrlProperty: '',
      emailProperty: '',
      createOrUpdateCompany: true,
      createContactCustomProperties: false,
      assignCompanyOwner: true,
      assignContactOwner: false,
      createOrUpdateTask: false,
      approvedEvents: 'filtered',
      apiKeyId: 5,
      smartleadBaseCategories: [interested],
      additionalEndpoints: [endpoint],
      smartleadSecretKey: { stored: true, typed: '', cleared: false },
    });
    expect(hubspotWebhookUpdateForm.problem(hubspotWebhookFormOf(stored))).toBeNull();
  });

  it('a packed optional alternative comes back into its inputs', () => {
    const packed = {
      ...stored,
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: null,
      optionalAlternativeProperty: {
        email: 'email',
        profile_url: 'hs_linkedin_url',
        os_objectlookup_id: 'hs_object_id',
      },
    } as Webhook;
    expect(hubspotWebhookFormOf(packed)).toMatchObject({
      objectLookupIdField: 'hs_object_id',
      emailProperty: 'email',
      profileUrlProperty: 'hs_linkedin_url',
    });
  });

  it('to heyreach sets the lookup field to hs_linkedin_url and turns company sync off; the code stays', () => {
    const state = update(
      [{ field: 'emailService', value: 'heyreach' }],
      hubspotWebhookFormOf(stored),
    );
    expect(state).toMatchObject({
      emailService: 'heyreach',
      profileUrlProperty: 'hs_linkedin_url',
      objectLookupIdField: '',
      createOrUpdateCompany: false,
      code: 'abc',
      objectLookupMethod: 'alternative_property',
    });
    expect(state.additionalEndpoints).toEqual([{ userAccount: crm, eventTypes: [] }]);
  });

  it('leaving heyreach clears the lookup field and turns company sync on', () => {
    const onHeyReach = {
      ...hubspotWebhookFormOf(stored),
      emailService: 'heyreach' as const,
      objectLookupIdField: 'hs_object_id',
      profileUrlProperty: 'hs_linkedin_url',
      createOrUpdateCompany: false,
    };
    expect(update([{ field: 'emailService', value: 'instantly' }], onHeyReach)).toMatchObject({
      objectLookupIdField: '',
      profileUrlProperty: '',
      createOrUpdateCompany: true,
    });
  });

  it("any platform change empties the endpoints' event types and the other platform's key and categories", () => {
    const state = update(
      [{ field: 'emailService', value: 'instantly' }],
      hubspotWebhookFormOf(stored),
    );
    expect(state).toMatchObject({
      objectLookupIdField: 'lead_id',
      createOrUpdateCompany: true,
      apiKeyId: null,
      smartleadBaseCategories: [],
      code: 'abc',
    });
    expect(state.additionalEndpoints).toEqual([{ userAccount: crm, eventTypes: [] }]);
  });

  it('the owner changes without a new code; the same lookup rules as create', () => {
    const state = update(
      [{ field: 'selectedOwner', value: { ...owner, id: '102' } }],
      hubspotWebhookFormOf(stored),
    );
    expect(state).toMatchObject({ code: 'abc', apiKeyId: 5 });
    const heyReachAlternative = update(
      [{ field: 'emailService', value: 'heyreach' }],
      hubspotWebhookFormOf({ ...stored, userAccountWebhooks: [] }),
    );
    expect(hubspotWebhookUpdateForm.problem(heyReachAlternative)?.message).toBe(
      'Select Property for Object lookup selection',
    );
  });
});
