import type { CrmOwner, SalesforcePermission } from '../contract';
import {
  CREATE_FIELDS_FAILED,
  createFieldsPayload,
  createFieldsProblem,
  createFieldsToast,
  createFieldsFailedToast,
  customFieldObjectOptions,
  defaultPermissionId,
  offersApiKey,
  ownerOptionLabel,
  salesforceObjectOptions,
  webhookPlatformOptions,
  writeModeOptions,
  logTypeOptions,
} from './webhook-salesforce-fields';
import {
  emptySalesforceWebhookForm,
  salesforceWebhookForm,
  type SalesforceWebhookFormChange,
  type SalesforceWebhookFormState,
} from './webhook-salesforce-form';

const { apply, problem, toPayload } = salesforceWebhookForm;
const owner: CrmOwner = {
  id: '005A',
  firstName: 'Sam',
  lastName: 'Sales',
  email: 'sam@acme.test',
  name: 'Sam Sales',
};
const mirror = { id: 4, url: 'https://mirror.test/in', description: 'Mirror' };
const applyAll = (state: SalesforceWebhookFormState, ...changes: SalesforceWebhookFormChange[]) =>
  changes.reduce(apply, state);
const permissions: SalesforcePermission[] = [
  { Id: '0PS000000000001', Name: 'Sales_User', Label: 'Sales User' },
  { Id: '0PS000000000002', Name: 'System Administrator', Label: 'System Administrator' },
];

/** A form an owner could submit: smartlead with a key and a category, a code, log type 0. */
const ready: SalesforceWebhookFormState = {
  ...emptySalesforceWebhookForm(8),
  selectedOwner: owner,
  emailService: 'smartlead',
  code: 'abc',
  webhookUrl: 'http://localhost:8080/webhooks/abc',
  apiKeyId: 3,
  smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
};

describe('SALESFORCE create form: options and defaults (spec §2, §9)', () => {
  it('offers every platform but heyreach; other CRMs all four', () => {
    expect(webhookPlatformOptions('SALESFORCE').map((option) => option.value)).toEqual([
      'smartlead',
      'instantly',
      'bison',
    ]);
    expect(webhookPlatformOptions('HUBSPOT').map((option) => option.value)).toEqual([
      'smartlead',
      'instantly',
      'bison',
      'heyreach',
    ]);
  });
  it('has an API Key input for smartlead and instantly only', () => {
    expect(
      (['smartlead', 'instantly', 'bison', 'heyreach', null] as const).map((platform) =>
        offersApiKey('SALESFORCE', platform),
      ),
    ).toEqual([true, true, false, false, false]);
  });
  it('starts with log type 0, the first object, Upsert, no custom fields and no code', () => {
    const empty = emptySalesforceWebhookForm(8);
    expect(empty).toMatchObject({
      userProfileId: 8,
      logType: 0,
      salesforceObjectType: 'Contact',
      salesforceOnlyUpdate: false,
      createContactCustomProperties: false,
      code: null,
      webhookUrl: '',
    });
    expect(salesforceObjectOptions[0].value).toBe(empty.salesforceObjectType);
    expect(writeModeOptions.map((option) => option.label)).toEqual(['Upsert', 'Update Only']);
    expect(logTypeOptions).toEqual([
      { value: 0, label: 'Email Object' },
      { value: 1, label: 'Task Object' },
    ]);
    expect(customFieldObjectOptions).toEqual(['Lead', 'Contact', 'Task', 'EmailMessage']);
  });
  it('labels an owner by name plus email', () => {
    expect(ownerOptionLabel(owner)).toBe('Sam Sales sam@acme.test');
    expect(ownerOptionLabel({ ...owner, name: '' })).toBe('Sam Sales sam@acme.test');
  });
});

describe('SALESFORCE create form: resets (spec §4)', () => {
  it.each(['selectedOwner', 'emailService'] as const)(
    'picking %s drops the code, the API key and the categories',
    (field) => {
      const value = field === 'selectedOwner' ? { ...owner, id: '005B' } : 'instantly';
      const next = apply(ready, { field, value } as SalesforceWebhookFormChange);
      expect(next).toMatchObject({
        [field]: value,
        code: null,
        webhookUrl: '',
        apiKeyId: null,
        smartleadBaseCategories: [],
      });
    },
  );
  it('another platform empties the endpoints’ event types (they differ per platform); another owner keeps them', () => {
    const withEndpoint = {
      ...ready,
      additionalEndpoints: [{ userAccount: mirror, eventTypes: ['EMAIL_SENT'] }],
    };
    expect(
      apply(withEndpoint, { field: 'emailService', value: 'bison' }).additionalEndpoints,
    ).toEqual([{ userAccount: mirror, eventTypes: [] }]);
    expect(
      apply(withEndpoint, { field: 'selectedOwner', value: owner }).additionalEndpoints,
    ).toEqual(withEndpoint.additionalEndpoints);
  });
  it('takes the code generated for the pick, with its URL', () => {
    expect(
      apply(emptySalesforceWebhookForm(8), {
        kind: 'code-generated',
        code: 'new',
        webhookUrl: 'http://x/webhooks/new',
      }),
    ).toMatchObject({ code: 'new', webhookUrl: 'http://x/webhooks/new' });
  });
  it('another API key clears the categories', () => {
    expect(apply(ready, { field: 'apiKeyId', value: 4 })).toMatchObject({
      apiKeyId: 4,
      smartleadBaseCategories: [],
    });
  });
  it('clears the API key and categories when the categories cannot be loaded (spec §8)', () => {
    expect(apply(ready, { kind: 'categories-failed' })).toMatchObject({
      apiKeyId: null,
      smartleadBaseCategories: [],
    });
  });
  it('log type 0 clears the custom task subject; 1 keeps it', () => {
    const task = applyAll(
      ready,
      { field: 'logType', value: 1 },
      { field: 'customTaskSubject', value: 'Re: {subject}' },
    );
    expect(apply(task, { field: 'logType', value: 1 }).customTaskSubject).toBe('Re: {subject}');
    expect(apply(task, { field: 'logType', value: 0 })).toMatchObject({
      logType: 0,
      customTaskSubject: '',
    });
  });
  it('Create Fields sets the fields-created flag, a failure resets it, other objects need it again', () => {
    const chosen = applyAll(
      ready,
      { field: 'createContactCustomProperties', value: true },
      { field: 'salesforceCustomFieldObjects', value: ['Lead'] },
    );
    const created = apply(chosen, { kind: 'fields-created', ok: true });
    expect(created.fieldsCreated).toBe(true);
    expect(apply(created, { kind: 'fields-created', ok: false }).fieldsCreated).toBe(false);
    expect(
      apply(created, { field: 'salesforceCustomFieldObjects', value: ['Lead', 'Task'] })
        .fieldsCreated,
    ).toBe(false);
  });
  it('preselects System Administrator when the permission sets arrive, and keeps a choice made', () => {
    expect(defaultPermissionId(permissions)).toBe('0PS000000000002');
    expect(defaultPermissionId(permissions.slice(0, 1))).toBeNull();
    expect(apply(ready, { kind: 'permissions-loaded', permissions }).permissionId).toBe(
      '0PS000000000002',
    );
    const chosen = apply(ready, { field: 'permissionId', value: '0PS000000000001' });
    expect(apply(chosen, { kind: 'permissions-loaded', permissions }).permissionId).toBe(
      '0PS000000000001',
    );
  });
  it('another object, or the os_objectlookup_id checkbox off, clears the chosen field', () => {
    const withField = applyAll(
      ready,
      { field: 'useObjectLookupField', value: true },
      { field: 'objectLookupIdField', value: 'External_Id__c' },
    );
    expect(apply(withField, { field: 'salesforceObjectType', value: 'Lead' })).toMatchObject({
      salesforceObjectType: 'Lead',
      objectLookupIdField: null,
    });
    expect(apply(withField, { field: 'useObjectLookupField', value: false })).toMatchObject({
      useObjectLookupField: false,
      objectLookupIdField: null,
    });
  });
  it('starts again for the same profile after a create', () => {
    expect(apply(ready, { kind: 'created' })).toEqual(emptySalesforceWebhookForm(8));
  });
});

describe('SALESFORCE create form: messages in order (spec §5)', () => {
  const taskSubject = (customTaskSubject: string) => ({
    ...ready,
    logType: 1 as const,
    customTaskSubject,
  });
  it.each<[string, string, SalesforceWebhookFormState]>([
    ['no owner', 'Select Owner', { ...ready, selectedOwner: null }],
    ['no platform', 'Select Sales Engagement Platform', { ...ready, emailService: null }],
    [
      'a key without categories',
      'Select Category-based filter',
      { ...ready, smartleadBaseCategories: [] },
    ],
    [
      'an endpoint without event types',
      'Select Event Types',
      { ...ready, additionalEndpoints: [{ userAccount: mirror, eventTypes: [] }] },
    ],
    [
      'the same endpoint twice',
      'Endpoint is already selected',
      {
        ...ready,
        additionalEndpoints: [
          { userAccount: mirror, eventTypes: ['EMAIL_SENT'] },
          { userAccount: mirror, eventTypes: ['EMAIL_OPEN'] },
        ],
      },
    ],
    [
      'custom fields without Create Fields',
      'Fields not created',
      { ...ready, createContactCustomProperties: true, salesforceCustomFieldObjects: ['Lead'] },
    ],
    [
      'custom fields without objects',
      'Objects for custom fields not selected',
      { ...ready, createContactCustomProperties: true, fieldsCreated: true },
    ],
    ['log type 1 without a subject', 'Enter Custom Task Subject', taskSubject(' ')],
    ['an unbalanced subject', 'Enter Custom Task Subject', taskSubject('Re: {subject')],
    ['a snippet outside the list', 'Enter Custom Task Subject', taskSubject('Hi {first_name}')],
  ])('%s: "%s"', (_, message, state) => {
    expect(problem(state)?.message).toBe(message);
  });
  it('accepts a complete form, log type 1 with allowed snippets, and bison without key or categories', () => {
    expect(problem(ready)).toBeNull();
    expect(
      problem(taskSubject('{event_type} for {to_name} <{to_email}> in {campaign_name}')),
    ).toBeNull();
    expect(
      problem({ ...ready, emailService: 'bison', apiKeyId: null, smartleadBaseCategories: [] }),
    ).toBeNull();
    expect(problem({ ...ready, apiKeyId: null, smartleadBaseCategories: [] })).toBeNull();
    expect(
      problem({
        ...ready,
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Lead'],
        fieldsCreated: true,
      }),
    ).toBeNull();
  });
});

describe('SALESFORCE create form: the payload (spec §3, §4 "On submit")', () => {
  it('sends the profile, code, owner and the SALESFORCE settings', () => {
    expect(
      toPayload({
        ...ready,
        logType: 1,
        customTaskSubject: 'Re: {subject}',
        salesforceObjectType: 'Lead',
        salesforceOnlyUpdate: true,
      }),
    ).toEqual({
      selectedOwner: owner,
      emailService: 'smartlead',
      apiKeyId: 3,
      smartleadBaseCategories: [{ id: 1, name: 'Interested' }],
      createOrUpdateCompany: false,
      createOrUpdateTask: false,
      createContactCustomProperties: false,
      assignCompanyOwner: false,
      assignContactOwner: false,
      customTaskSubject: 'Re: {subject}',
      logType: 1,
      salesforceObjectType: 'Lead',
      salesforceOnlyUpdate: true,
      salesforceCustomFieldObjects: [],
      objectLookupMethod: 'default',
      objectLookupIdField: null,
      objectDefaultSearchProperty: null,
      optionalAlternativeProperty: null,
      additionalEndpoints: [],
      userProfileId: 8,
      code: 'abc',
      webhookUrl: 'http://localhost:8080/webhooks/abc',
    });
  });
  it('bison drops the API key and categories', () => {
    expect(toPayload({ ...ready, emailService: 'bison' })).toMatchObject({
      emailService: 'bison',
      apiKeyId: null,
      smartleadBaseCategories: [],
    });
  });
  it('log type 0 sends no task subject; custom fields off send no objects', () => {
    expect(
      toPayload({
        ...ready,
        customTaskSubject: 'left over',
        salesforceCustomFieldObjects: ['Lead'],
      }),
    ).toMatchObject({ customTaskSubject: null, salesforceCustomFieldObjects: [] });
    expect(
      toPayload({
        ...ready,
        createContactCustomProperties: true,
        salesforceCustomFieldObjects: ['Lead', 'Task'],
        fieldsCreated: true,
      }),
    ).toMatchObject({
      createContactCustomProperties: true,
      salesforceCustomFieldObjects: ['Lead', 'Task'],
    });
  });
  it('the os_objectlookup_id field makes the lookup try it before the email', () => {
    expect(
      toPayload({ ...ready, useObjectLookupField: true, objectLookupIdField: 'External_Id__c' }),
    ).toMatchObject({
      objectLookupMethod: 'optional_alternative_property',
      objectLookupIdField: 'External_Id__c',
    });
    expect(
      toPayload({ ...ready, useObjectLookupField: true, objectLookupIdField: null }),
    ).toMatchObject({ objectLookupMethod: 'default', objectLookupIdField: null });
  });
  it('leaves blank endpoint rows out', () => {
    const rows = [
      { userAccount: mirror, eventTypes: ['EMAIL_SENT'] },
      { userAccount: null, eventTypes: [] },
    ];
    expect(toPayload({ ...ready, additionalEndpoints: rows }).additionalEndpoints).toEqual([
      { userAccount: { id: 4, description: 'Mirror' }, eventTypes: ['EMAIL_SENT'] },
    ]);
  });
});

describe('Create Fields (spec §4, §8)', () => {
  it('needs objects, then a permission set', () => {
    expect(
      createFieldsProblem({ salesforceCustomFieldObjects: [], permissionId: 'x' })?.message,
    ).toBe('Objects for custom fields not selected');
    expect(
      createFieldsProblem({ salesforceCustomFieldObjects: ['Lead'], permissionId: null })?.message,
    ).toBe('Select Permissions');
    expect(
      createFieldsProblem({ salesforceCustomFieldObjects: ['Lead'], permissionId: 'x' }),
    ).toBeNull();
  });
  it('sends the profile, the permission set and the objects in their list order', () => {
    expect(
      createFieldsPayload(8, {
        salesforceCustomFieldObjects: ['Task', 'Lead'],
        permissionId: '0PS000000000002',
      }),
    ).toEqual({
      userProfileId: 8,
      permissionId: '0PS000000000002',
      customFields: ['Lead', 'Task'],
    });
  });
  it("shows the server's message: success for 3 s, a refusal persistent; a failed request 'Failed to create properties', persistent", () => {
    expect(createFieldsToast({ success: true, message: 'Fields created' })).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Fields created',
      life: 3000,
    });
    expect(createFieldsToast({ success: false, message: 'No access' })).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'No access',
      life: 0,
    });
    expect(createFieldsFailedToast).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: CREATE_FIELDS_FAILED,
      life: 0,
    });
    expect(CREATE_FIELDS_FAILED).toBe('Failed to create properties');
  });
});
