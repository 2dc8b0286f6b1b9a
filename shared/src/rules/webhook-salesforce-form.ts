import type {
  CrmOwner,
  Platform,
  SmartleadBaseCategory,
  WebhookCreate,
} from '../contract/index.js';
import { isFieldChange, withField, type FieldChange, type FormRules } from './form.js';
import {
  applyEndpointRows,
  endpointRowsPayload,
  initialEndpointRows,
  type EndpointRow,
} from './webhook-endpoint-rows.js';
import { secretKeyEditOf, secretKeyPayload, type SecretKeyEdit } from './webhook-secret-key.js';
import {
  normalizeWebhookSettings,
  salesforceWebhookProblem,
  type WebhookRuleValues,
} from './webhook-payload.js';
import {
  applySalesforceEvent,
  emptySalesforceFields,
  salesforceLookupOf,
  withSalesforceFieldResets,
  type SalesforceFieldsChange,
  type SalesforceFieldsState,
} from './webhook-salesforce-fields.js';

/** The SALESFORCE create form (spec §2 "SALESFORCE create form") for one profile. */
export interface SalesforceWebhookFormState extends SalesforceFieldsState {
  userProfileId: number;
  selectedOwner: CrmOwner | null;
  emailService: Platform | null;
  /** The generated code (POST /api/admin/webhooks/generate); null until an owner or platform is picked, and while a new one comes. */
  code: string | null;
  /** What the read-only Webhook URL shows for the code (sent back; the server recomputes it). */
  webhookUrl: string;
  apiKeyId: number | null;
  smartleadBaseCategories: SmartleadBaseCategory[];
  /** The Additional Endpoints rows (shared/rules webhook-endpoint-rows). */
  additionalEndpoints: EndpointRow[];
  smartleadSecretKey: SecretKeyEdit;
}

export type SalesforceWebhookFormChange =
  | FieldChange<SalesforceWebhookFormState>
  | SalesforceFieldsChange
  /** A new code arrived for the owner or platform just picked, with the URL it gives. */
  | { kind: 'code-generated'; code: string; webhookUrl: string }
  /** spec §8: the key's lead categories could not be loaded: the API key and categories are cleared. */
  | { kind: 'categories-failed' }
  /** After a create the form starts again for the same profile. */
  | { kind: 'created' };

export type SalesforceWebhookField = keyof SalesforceWebhookFormState;

export const emptySalesforceWebhookForm = (userProfileId: number): SalesforceWebhookFormState => ({
  ...emptySalesforceFields,
  userProfileId,
  selectedOwner: null,
  emailService: null,
  code: null,
  webhookUrl: '',
  apiKeyId: null,
  smartleadBaseCategories: [],
  additionalEndpoints: initialEndpointRows(),
  smartleadSecretKey: secretKeyEditOf(false),
});

/**
 * spec §4 "Webhook create flow": picking an owner or a platform asks for a new code (the old one goes)
 * and clears the API key and categories (a platform also the endpoints' event types, which differ per
 * platform); another key clears the categories; the SALESFORCE fields'
 * own resets (withSalesforceFieldResets).
 */
function apply(
  state: SalesforceWebhookFormState,
  change: SalesforceWebhookFormChange,
): SalesforceWebhookFormState {
  if (isFieldChange<SalesforceWebhookFormState, object>(change)) {
    const next = withField(state, change);
    switch (change.field) {
      case 'selectedOwner':
        return { ...next, code: null, webhookUrl: '', apiKeyId: null, smartleadBaseCategories: [] };
      case 'emailService':
        return {
          ...next,
          code: null,
          webhookUrl: '',
          apiKeyId: null,
          smartleadBaseCategories: [],
          additionalEndpoints: applyEndpointRows(next.additionalEndpoints, {
            kind: 'platformChanged',
          }).rows,
        };
      case 'apiKeyId':
        return { ...next, smartleadBaseCategories: [] };
      default:
        return withSalesforceFieldResets(next, change.field as keyof SalesforceFieldsState);
    }
  }
  switch (change.kind) {
    case 'code-generated':
      return { ...state, code: change.code, webhookUrl: change.webhookUrl };
    case 'categories-failed':
      return { ...state, apiKeyId: null, smartleadBaseCategories: [] };
    case 'created':
      return emptySalesforceWebhookForm(state.userProfileId);
    default:
      return applySalesforceEvent(state, change) ?? state;
  }
}

/** The values spec §5's rules read (shared with the api's check). */
export function salesforceRuleValues(state: SalesforceWebhookFormState): WebhookRuleValues {
  return {
    selectedOwner: state.selectedOwner,
    emailService: state.emailService,
    apiKeyId: state.apiKeyId,
    smartleadBaseCategories: state.smartleadBaseCategories,
    createOrUpdateCompany: false,
    createContactCustomProperties: state.createContactCustomProperties,
    customTaskSubject: state.customTaskSubject,
    logType: state.logType,
    salesforceCustomFieldObjects: state.salesforceCustomFieldObjects,
    ...salesforceLookupOf(state),
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    additionalEndpoints: state.additionalEndpoints,
    fieldsCreated: state.fieldsCreated,
  };
}

/**
 * The create payload (spec §3), cleared as spec §4 "On submit" says for SALESFORCE: bison drops the
 * API key and categories, no categories drop the key, log type 0 drops the task subject, custom fields
 * off drop the objects; blank endpoint rows are left out.
 */
function toPayload(state: SalesforceWebhookFormState): WebhookCreate {
  const {
    selectedOwner,
    additionalEndpoints: _rows,
    fieldsCreated: _fieldsCreated,
    ...values
  } = salesforceRuleValues(state);
  const settings = normalizeWebhookSettings('SALESFORCE', values);
  return {
    selectedOwner: selectedOwner as CrmOwner | null,
    emailService: settings.emailService ?? null,
    apiKeyId: settings.apiKeyId ?? null,
    smartleadBaseCategories: [...settings.smartleadBaseCategories],
    createOrUpdateCompany: false,
    createOrUpdateTask: false,
    createContactCustomProperties: settings.createContactCustomProperties,
    assignCompanyOwner: false,
    assignContactOwner: false,
    customTaskSubject: settings.customTaskSubject ?? null,
    logType: settings.logType ?? null,
    salesforceObjectType: state.salesforceObjectType,
    salesforceOnlyUpdate: state.salesforceOnlyUpdate,
    salesforceCustomFieldObjects: [...settings.salesforceCustomFieldObjects],
    objectLookupMethod: settings.objectLookupMethod ?? null,
    objectLookupIdField: settings.objectLookupIdField ?? null,
    objectDefaultSearchProperty: null,
    optionalAlternativeProperty: null,
    additionalEndpoints: endpointRowsPayload(state.additionalEndpoints),
    userProfileId: state.userProfileId,
    code: state.code ?? '',
    webhookUrl: state.webhookUrl || undefined,
    smartleadSecretKey: secretKeyPayload(state.smartleadSecretKey, state.emailService),
  };
}

/** The SALESFORCE create form's rules: spec §4 resets, spec §5 "Webhook create (SALESFORCE)" in order, the create payload. */
export const salesforceWebhookForm: FormRules<
  SalesforceWebhookFormState,
  SalesforceWebhookFormChange,
  WebhookCreate,
  string
> = {
  apply,
  problem: (state) => salesforceWebhookProblem(salesforceRuleValues(state), 'create'),
  toPayload,
};
