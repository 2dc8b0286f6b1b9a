import { bisonLeadCategory, isHttpUrl } from '../contract';
import {
  customTaskSubjectProblem,
  customTaskSubjectSnippets,
  customTaskSubjectSnippetsUsed,
  isValidCustomTaskSubject,
} from './custom-task-subject';
import { emptyWebhookEndpointForm, webhookEndpointForm } from './webhook-endpoint-form';
import {
  hubspotWebhookProblem,
  normalizeWebhookSettings,
  salesforceWebhookProblem,
  webhookLookupWarning,
  webhookPayloadProblem,
  type WebhookRuleValues,
} from './webhook-payload';
import {
  hubspotBlockListProblem,
  normalizeBlockListChoices,
  offersDomainForNonLatin,
  salesforceBlockListProblem,
} from './block-list-payload';

describe('custom task subject (spec §5)', () => {
  it('allows exactly the eleven snippets', () => {
    expect(customTaskSubjectSnippets).toHaveLength(11);
    for (const snippet of customTaskSubjectSnippets)
      expect(isValidCustomTaskSubject(`Re: {${snippet}}`)).toBe(true);
    expect(
      isValidCustomTaskSubject('{event_type} from {to_name} <{to_email}> in {campaign_name}'),
    ).toBe(true);
    expect(isValidCustomTaskSubject('Plain subject without snippets')).toBe(true);
  });

  it.each([
    ['', { kind: 'blank' }],
    ['   ', { kind: 'blank' }],
    [null, { kind: 'blank' }],
    ['{to_name', { kind: 'unbalanced', position: 0 }],
    ['to_name}', { kind: 'unbalanced', position: 7 }],
    ['{{to_name}}', { kind: 'unbalanced', position: 1 }],
    ['{to_{name}', { kind: 'unbalanced', position: 4 }],
    ['{first_name}', { kind: 'unknown-snippet', snippet: 'first_name' }],
    ['{ to_name }', { kind: 'unknown-snippet', snippet: ' to_name ' }],
    ['{}', { kind: 'unknown-snippet', snippet: '' }],
    ['{TO_NAME}', { kind: 'unknown-snippet', snippet: 'TO_NAME' }],
  ] as const)('%j is refused: %j', (subject, problem) => {
    expect(customTaskSubjectProblem(subject)).toEqual(problem);
    expect(isValidCustomTaskSubject(subject)).toBe(false);
  });

  it('lists the snippets a subject uses', () => {
    expect(customTaskSubjectSnippetsUsed('{to_name} / {subject} / {nope}')).toEqual([
      'to_name',
      'subject',
    ]);
  });
});

describe('webhook endpoint form (spec §5)', () => {
  const { apply, problem, toPayload } = webhookEndpointForm;
  const ok = { userProfileId: 1, url: 'https://hooks.example.com/in', description: 'CRM mirror' };
  it.each([
    [{ ...ok, userProfileId: null }, 'userProfileId', 'Select Profile'],
    [{ ...ok, url: '  ' }, 'url', 'Fill URL'],
    [{ ...ok, description: '' }, 'description', 'Fill Description'],
    [{ ...ok, url: 'not a url' }, 'url', 'Your webhook URL is not accepting data'],
    [{ ...ok, url: 'ftp://files.example.com' }, 'url', 'Your webhook URL is not accepting data'],
    [{ ...ok, url: 'mailto:someone@example.com' }, 'url', 'Your webhook URL is not accepting data'],
  ])('%j → %s: %s', (values, field, message) => {
    expect(problem(values)).toEqual({ field, message });
  });
  it('accepts a filled form with an http(s) URL and sends it trimmed', () => {
    expect(problem(ok)).toBeNull();
    expect(isHttpUrl(' http://localhost:9000/x ')).toBe(true);
    expect(
      toPayload({
        userProfileId: 1,
        url: ' https://hooks.example.com/in ',
        description: ' CRM mirror ',
      }),
    ).toEqual(ok);
  });
  it('keeps the profile and empties the rest after a create', () => {
    expect(apply(ok, { kind: 'created' })).toEqual({ userProfileId: 1, url: '', description: '' });
    expect(apply(emptyWebhookEndpointForm, { field: 'url', value: 'https://x.test' })).toEqual({
      ...emptyWebhookEndpointForm,
      url: 'https://x.test',
    });
  });
});

const base: WebhookRuleValues = {
  selectedOwner: { id: '1' },
  emailService: 'smartlead',
  apiKeyId: null,
  smartleadBaseCategories: [],
  createOrUpdateCompany: true,
  createContactCustomProperties: false,
  customTaskSubject: null,
  logType: null,
  salesforceCustomFieldObjects: [],
  objectLookupMethod: 'default',
  objectLookupIdField: null,
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
  additionalEndpoints: [],
};

describe('HUBSPOT webhook rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(hubspotWebhookProblem(base)).toBeNull();
  });
  it.each([
    [{ selectedOwner: null }, 'Select Owner'],
    [{ apiKeyId: 4, smartleadBaseCategories: [] }, 'Select Category-based filter'],
    [{ emailService: null }, 'Select Sales Engagement Platform'],
    [{ additionalEndpoints: [{ userAccount: { id: 1 }, eventTypes: [] }] }, 'Select Event Types'],
    [
      {
        additionalEndpoints: [
          { userAccount: { id: 1 }, eventTypes: ['EMAIL_SENT'] },
          { userAccount: { id: 1 }, eventTypes: ['EMAIL_OPEN'] },
        ],
      },
      'Endpoint is already selected',
    ],
    [{ objectLookupMethod: null }, 'Select Object Lookup Method'],
    [
      { emailService: 'heyreach', objectLookupMethod: 'default' },
      'Select Property for Profile URL',
    ],
    [
      { emailService: 'heyreach', objectLookupMethod: 'alternative_property' },
      'Select Property for Object lookup selection',
    ],
    [
      {
        emailService: 'heyreach',
        objectLookupMethod: 'optional_alternative_property',
        optionalAlternativeProperty: { email: ' ' },
      },
      'Select at least one property for Optional Alternative Property',
    ],
    [{ smartleadBaseCategories: [{ id: 1, name: 'Interested' }] }, 'Select API Key'],
  ] as const)('%j → %s', (change, message) => {
    expect(hubspotWebhookProblem({ ...base, ...change } as WebhookRuleValues)?.message).toBe(
      message,
    );
  });
  it('checks in the spec order: the owner first', () => {
    expect(
      hubspotWebhookProblem({
        ...base,
        selectedOwner: null,
        emailService: null,
        objectLookupMethod: null,
      })?.message,
    ).toBe('Select Owner');
  });
  it('ignores blank endpoint rows and lets bison filter without a key', () => {
    expect(
      hubspotWebhookProblem({
        ...base,
        additionalEndpoints: [{ userAccount: null, eventTypes: [] }],
      }),
    ).toBeNull();
    expect(
      hubspotWebhookProblem({
        ...base,
        emailService: 'bison',
        smartleadBaseCategories: [bisonLeadCategory],
      }),
    ).toBeNull();
  });
  it('only warns about a missing lookup field off heyreach', () => {
    expect(
      hubspotWebhookProblem({ ...base, objectLookupMethod: 'alternative_property' }),
    ).toBeNull();
    expect(
      webhookLookupWarning({
        emailService: 'smartlead',
        objectLookupMethod: 'alternative_property',
        objectLookupIdField: null,
      }),
    ).toBe('Select Object Lookup Field');
    expect(
      webhookLookupWarning({
        emailService: 'smartlead',
        objectLookupMethod: 'default',
        objectLookupIdField: null,
      }),
    ).toBeNull();
  });
});

describe('SALESFORCE webhook rules (spec §5)', () => {
  const sf: WebhookRuleValues = { ...base, objectLookupMethod: null, logType: 0 };
  it('accepts a complete form', () => {
    expect(salesforceWebhookProblem(sf)).toBeNull();
    expect(
      salesforceWebhookProblem({ ...sf, logType: 1, customTaskSubject: '{event_type}: {subject}' }),
    ).toBeNull();
  });
  it.each([
    [{ selectedOwner: null }, 'create', 'Select Owner'],
    [{ emailService: null }, 'create', 'Select Sales Engagement Platform'],
    [{ emailService: 'heyreach' }, 'create', 'HeyReach is not available for SALESFORCE webhooks'],
    [{ apiKeyId: 3 }, 'create', 'Select Category-based filter'],
    [
      { additionalEndpoints: [{ userAccount: { id: 2 }, eventTypes: [] }] },
      'create',
      'Select Event Types',
    ],
    [{ createContactCustomProperties: true }, 'create', 'Objects for custom fields not selected'],
    [{ createContactCustomProperties: true }, 'update', 'Custom Field Objects not selected'],
    [{ logType: 1, customTaskSubject: '{nope}' }, 'create', 'Enter Custom Task Subject'],
    [{ logType: 1, customTaskSubject: '{subject' }, 'update', 'Enter Custom Task Subject'],
  ] as const)('%j (%s) → %s', (change, mode, message) => {
    expect(salesforceWebhookProblem({ ...sf, ...change } as WebhookRuleValues, mode)?.message).toBe(
      message,
    );
  });
  it('ignores the task subject for log type 0 and dispatches by CRM type', () => {
    expect(salesforceWebhookProblem({ ...sf, logType: 0, customTaskSubject: '{nope}' })).toBeNull();
    expect(webhookPayloadProblem('SALESFORCE', { ...sf, emailService: 'heyreach' })?.message).toBe(
      'HeyReach is not available for SALESFORCE webhooks',
    );
    expect(
      webhookPayloadProblem('HUBSPOT', {
        ...base,
        emailService: 'heyreach',
        objectDefaultSearchProperty: 'hs_linkedin_url',
      }),
    ).toBeNull();
  });
});

describe('normalizeWebhookSettings (spec §4 "On submit")', () => {
  it('drops the API key without categories, and gives bison its one category and no key', () => {
    expect(normalizeWebhookSettings('HUBSPOT', { ...base, apiKeyId: 3 }).apiKeyId).toBeNull();
    const bison = normalizeWebhookSettings('HUBSPOT', {
      ...base,
      emailService: 'bison',
      apiKeyId: 3,
      smartleadBaseCategories: [{ id: 9, name: 'X' }],
    });
    expect(bison).toMatchObject({ apiKeyId: null, smartleadBaseCategories: [bisonLeadCategory] });
    const sfBison = normalizeWebhookSettings('SALESFORCE', {
      ...base,
      emailService: 'bison',
      apiKeyId: 3,
      smartleadBaseCategories: [bisonLeadCategory],
    });
    expect(sfBison).toMatchObject({ apiKeyId: null, smartleadBaseCategories: [] });
  });
  it('keeps only what the heyreach lookup method uses and turns company sync off', () => {
    const values = {
      ...base,
      emailService: 'heyreach' as const,
      objectLookupIdField: 'hs_object_id',
      objectDefaultSearchProperty: 'hs_linkedin_url',
      optionalAlternativeProperty: { email: 'email' },
    };
    expect(
      normalizeWebhookSettings('HUBSPOT', { ...values, objectLookupMethod: 'default' }),
    ).toMatchObject({
      createOrUpdateCompany: false,
      objectDefaultSearchProperty: 'hs_linkedin_url',
      objectLookupIdField: null,
      optionalAlternativeProperty: null,
    });
    expect(
      normalizeWebhookSettings('HUBSPOT', {
        ...values,
        objectLookupMethod: 'alternative_property',
      }),
    ).toMatchObject({
      objectDefaultSearchProperty: null,
      objectLookupIdField: 'hs_object_id',
      optionalAlternativeProperty: null,
    });
    expect(
      normalizeWebhookSettings('HUBSPOT', {
        ...values,
        objectLookupMethod: 'optional_alternative_property',
        optionalAlternativeProperty: { email: 'email', profile_url: ' ' },
      }),
    ).toMatchObject({
      objectDefaultSearchProperty: null,
      objectLookupIdField: null,
      optionalAlternativeProperty: { email: 'email', os_objectlookup_id: 'hs_object_id' },
    });
  });
  it('clears the lookup field for the default method off heyreach, and the SALESFORCE-only fields on HUBSPOT', () => {
    const out = normalizeWebhookSettings('HUBSPOT', {
      ...base,
      objectLookupIdField: 'hs_object_id',
      logType: 1,
      customTaskSubject: '{subject}',
      salesforceCustomFieldObjects: ['Lead'],
    });
    expect(out).toMatchObject({
      objectLookupIdField: null,
      logType: null,
      customTaskSubject: null,
      salesforceCustomFieldObjects: [],
    });
  });
  it('clears the task subject for log type 0 and the objects when custom fields are off', () => {
    expect(
      normalizeWebhookSettings('SALESFORCE', {
        ...base,
        logType: 0,
        customTaskSubject: '{subject}',
        salesforceCustomFieldObjects: ['Lead'],
      }),
    ).toMatchObject({
      customTaskSubject: null,
      salesforceCustomFieldObjects: [],
    });
    expect(
      normalizeWebhookSettings('SALESFORCE', {
        ...base,
        logType: 1,
        customTaskSubject: '{subject}',
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Lead'],
      }),
    ).toMatchObject({
      customTaskSubject: '{subject}',
      salesforceCustomFieldObjects: ['Lead'],
    });
  });
});

describe('block list rules (spec §5)', () => {
  const hub = {
    listType: 'CONTACT_LIST',
    listId: '12',
    platform: 'smartlead',
    apiKeyId: 1,
    blockType: 'ADDRESS',
    profileUrlFieldNames: [],
    heyReachListId: null,
  } as const;
  it.each([
    [{ listType: null }, 'Select List Type'],
    [{ listId: ' ' }, 'Select hubspot list'],
    [{ platform: null }, 'Select Email Service'],
    [{ apiKeyId: null }, 'Select API Key'],
    [{ blockType: null }, 'Select Type of blocking'],
    [{ clientCount: 2, client: null }, 'Select Smartlead Client'],
    [
      { platform: 'heyreach', heyReachListId: 5 },
      'Select at least one Profile URL field for HeyReach',
    ],
    [
      { platform: 'heyreach', profileUrlFieldNames: ['hs_linkedin_url'] },
      'Please select HeyReach list',
    ],
    [
      { platform: 'heyreach', blockType: 'DOMAIN', profileUrlFieldNames: ['x'], heyReachListId: 5 },
      'HeyReach does not support DOMAIN blocking: choose ADDRESS',
    ],
    [
      { platform: 'heyreach', listType: 'COMPANY_LIST', blockType: 'DOMAIN' },
      'HeyReach does not support company lists: choose a contact list',
    ],
  ] as const)('HUBSPOT %j → %s', (change, message) => {
    expect(hubspotBlockListProblem({ ...hub, ...change })?.message).toBe(message);
  });
  it('on the server (no platform of its own: undefined until a key is chosen) asks for the API key', () => {
    expect(hubspotBlockListProblem({ ...hub, platform: undefined, apiKeyId: null })?.message).toBe(
      'Select API Key',
    );
    expect(
      salesforceBlockListProblem({ ...sf, platform: undefined, apiKeyId: null })?.message,
    ).toBe('Select API Key');
  });
  it('accepts complete HUBSPOT forms (a single client needs no choice)', () => {
    expect(hubspotBlockListProblem({ ...hub, clientCount: 1 })).toBeNull();
    expect(
      hubspotBlockListProblem({
        ...hub,
        platform: 'heyreach',
        profileUrlFieldNames: ['hs_linkedin_url'],
        heyReachListId: 7,
      }),
    ).toBeNull();
  });
  const sf = {
    listIdentifier: '00B1',
    fields: ['Email'],
    platform: 'instantly',
    apiKeyId: 1,
    blockType: 'ADDRESS',
  } as const;
  it.each([
    [{ listIdentifier: '' }, 'Select list'],
    [{ fields: [] }, 'Select fields'],
    [{ platform: 'heyreach' }, 'HeyReach is not available for SALESFORCE block lists'],
    [{ platform: null }, 'Select Email Service'],
    [{ apiKeyId: null }, 'Select API Key'],
    [{ blockType: null }, 'Select Type of blocking'],
  ] as const)('SALESFORCE %j → %s', (change, message) => {
    expect(salesforceBlockListProblem({ ...sf, ...change })?.message).toBe(message);
  });
  it('forces DOMAIN for company lists and keeps the non-Latin option only where offered', () => {
    expect(
      normalizeBlockListChoices({
        platform: 'instantly',
        listType: 'COMPANY_LIST',
        blockType: 'ADDRESS',
        useDomainForNonLatin: true,
      }),
    ).toEqual({
      platform: 'instantly',
      listType: 'COMPANY_LIST',
      blockType: 'DOMAIN',
      useDomainForNonLatin: false,
    });
    expect(
      normalizeBlockListChoices({
        platform: 'instantly',
        listType: 'CONTACT_LIST',
        blockType: 'ADDRESS',
        useDomainForNonLatin: true,
      }).useDomainForNonLatin,
    ).toBe(true);
    expect(
      normalizeBlockListChoices({
        platform: 'smartlead',
        listType: 'CONTACT_LIST',
        blockType: 'ADDRESS',
        useDomainForNonLatin: true,
      }).useDomainForNonLatin,
    ).toBe(false);
    expect(offersDomainForNonLatin('instantly', 'ADDRESS')).toBe(true);
    expect(offersDomainForNonLatin('instantly', 'DOMAIN')).toBe(false);
  });
});
