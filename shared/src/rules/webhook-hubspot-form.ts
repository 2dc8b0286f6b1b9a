import {
  bisonLeadCategory,
  type BodyOf,
  type CrmOwner,
  type ObjectLookupMethod,
  type OptionalAlternativeProperty,
  type Platform,
  type SmartleadBaseCategory,
  type Webhook,
} from '../contract/index.js';
import {
  isFieldChange,
  withField,
  type FieldChange,
  type FormProblem,
  type FormRules,
} from './form.js';
import {
  applyEndpointRows,
  endpointRowsOf,
  endpointRowsPayload,
  initialEndpointRows,
  type EndpointRow,
} from './webhook-endpoint-rows.js';
import { secretKeyEditOf, secretKeyPayload, type SecretKeyEdit } from './webhook-secret-key.js';
import {
  HEYREACH_DEFAULT_SEARCH_PROPERTY,
  hubspotWebhookProblem,
  normalizeWebhookSettings,
  webhookLookupWarning,
  webhookMessages,
  type WebhookRuleValues,
} from './webhook-payload.js';

/** spec §3 "Approved events": every event, or only those of the chosen lead categories. */
export type ApprovedEvents = 'all' | 'filtered';

/** spec §4: what other platforms than heyreach preselect for the lookup field and the email field. */
export const DEFAULT_LOOKUP_ID_FIELD = 'hs_object_id';
export const DEFAULT_EMAIL_PROPERTY = 'email';

/** The owner as the form holds it: a HubSpot owner, or the stored owner of a webhook being updated. */
export type WebhookOwner = Pick<CrmOwner, 'id' | 'firstName' | 'lastName' | 'email' | 'name'>;

/**
 * The HubSpot create form and update dialog (spec §2). The lookup inputs are held as the screen shows
 * them: "Profile URL" (heyreach: the default search property, or the optional alternative's
 * profile_url), "Email" (the optional alternative's email) and "Object lookup selection"; toPayload
 * turns them into the payload's fields for the chosen method.
 */
export interface HubspotWebhookFormState {
  userProfileId: number | null;
  selectedOwner: WebhookOwner | null;
  emailService: Platform | null;
  /** From POST /api/admin/webhooks/generate; blank while a new one is on its way. */
  code: string;
  webhookUrl: string;
  objectLookupMethod: ObjectLookupMethod | null;
  objectLookupIdField: string;
  profileUrlProperty: string;
  emailProperty: string;
  createOrUpdateCompany: boolean;
  createContactCustomProperties: boolean;
  assignCompanyOwner: boolean;
  assignContactOwner: boolean;
  createOrUpdateTask: boolean;
  approvedEvents: ApprovedEvents;
  apiKeyId: number | null;
  smartleadBaseCategories: SmartleadBaseCategory[];
  additionalEndpoints: EndpointRow[];
  smartleadSecretKey: SecretKeyEdit;
}

export type HubspotWebhookField = keyof HubspotWebhookFormState;
/** `codeGenerated`: the answer of the generate call the form asked for (see regeneratesCode). */
export type HubspotWebhookFormChange =
  | FieldChange<HubspotWebhookFormState>
  | { kind: 'codeGenerated'; code: string; webhookUrl: string };

/** spec §4 "{server}/webhooks/{code}". */
export const webhookUrlOf = (server: string, code: string): string =>
  `${server.replace(/\/+$/, '')}/webhooks/${code}`;

/** spec §2: the API key input shows when the events are filtered and the platform reads its categories through a key (not bison). */
export const showsApiKey = (
  state: Pick<HubspotWebhookFormState, 'approvedEvents' | 'emailService'>,
): boolean =>
  state.approvedEvents === 'filtered' &&
  (state.emailService === 'smartlead' ||
    state.emailService === 'instantly' ||
    state.emailService === 'heyreach');

/** spec §2: the category-based filter shows when the events are filtered. */
export const showsCategories = (state: Pick<HubspotWebhookFormState, 'approvedEvents'>): boolean =>
  state.approvedEvents === 'filtered';

/** spec §4: bison's one fixed category is its only choice; the others' come from their API key. */
export const fixedCategories = (platform: Platform | null): SmartleadBaseCategory[] | null =>
  platform === 'bison' ? [{ ...bisonLeadCategory }] : null;

/** Which lookup inputs the screen shows for the platform and method (spec §2 "HUBSPOT create form"). */
export function lookupInputs(
  state: Pick<HubspotWebhookFormState, 'emailService' | 'objectLookupMethod'>,
): { profileUrl: boolean; lookupField: boolean; email: boolean } {
  const heyReach = state.emailService === 'heyreach';
  const method = state.objectLookupMethod;
  return {
    profileUrl: heyReach && (method === 'default' || method === 'optional_alternative_property'),
    lookupField: method === 'alternative_property' || method === 'optional_alternative_property',
    email: heyReach && method === 'optional_alternative_property',
  };
}

export const emptyHubspotWebhookForm = (userProfileId: number | null): HubspotWebhookFormState => ({
  userProfileId,
  selectedOwner: null,
  emailService: null,
  code: '',
  webhookUrl: '',
  objectLookupMethod: null,
  objectLookupIdField: '',
  profileUrlProperty: '',
  emailProperty: '',
  createOrUpdateCompany: false,
  createContactCustomProperties: false,
  assignCompanyOwner: false,
  assignContactOwner: false,
  createOrUpdateTask: false,
  approvedEvents: 'all',
  apiKeyId: null,
  smartleadBaseCategories: [],
  additionalEndpoints: initialEndpointRows(),
  smartleadSecretKey: secretKeyEditOf(false),
});

/** The update dialog starts from the stored webhook. */
export function hubspotWebhookFormOf(webhook: Webhook): HubspotWebhookFormState {
  const packed = webhook.optionalAlternativeProperty ?? {};
  const { firstName, lastName, email } = webhook.ownerDetails;
  return {
    userProfileId: webhook.userProfileId,
    selectedOwner: {
      id: webhook.hubspotOwnerId,
      firstName,
      lastName,
      email,
      name: `${firstName} ${lastName}`.trim(),
    },
    emailService: webhook.emailService,
    code: webhook.code,
    webhookUrl: webhook.webhookUrl,
    objectLookupMethod: webhook.objectLookupMethod,
    objectLookupIdField: webhook.objectLookupIdField ?? packed.os_objectlookup_id ?? '',
    profileUrlProperty: webhook.objectDefaultSearchProperty ?? packed.profile_url ?? '',
    emailProperty: packed.email ?? '',
    createOrUpdateCompany: webhook.createOrUpdateCompany,
    createContactCustomProperties: webhook.createContactCustomProperties,
    assignCompanyOwner: webhook.assignCompanyOwner,
    assignContactOwner: webhook.assignContactOwner,
    createOrUpdateTask: webhook.createOrUpdateTask,
    approvedEvents: webhook.smartleadBaseCategories.length > 0 ? 'filtered' : 'all',
    apiKeyId: webhook.apiKeyId,
    smartleadBaseCategories: webhook.smartleadBaseCategories.map((category) => ({ ...category })),
    additionalEndpoints: endpointRowsOf(webhook.userAccountWebhooks),
    smartleadSecretKey: secretKeyEditOf(webhook.hasSmartleadSecretKey),
  };
}

/** spec §4: selecting an owner or a platform on the create form asks for a new code and URL. */
export const regeneratesCode = (change: HubspotWebhookFormChange): boolean =>
  isFieldChange(change) && (change.field === 'selectedOwner' || change.field === 'emailService');

const withoutKeyAndCategories = (state: HubspotWebhookFormState): HubspotWebhookFormState => ({
  ...state,
  apiKeyId: null,
  smartleadBaseCategories: [],
});
const withEndpointTypesReset = (state: HubspotWebhookFormState): HubspotWebhookFormState => ({
  ...state,
  additionalEndpoints: applyEndpointRows(state.additionalEndpoints, { kind: 'platformChanged' })
    .rows,
});

/** The changes both forms treat alike: ALL/FILTERED clears the categories, another key clears its categories. */
function applyCommon(
  state: HubspotWebhookFormState,
  change: HubspotWebhookFormChange,
): HubspotWebhookFormState {
  if (!isFieldChange(change)) return { ...state, code: change.code, webhookUrl: change.webhookUrl };
  const next = withField(state, change);
  if (change.field === 'approvedEvents') return { ...next, smartleadBaseCategories: [] };
  if (change.field === 'apiKeyId') return { ...next, smartleadBaseCategories: [] };
  return next;
}

/**
 * spec §4 "Webhook create flow":
 * - an owner or a platform clears the API key and categories, and the code and URL until the new ones come;
 * - a platform resets the lookup method to default, sets company sync off for heyreach and on otherwise,
 *   preselects hs_linkedin_url (heyreach) or hs_object_id and email (the others), and empties the endpoints' event types.
 */
function applyCreate(
  state: HubspotWebhookFormState,
  change: HubspotWebhookFormChange,
): HubspotWebhookFormState {
  if (!isFieldChange(change)) return applyCommon(state, change);
  if (change.field === 'selectedOwner')
    return { ...withoutKeyAndCategories(withField(state, change)), code: '', webhookUrl: '' };
  if (change.field === 'emailService') {
    const platform = change.value;
    const heyReach = platform === 'heyreach';
    return withEndpointTypesReset({
      ...withoutKeyAndCategories(withField(state, change)),
      code: '',
      webhookUrl: '',
      objectLookupMethod: 'default',
      createOrUpdateCompany: !heyReach,
      profileUrlProperty: heyReach ? HEYREACH_DEFAULT_SEARCH_PROPERTY : '',
      objectLookupIdField: heyReach ? '' : DEFAULT_LOOKUP_ID_FIELD,
      emailProperty: heyReach ? '' : DEFAULT_EMAIL_PROPERTY,
    });
  }
  return applyCommon(state, change);
}

/**
 * spec §4 "Webhook update dialog": to heyreach sets its lookup field to hs_linkedin_url and company
 * sync off; leaving heyreach clears the lookup field and turns company sync on; any platform change
 * empties the endpoints' event types. The code stays. A key and categories belong to one platform, so
 * they go with it (the api refuses another platform's key).
 */
function applyUpdate(
  state: HubspotWebhookFormState,
  change: HubspotWebhookFormChange,
): HubspotWebhookFormState {
  if (!isFieldChange(change) || change.field !== 'emailService') return applyCommon(state, change);
  if (change.value === state.emailService) return state;
  const next = withEndpointTypesReset(withoutKeyAndCategories(withField(state, change)));
  if (change.value === 'heyreach')
    return {
      ...next,
      profileUrlProperty: HEYREACH_DEFAULT_SEARCH_PROPERTY,
      objectLookupIdField: '',
      createOrUpdateCompany: false,
    };
  if (state.emailService === 'heyreach')
    return {
      ...next,
      profileUrlProperty: '',
      objectLookupIdField: '',
      createOrUpdateCompany: true,
    };
  return next;
}

/** The state as the shared webhook rules read it: what the screen shows, nothing it hides. */
export function hubspotRuleValues(state: HubspotWebhookFormState): WebhookRuleValues {
  const heyReach = state.emailService === 'heyreach';
  const method = state.objectLookupMethod;
  const optional: OptionalAlternativeProperty | null =
    method === 'optional_alternative_property'
      ? {
          email: state.emailProperty,
          ...(heyReach ? { profile_url: state.profileUrlProperty } : {}),
        }
      : null;
  return {
    selectedOwner: state.selectedOwner,
    emailService: state.emailService,
    apiKeyId: showsApiKey(state) ? state.apiKeyId : null,
    smartleadBaseCategories: showsCategories(state) ? state.smartleadBaseCategories : [],
    createOrUpdateCompany: state.createOrUpdateCompany,
    createContactCustomProperties: state.createContactCustomProperties,
    customTaskSubject: null,
    logType: null,
    salesforceCustomFieldObjects: [],
    objectLookupMethod: method,
    objectLookupIdField: state.objectLookupIdField,
    objectDefaultSearchProperty: heyReach && method === 'default' ? state.profileUrlProperty : null,
    optionalAlternativeProperty: optional,
    additionalEndpoints: state.additionalEndpoints,
  };
}

/** spec §5: the warning shown on submit that does not stop it ("Select Object Lookup Field"). */
export const hubspotWebhookWarning = (state: HubspotWebhookFormState): string | null =>
  webhookLookupWarning(hubspotRuleValues(state));

/** Drops blank keys of the packed optional alternative (the non-heyreach one is sent as it was chosen). */
function packedOf(
  value: OptionalAlternativeProperty | null | undefined,
): OptionalAlternativeProperty | null {
  if (!value) return null;
  const packed: OptionalAlternativeProperty = {};
  for (const key of ['email', 'profile_url', 'os_objectlookup_id'] as const) {
    const property = value[key]?.trim();
    if (property) packed[key] = property;
  }
  return packed;
}

type HubspotWebhookPayload = BodyOf<'createWebhook'>;

/** spec §4 "On submit": the request, with what the chosen method does not use cleared and no key without a category. */
function toPayload(state: HubspotWebhookFormState): HubspotWebhookPayload {
  const normalized = normalizeWebhookSettings('HUBSPOT', hubspotRuleValues(state));
  const owner = state.selectedOwner;
  return {
    selectedOwner: owner
      ? {
          id: owner.id,
          firstName: owner.firstName,
          lastName: owner.lastName,
          email: owner.email,
          name: owner.name,
        }
      : null,
    userProfileId: state.userProfileId,
    code: state.code,
    webhookUrl: state.webhookUrl,
    emailService: state.emailService,
    apiKeyId: normalized.apiKeyId ?? null,
    smartleadBaseCategories: normalized.smartleadBaseCategories.map((category) => ({
      ...category,
    })),
    createOrUpdateCompany: normalized.createOrUpdateCompany,
    createContactCustomProperties: state.createContactCustomProperties,
    assignCompanyOwner: state.assignCompanyOwner,
    assignContactOwner: state.assignContactOwner,
    createOrUpdateTask: state.createOrUpdateTask,
    objectLookupMethod: state.objectLookupMethod,
    objectLookupIdField: normalized.objectLookupIdField || null,
    objectDefaultSearchProperty: normalized.objectDefaultSearchProperty || null,
    optionalAlternativeProperty: packedOf(normalized.optionalAlternativeProperty),
    additionalEndpoints: endpointRowsPayload(state.additionalEndpoints),
    smartleadSecretKey: secretKeyPayload(state.smartleadSecretKey, state.emailService),
  };
}

/**
 * FILTERED chosen with no API key (where the platform reads its categories through one) or no category:
 * refused with the spec's message, never saved as ALL (issue 56: a person would believe the events filtered).
 */
export function filteredWithoutFilterProblem(
  state: Pick<
    HubspotWebhookFormState,
    'approvedEvents' | 'emailService' | 'apiKeyId' | 'smartleadBaseCategories'
  >,
): FormProblem<'apiKeyId' | 'smartleadBaseCategories'> | null {
  if (state.approvedEvents !== 'filtered') return null;
  if (showsApiKey(state) && (state.apiKeyId === null || state.apiKeyId === undefined))
    return { field: 'apiKeyId', message: webhookMessages.apiKey };
  if (state.smartleadBaseCategories.length === 0)
    return { field: 'smartleadBaseCategories', message: webhookMessages.categories };
  return null;
}

const problem = (state: HubspotWebhookFormState): FormProblem<HubspotWebhookField> | null => {
  const found = hubspotWebhookProblem(hubspotRuleValues(state));
  if (!found) return state.emailService ? filteredWithoutFilterProblem(state) : null;
  // the packed optional alternative is the screen's Email and Profile URL inputs
  const field: HubspotWebhookField =
    found.field === 'optionalAlternativeProperty' || found.field === 'objectDefaultSearchProperty'
      ? 'profileUrlProperty'
      : (found.field as HubspotWebhookField);
  return { field, message: found.message };
};

/** The "Create a webhook" form for a HUBSPOT profile (spec §2, §4, §5). */
export const hubspotWebhookCreateForm: FormRules<
  HubspotWebhookFormState,
  HubspotWebhookFormChange,
  HubspotWebhookPayload,
  HubspotWebhookField
> = {
  apply: applyCreate,
  problem,
  toPayload,
};

/** The "Update Webhook HubSpot" dialog: the create form's lookup rules (spec §5), the update dialog's resets (spec §4). */
export const hubspotWebhookUpdateForm: FormRules<
  HubspotWebhookFormState,
  HubspotWebhookFormChange,
  BodyOf<'updateWebhook'>,
  HubspotWebhookField
> = {
  apply: applyUpdate,
  problem,
  toPayload,
};
