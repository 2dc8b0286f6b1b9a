import type { Webhook } from '../contract';
import {
  webhookUpdateForm,
  webhookUpdateFormOf,
  type WebhookUpdateFormChange,
  type WebhookUpdateFormState,
} from './webhook-update-form';

const { apply, problem, toPayload } = webhookUpdateForm;

/** A SALESFORCE webhook as the list gives it (the fields the dialog reads). */
const salesforceWebhook = (fields: Partial<Webhook> = {}): Webhook => ({
  id: 2,
  userId: 8,
  userProfileId: 8,
  user: {
    id: 8,
    email: 'sf@acme.test',
    profile: 'SALESFORCE',
    organizationId: '00D8',
    organizationDomain: null,
    settings: { domain: 'https://acme.my.salesforce.com' },
    userAccounts: [],
  },
  ownerDetails: { firstName: 'Sam', lastName: 'Sales', email: 'sam@acme.test' },
  addedBy: { id: 3, email: 'user@example.com' },
  hubId: '00D8',
  hubspotOwnerId: '005A',
  createdAt: '2024-03-07T09:05:00.000Z',
  webhookUrl: 'http://localhost:8080/webhooks/code-2',
  code: 'code-2',
  emailService: 'instantly',
  apiKeyId: 5,
  smartleadBaseCategories: [{ id: 'u-1', name: 'Interested' }],
  createOrUpdateCompany: false,
  createOrUpdateTask: false,
  createContactCustomProperties: true,
  assignCompanyOwner: false,
  assignContactOwner: false,
  customTaskSubject: '{event_type}: {subject}',
  logType: 1,
  salesforceObjectType: 'Lead',
  salesforceOnlyUpdate: true,
  salesforceCustomFieldObjects: ['Lead'],
  objectLookupMethod: 'optional_alternative_property',
  objectLookupIdField: 'External_Id__c',
  objectDefaultSearchProperty: null,
  optionalAlternativeProperty: null,
  userAccountWebhooks: [
    {
      id: 1,
      userAccount: { id: 4, url: 'https://mirror.test/in', description: 'Mirror' },
      eventTypes: ['EMAIL_SENT', 'EMAIL_REPLY'],
    },
  ],
  canManage: true,
  lastEvent: null,
  platformRegistration: null,
  hasSmartleadSecretKey: false,
  ...fields,
});

const salesforce = webhookUpdateFormOf(salesforceWebhook());
/** The generic dialog on a profile of another CRM, where heyreach is offered. */
const other: WebhookUpdateFormState = {
  ...webhookUpdateFormOf(salesforceWebhook({ emailService: 'smartlead', userAccountWebhooks: [] })),
  crm: 'HUBSPOT',
  createOrUpdateCompany: true,
  objectLookupMethod: 'default',
  objectLookupIdField: null,
};
const applyAll = (state: WebhookUpdateFormState, ...changes: WebhookUpdateFormChange[]) =>
  changes.reduce(apply, state);

describe('generic update dialog: starts from the webhook', () => {
  it('takes the owner, platform, key, categories, SALESFORCE settings and endpoints', () => {
    expect(salesforce).toMatchObject({
      crm: 'SALESFORCE',
      selectedOwner: {
        id: '005A',
        firstName: 'Sam',
        lastName: 'Sales',
        email: 'sam@acme.test',
        name: 'Sam Sales',
      },
      emailService: 'instantly',
      apiKeyId: 5,
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Lead'],
      fieldsCreated: true,
      logType: 1,
      salesforceObjectType: 'Lead',
      useObjectLookupField: true,
      objectLookupIdField: 'External_Id__c',
      salesforceOnlyUpdate: true,
      customTaskSubject: '{event_type}: {subject}',
      additionalEndpoints: [
        {
          userAccount: { id: 4, url: 'https://mirror.test/in', description: 'Mirror' },
          eventTypes: ['EMAIL_SENT', 'EMAIL_REPLY'],
        },
      ],
    });
  });
  it('sends back what it started from unchanged', () => {
    expect(problem(salesforce)).toBeNull();
    expect(toPayload(salesforce)).toEqual({
      selectedOwner: {
        id: '005A',
        firstName: 'Sam',
        lastName: 'Sales',
        email: 'sam@acme.test',
        name: 'Sam Sales',
      },
      emailService: 'instantly',
      apiKeyId: 5,
      smartleadBaseCategories: [{ id: 'u-1', name: 'Interested' }],
      createOrUpdateCompany: false,
      createOrUpdateTask: false,
      createContactCustomProperties: true,
      assignCompanyOwner: false,
      assignContactOwner: false,
      customTaskSubject: '{event_type}: {subject}',
      logType: 1,
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      salesforceCustomFieldObjects: ['Lead'],
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'External_Id__c',
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [
        {
          userAccount: { id: 4, description: 'Mirror' },
          eventTypes: ['EMAIL_SENT', 'EMAIL_REPLY'],
        },
      ],
    });
  });
});

describe('generic update dialog: resets (spec §4 "Webhook update dialog")', () => {
  it('to heyreach: the lookup field becomes hs_linkedin_url and company sync goes off', () => {
    expect(apply(other, { field: 'emailService', value: 'heyreach' })).toMatchObject({
      emailService: 'heyreach',
      objectLookupMethod: 'default',
      objectDefaultSearchProperty: 'hs_linkedin_url',
      createOrUpdateCompany: false,
    });
  });
  it('leaving heyreach clears the lookup field and turns company sync on', () => {
    const heyreach = apply(other, { field: 'emailService', value: 'heyreach' });
    expect(apply(heyreach, { field: 'emailService', value: 'instantly' })).toMatchObject({
      emailService: 'instantly',
      objectDefaultSearchProperty: null,
      createOrUpdateCompany: true,
    });
  });
  it('any platform change resets the endpoints’ event types (accounts stay) and clears the API key and categories', () => {
    expect(apply(salesforce, { field: 'emailService', value: 'smartlead' })).toMatchObject({
      apiKeyId: null,
      smartleadBaseCategories: [],
      additionalEndpoints: [
        {
          userAccount: { id: 4, url: 'https://mirror.test/in', description: 'Mirror' },
          eventTypes: [],
        },
      ],
    });
  });
  it('the same platform again changes nothing', () => {
    expect(apply(salesforce, { field: 'emailService', value: 'instantly' })).toBe(salesforce);
  });
  it('another key clears the categories; a failed category load clears both', () => {
    expect(apply(salesforce, { field: 'apiKeyId', value: 6 })).toMatchObject({
      apiKeyId: 6,
      smartleadBaseCategories: [],
    });
    expect(apply(salesforce, { kind: 'categories-failed' })).toMatchObject({
      apiKeyId: null,
      smartleadBaseCategories: [],
    });
  });
  it('log type 0 clears the custom task subject', () => {
    expect(apply(salesforce, { field: 'logType', value: 0 })).toMatchObject({
      logType: 0,
      customTaskSubject: '',
    });
    expect(toPayload(apply(salesforce, { field: 'logType', value: 0 }))).toMatchObject({
      logType: 0,
      customTaskSubject: null,
    });
  });
  it('the os_objectlookup_id checkbox off clears the field and sends the default lookup', () => {
    const off = apply(salesforce, { field: 'useObjectLookupField', value: false });
    expect(off.objectLookupIdField).toBeNull();
    expect(toPayload(off)).toMatchObject({
      objectLookupMethod: 'default',
      objectLookupIdField: null,
    });
  });
});

describe('generic update dialog: messages (spec §5 "Webhook update dialogs")', () => {
  it('"Custom Field Objects not selected" for SALESFORCE with custom fields on and no objects', () => {
    expect(problem({ ...salesforce, salesforceCustomFieldObjects: [] })?.message).toBe(
      'Custom Field Objects not selected',
    );
    expect(
      problem({
        ...salesforce,
        createContactCustomProperties: false,
        salesforceCustomFieldObjects: [],
      }),
    ).toBeNull();
  });
  it('"Select Contact Search Property for HeyReach" when heyreach has none', () => {
    const heyreach = applyAll(
      other,
      { field: 'emailService', value: 'heyreach' },
      { field: 'objectDefaultSearchProperty', value: '' },
    );
    expect(problem(heyreach)?.message).toBe('Select Contact Search Property for HeyReach');
    expect(
      problem(apply(heyreach, { field: 'objectDefaultSearchProperty', value: 'hs_linkedin_url' })),
    ).toBeNull();
  });
  it('"Enter Custom Task Subject" for log type 1 with a subject that is blank, unbalanced or uses another snippet', () => {
    for (const subject of ['', '{subject', 'Hi {first_name}'])
      expect(problem({ ...salesforce, customTaskSubject: subject })?.message).toBe(
        'Enter Custom Task Subject',
      );
    expect(problem({ ...salesforce, logType: 0, customTaskSubject: '' })).toBeNull();
  });
  it('the create rules too: owner, categories, event types; no "Fields not created" on update', () => {
    expect(problem({ ...salesforce, selectedOwner: null })?.message).toBe('Select Owner');
    expect(problem({ ...salesforce, smartleadBaseCategories: [] })?.message).toBe(
      'Select Category-based filter',
    );
    expect(problem(apply(salesforce, { field: 'emailService', value: 'smartlead' }))?.message).toBe(
      'Select Event Types',
    );
    expect(problem({ ...salesforce, fieldsCreated: false })).toBeNull();
  });
  it('bison sends no API key and categories', () => {
    const bison = applyAll(
      salesforce,
      { field: 'emailService', value: 'bison' },
      { field: 'additionalEndpoints', value: [] },
    );
    expect(problem(bison)).toBeNull();
    expect(toPayload(bison)).toMatchObject({
      emailService: 'bison',
      apiKeyId: null,
      smartleadBaseCategories: [],
    });
  });
  it('starts from whether the webhook has a secret key, and sends its change for smartlead only', () => {
    const keyed = webhookUpdateFormOf(
      salesforceWebhook({ emailService: 'smartlead', hasSmartleadSecretKey: true }),
    );
    expect(keyed.smartleadSecretKey).toEqual({ stored: true, typed: '', cleared: false });
    expect(toPayload(keyed)).not.toHaveProperty('smartleadSecretKey', expect.anything());
    const cleared = apply(keyed, {
      field: 'smartleadSecretKey',
      value: { ...keyed.smartleadSecretKey, cleared: true },
    });
    expect(toPayload(cleared).smartleadSecretKey).toBeNull();
    expect(
      toPayload(apply(cleared, { field: 'emailService', value: 'instantly' })).smartleadSecretKey,
    ).toBeUndefined();
  });
});
