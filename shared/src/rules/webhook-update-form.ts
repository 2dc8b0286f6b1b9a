import type {
  CrmOwner,
  CrmType,
  ObjectLookupMethod,
  OptionalAlternativeProperty,
  Platform,
  SmartleadBaseCategory,
  Webhook,
  WebhookUpdate,
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
  type EndpointRow,
} from './webhook-endpoint-rows.js';
import {
  HEYREACH_DEFAULT_SEARCH_PROPERTY,
  hubspotWebhookProblem,
  normalizeWebhookSettings,
  salesforceWebhookProblem,
  webhookMessages,
  type WebhookRuleValues,
} from './webhook-payload.js';
import { secretKeyEditOf, secretKeyPayload, type SecretKeyEdit } from './webhook-secret-key.js';
import {
  applySalesforceEvent,
  emptySalesforceFields,
  salesforceLookupOf,
  salesforceObjectOptions,
  withSalesforceFieldResets,
  type SalesforceFieldsChange,
  type SalesforceFieldsState,
} from './webhook-salesforce-fields.js';

/**
 * The generic "Update Webhook" dialog (spec §2 "Update dialogs", for profiles other than HUBSPOT): the
 * create form's fields, "Contact Search Property" for heyreach and the SALESFORCE-only fields. The
 * settings the dialog shows no input for are kept and sent back (the update replaces the stored settings).
 */
export interface WebhookUpdateFormState extends SalesforceFieldsState {
  crm: CrmType;
  selectedOwner: CrmOwner | null;
  emailService: Platform | null;
  apiKeyId: number | null;
  smartleadBaseCategories: SmartleadBaseCategory[];
  createOrUpdateCompany: boolean;
  createOrUpdateTask: boolean;
  assignCompanyOwner: boolean;
  assignContactOwner: boolean;
  objectLookupMethod: ObjectLookupMethod | null;
  /** heyreach: the "Contact Search Property" the profile URL is looked up by (the lookup's default search property). */
  objectDefaultSearchProperty: string | null;
  optionalAlternativeProperty: OptionalAlternativeProperty | null;
  additionalEndpoints: EndpointRow[];
  smartleadSecretKey: SecretKeyEdit;
}

export type WebhookUpdateFormChange =
  | FieldChange<WebhookUpdateFormState>
  | SalesforceFieldsChange
  /** spec §8: the key's lead categories could not be loaded: the API key and categories are cleared. */
  | { kind: 'categories-failed' };

/** The dialog starts from the webhook as the list gives it. */
export function webhookUpdateFormOf(webhook: Webhook): WebhookUpdateFormState {
  const { ownerDetails } = webhook;
  const lookupField =
    webhook.objectLookupIdField ?? webhook.optionalAlternativeProperty?.os_objectlookup_id ?? null;
  return {
    ...emptySalesforceFields,
    crm: webhook.user.profile,
    selectedOwner: {
      id: webhook.hubspotOwnerId,
      firstName: ownerDetails.firstName,
      lastName: ownerDetails.lastName,
      email: ownerDetails.email,
      name: `${ownerDetails.firstName} ${ownerDetails.lastName}`.trim(),
    },
    emailService: webhook.emailService,
    apiKeyId: webhook.apiKeyId,
    smartleadBaseCategories: webhook.smartleadBaseCategories,
    createOrUpdateCompany: webhook.createOrUpdateCompany,
    createOrUpdateTask: webhook.createOrUpdateTask,
    assignCompanyOwner: webhook.assignCompanyOwner,
    assignContactOwner: webhook.assignContactOwner,
    objectLookupMethod: webhook.objectLookupMethod,
    objectDefaultSearchProperty: webhook.objectDefaultSearchProperty,
    optionalAlternativeProperty: webhook.optionalAlternativeProperty,
    additionalEndpoints: endpointRowsOf(webhook.userAccountWebhooks),
    createContactCustomProperties: webhook.createContactCustomProperties,
    salesforceCustomFieldObjects: webhook.salesforceCustomFieldObjects,
    // a saved webhook's objects had their fields made when it was created
    fieldsCreated: true,
    logType: webhook.logType ?? 0,
    salesforceObjectType: webhook.salesforceObjectType ?? salesforceObjectOptions[0].value,
    useObjectLookupField: webhook.user.profile === 'SALESFORCE' && lookupField !== null,
    objectLookupIdField: lookupField,
    salesforceOnlyUpdate: webhook.salesforceOnlyUpdate,
    customTaskSubject: webhook.customTaskSubject ?? '',
    smartleadSecretKey: secretKeyEditOf(webhook.hasSmartleadSecretKey),
  };
}

/**
 * spec §4 "Webhook update dialog": another platform clears the API key and categories (a key is of one
 * platform) and every endpoint's event types (they differ per platform); to heyreach the lookup field
 * becomes hs_linkedin_url (the default lookup by profile URL) and company sync goes off; leaving
 * heyreach clears it and turns company sync on. Plus the SALESFORCE fields' own resets.
 */
function apply(
  state: WebhookUpdateFormState,
  change: WebhookUpdateFormChange,
): WebhookUpdateFormState {
  if (!isFieldChange<WebhookUpdateFormState, object>(change)) {
    if (change.kind === 'categories-failed')
      return { ...state, apiKeyId: null, smartleadBaseCategories: [] };
    return applySalesforceEvent(state, change) ?? state;
  }
  const next = withField(state, change);
  switch (change.field) {
    case 'emailService': {
      if (change.value === state.emailService) return state;
      const reset = {
        ...next,
        apiKeyId: null,
        smartleadBaseCategories: [],
        additionalEndpoints: applyEndpointRows(next.additionalEndpoints, {
          kind: 'platformChanged',
        }).rows,
      };
      if (change.value === 'heyreach')
        return {
          ...reset,
          objectLookupMethod: 'default',
          objectDefaultSearchProperty: HEYREACH_DEFAULT_SEARCH_PROPERTY,
          createOrUpdateCompany: false,
        };
      if (state.emailService === 'heyreach')
        return { ...reset, objectDefaultSearchProperty: null, createOrUpdateCompany: true };
      return reset;
    }
    case 'apiKeyId':
      return { ...next, smartleadBaseCategories: [] };
    default:
      return withSalesforceFieldResets(next, change.field as keyof SalesforceFieldsState);
  }
}

function ruleValuesOf(state: WebhookUpdateFormState): WebhookRuleValues {
  const salesforce = state.crm === 'SALESFORCE';
  return {
    selectedOwner: state.selectedOwner,
    emailService: state.emailService,
    apiKeyId: state.apiKeyId,
    smartleadBaseCategories: state.smartleadBaseCategories,
    createOrUpdateCompany: state.createOrUpdateCompany,
    createContactCustomProperties: state.createContactCustomProperties,
    customTaskSubject: state.customTaskSubject,
    logType: salesforce ? state.logType : null,
    salesforceCustomFieldObjects: state.salesforceCustomFieldObjects,
    ...(salesforce
      ? salesforceLookupOf(state)
      : {
          objectLookupMethod: state.objectLookupMethod,
          objectLookupIdField: state.objectLookupIdField,
        }),
    objectDefaultSearchProperty: state.objectDefaultSearchProperty,
    optionalAlternativeProperty: salesforce ? null : state.optionalAlternativeProperty,
    additionalEndpoints: state.additionalEndpoints,
  };
}

/**
 * spec §5 "Webhook update dialogs", generic dialog: heyreach needs its Contact Search Property; then
 * the rules of the profile's CRM (SALESFORCE: "Custom Field Objects not selected", "Enter Custom
 * Task Subject", ...).
 */
function problem(state: WebhookUpdateFormState): FormProblem<string> | null {
  if (
    state.emailService === 'heyreach' &&
    (state.objectDefaultSearchProperty ?? '').trim() === ''
  ) {
    return {
      field: 'objectDefaultSearchProperty',
      message: webhookMessages.heyReachContactSearchProperty,
    };
  }
  const values = ruleValuesOf(state);
  return state.crm === 'SALESFORCE'
    ? salesforceWebhookProblem(values, 'update')
    : hubspotWebhookProblem(values);
}

/** Body of PUT /api/admin/webhooks/{id}: every setting, cleared as spec §4 "On submit" says; blank endpoint rows left out. */
function toPayload(state: WebhookUpdateFormState): WebhookUpdate {
  const { selectedOwner, additionalEndpoints: _rows, ...values } = ruleValuesOf(state);
  const settings = normalizeWebhookSettings(state.crm, values);
  const salesforce = state.crm === 'SALESFORCE';
  return {
    selectedOwner: selectedOwner as CrmOwner | null,
    emailService: settings.emailService ?? null,
    apiKeyId: settings.apiKeyId ?? null,
    smartleadBaseCategories: [...settings.smartleadBaseCategories],
    createOrUpdateCompany: settings.createOrUpdateCompany,
    createOrUpdateTask: state.createOrUpdateTask,
    createContactCustomProperties: settings.createContactCustomProperties,
    assignCompanyOwner: state.assignCompanyOwner,
    assignContactOwner: state.assignContactOwner,
    customTaskSubject: settings.customTaskSubject ?? null,
    logType: settings.logType ?? null,
    salesforceObjectType: salesforce ? state.salesforceObjectType : null,
    salesforceOnlyUpdate: salesforce ? state.salesforceOnlyUpdate : false,
    salesforceCustomFieldObjects: [...settings.salesforceCustomFieldObjects],
    objectLookupMethod: settings.objectLookupMethod ?? null,
    objectLookupIdField: settings.objectLookupIdField ?? null,
    objectDefaultSearchProperty: settings.objectDefaultSearchProperty ?? null,
    optionalAlternativeProperty: settings.optionalAlternativeProperty ?? null,
    additionalEndpoints: endpointRowsPayload(state.additionalEndpoints),
    smartleadSecretKey: secretKeyPayload(state.smartleadSecretKey, state.emailService),
  };
}

/** The generic update dialog's rules (spec §4 "Webhook update dialog", §5 "Webhook update dialogs"). */
export const webhookUpdateForm: FormRules<
  WebhookUpdateFormState,
  WebhookUpdateFormChange,
  WebhookUpdate,
  string
> = { apply, problem, toPayload };
