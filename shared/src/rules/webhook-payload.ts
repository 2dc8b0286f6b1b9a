import {
  bisonLeadCategory,
  type CrmType,
  type LogType,
  type ObjectLookupMethod,
  type OptionalAlternativeProperty,
  type Platform,
  type SmartleadBaseCategory,
} from '../contract/index.js';
import { ENTER_CUSTOM_TASK_SUBJECT, isValidCustomTaskSubject } from './custom-task-subject.js';
import type { FormProblem } from './form.js';

/** spec §5 "Webhook create" / "Webhook update dialogs" / §8 texts, plus the server's own. */
export const webhookMessages = {
  owner: 'Select Owner',
  categories: 'Select Category-based filter',
  platform: 'Select Sales Engagement Platform',
  eventTypes: 'Select Event Types',
  duplicateEndpoint: 'Endpoint is already selected',
  lookupMethod: 'Select Object Lookup Method',
  heyReachProfileUrl: 'Select Property for Profile URL',
  heyReachLookupField: 'Select Property for Object lookup selection',
  heyReachOptionalAlternative: 'Select at least one property for Optional Alternative Property',
  /** A warning only: the form still submits. */
  lookupField: 'Select Object Lookup Field',
  fieldsNotCreated: 'Fields not created',
  customFieldObjectsCreate: 'Objects for custom fields not selected',
  customFieldObjectsUpdate: 'Custom Field Objects not selected',
  customTaskSubject: ENTER_CUSTOM_TASK_SUBJECT,
  heyReachContactSearchProperty: 'Select Contact Search Property for HeyReach',
  apiKey: 'Select API Key',
  salesforceHeyReach: 'HeyReach is not available for SALESFORCE webhooks',
} as const;

/** spec §4: what heyreach's default lookup preselects, and the others' lookup and email fields. */
export const HEYREACH_DEFAULT_SEARCH_PROPERTY = 'hs_linkedin_url';

export interface WebhookEndpointRow {
  userAccount: { id: number } | null;
  eventTypes: readonly string[];
}

/** The fields of a webhook form or payload the rules read (create payload, update form). */
export interface WebhookRuleValues {
  selectedOwner: unknown;
  emailService: Platform | null | undefined;
  apiKeyId: number | null | undefined;
  smartleadBaseCategories: readonly SmartleadBaseCategory[];
  createOrUpdateCompany: boolean;
  /** SALESFORCE: the "Custom Fields" checkbox. */
  createContactCustomProperties: boolean;
  customTaskSubject: string | null | undefined;
  logType: LogType | null | undefined;
  salesforceCustomFieldObjects: readonly string[];
  objectLookupMethod: ObjectLookupMethod | null | undefined;
  objectLookupIdField: string | null | undefined;
  objectDefaultSearchProperty: string | null | undefined;
  optionalAlternativeProperty: OptionalAlternativeProperty | null | undefined;
  additionalEndpoints: readonly WebhookEndpointRow[];
  /**
   * SALESFORCE create form: whether "Create Fields" succeeded (spec §4). Only the form knows it; left
   * out (the api, the update dialog) it is not checked.
   */
  fieldsCreated?: boolean;
}

type WebhookField =
  | 'selectedOwner'
  | 'emailService'
  | 'apiKeyId'
  | 'smartleadBaseCategories'
  | 'additionalEndpoints'
  | 'objectLookupMethod'
  | 'objectLookupIdField'
  | 'objectDefaultSearchProperty'
  | 'optionalAlternativeProperty'
  | 'salesforceCustomFieldObjects'
  | 'fieldsCreated'
  | 'customTaskSubject';

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** "Select Event Types" / "Endpoint is already selected" for the Additional Endpoints rows. */
export function additionalEndpointsProblem(
  rows: readonly WebhookEndpointRow[],
): FormProblem<'additionalEndpoints'> | null {
  const seen = new Set<number>();
  for (const row of rows) {
    if (!row.userAccount) continue;
    if (seen.has(row.userAccount.id))
      return { field: 'additionalEndpoints', message: webhookMessages.duplicateEndpoint };
    seen.add(row.userAccount.id);
    if (row.eventTypes.length === 0)
      return { field: 'additionalEndpoints', message: webhookMessages.eventTypes };
  }
  return null;
}

/** The heyreach lookup rules of spec §5 (create and both update dialogs). */
function heyReachLookupProblem(values: WebhookRuleValues): FormProblem<WebhookField> | null {
  switch (values.objectLookupMethod) {
    case 'default':
      return filled(values.objectDefaultSearchProperty)
        ? null
        : { field: 'objectDefaultSearchProperty', message: webhookMessages.heyReachProfileUrl };
    case 'alternative_property':
      return filled(values.objectLookupIdField)
        ? null
        : { field: 'objectLookupIdField', message: webhookMessages.heyReachLookupField };
    case 'optional_alternative_property': {
      const packed = values.optionalAlternativeProperty;
      const any =
        filled(values.objectLookupIdField) ||
        filled(packed?.email) ||
        filled(packed?.profile_url) ||
        filled(packed?.os_objectlookup_id);
      return any
        ? null
        : {
            field: 'optionalAlternativeProperty',
            message: webhookMessages.heyReachOptionalAlternative,
          };
    }
    default:
      return null;
  }
}

/** A category filter with a platform that reads categories through its API key needs that key. */
function apiKeyProblem(values: WebhookRuleValues): FormProblem<WebhookField> | null {
  const needsKey = values.emailService !== 'bison' && values.smartleadBaseCategories.length > 0;
  return needsKey && (values.apiKeyId === null || values.apiKeyId === undefined)
    ? { field: 'apiKeyId', message: webhookMessages.apiKey }
    : null;
}

/** spec §5 "Webhook create (HUBSPOT)" and the HUBSPOT update dialog, in the spec's order; null when it may be saved. */
export function hubspotWebhookProblem(values: WebhookRuleValues): FormProblem<WebhookField> | null {
  if (!values.selectedOwner) return { field: 'selectedOwner', message: webhookMessages.owner };
  if (
    values.apiKeyId !== null &&
    values.apiKeyId !== undefined &&
    values.smartleadBaseCategories.length === 0
  ) {
    return { field: 'smartleadBaseCategories', message: webhookMessages.categories };
  }
  if (!values.emailService) return { field: 'emailService', message: webhookMessages.platform };
  const endpoints = additionalEndpointsProblem(values.additionalEndpoints);
  if (endpoints) return endpoints;
  if (!values.objectLookupMethod)
    return { field: 'objectLookupMethod', message: webhookMessages.lookupMethod };
  if (values.emailService === 'heyreach') {
    const lookup = heyReachLookupProblem(values);
    if (lookup) return lookup;
  }
  return apiKeyProblem(values);
}

/** spec §5 "Webhook create (SALESFORCE)" and the generic update dialog ("update"), in order; null when it may be saved. */
export function salesforceWebhookProblem(
  values: WebhookRuleValues,
  mode: 'create' | 'update' = 'create',
): FormProblem<WebhookField> | null {
  if (!values.selectedOwner) return { field: 'selectedOwner', message: webhookMessages.owner };
  if (!values.emailService) return { field: 'emailService', message: webhookMessages.platform };
  if (values.emailService === 'heyreach')
    return { field: 'emailService', message: webhookMessages.salesforceHeyReach };
  if (
    values.emailService !== 'bison' &&
    values.apiKeyId !== null &&
    values.apiKeyId !== undefined &&
    values.smartleadBaseCategories.length === 0
  ) {
    return { field: 'smartleadBaseCategories', message: webhookMessages.categories };
  }
  const endpoints = additionalEndpointsProblem(values.additionalEndpoints);
  if (endpoints) return endpoints;
  if (values.createContactCustomProperties && values.fieldsCreated === false)
    return { field: 'fieldsCreated', message: webhookMessages.fieldsNotCreated };
  if (values.createContactCustomProperties && values.salesforceCustomFieldObjects.length === 0) {
    return {
      field: 'salesforceCustomFieldObjects',
      message:
        mode === 'create'
          ? webhookMessages.customFieldObjectsCreate
          : webhookMessages.customFieldObjectsUpdate,
    };
  }
  if (values.logType === 1 && !isValidCustomTaskSubject(values.customTaskSubject))
    return { field: 'customTaskSubject', message: webhookMessages.customTaskSubject };
  return apiKeyProblem(values);
}

/** The first problem for a profile of this CRM type. */
export function webhookPayloadProblem(
  crm: CrmType,
  values: WebhookRuleValues,
  mode: 'create' | 'update' = 'create',
): FormProblem<WebhookField> | null {
  return crm === 'HUBSPOT' ? hubspotWebhookProblem(values) : salesforceWebhookProblem(values, mode);
}

/** spec §5: the non-blocking warning of a non-heyreach, non-default lookup without a lookup field. */
export function webhookLookupWarning(
  values: Pick<WebhookRuleValues, 'emailService' | 'objectLookupMethod' | 'objectLookupIdField'>,
): string | null {
  const nonDefault =
    values.objectLookupMethod === 'alternative_property' ||
    values.objectLookupMethod === 'optional_alternative_property';
  return values.emailService !== 'heyreach' && nonDefault && !filled(values.objectLookupIdField)
    ? webhookMessages.lookupField
    : null;
}

export type NormalizableWebhook = Omit<WebhookRuleValues, 'selectedOwner' | 'additionalEndpoints'>;

const nonBlank = (value: string | null | undefined): string | null =>
  filled(value) ? (value ?? '').trim() : null;

/**
 * spec §4 "On submit" and §5: clears what the chosen CRM, platform and lookup method do not use.
 * - no category chosen: the API key goes; bison: the fixed category, no key (SALESFORCE: neither);
 * - heyreach: company sync off; default keeps only the default search property, alternative only the
 *   lookup field, optional alternative packs email, profile_url and os_objectlookup_id into one object;
 * - other platforms: the default method clears the lookup field; no optional-alternative object
 *   unless that method is chosen;
 * - HUBSPOT has no log type, task subject or custom field objects; log type 0 clears the task subject.
 */
export function normalizeWebhookSettings<T extends NormalizableWebhook>(
  crm: CrmType,
  values: T,
): T {
  const out: T = { ...values };
  const platform = out.emailService;
  if (platform === 'bison') {
    out.apiKeyId = null;
    out.smartleadBaseCategories =
      crm === 'SALESFORCE' || out.smartleadBaseCategories.length === 0
        ? []
        : [{ ...bisonLeadCategory }];
  } else if (out.smartleadBaseCategories.length === 0) {
    out.apiKeyId = null;
  }
  if (platform === 'heyreach') {
    out.createOrUpdateCompany = false;
    const method = out.objectLookupMethod;
    if (method === 'default') {
      out.objectDefaultSearchProperty = nonBlank(out.objectDefaultSearchProperty);
      out.objectLookupIdField = null;
      out.optionalAlternativeProperty = null;
    } else if (method === 'alternative_property') {
      out.objectLookupIdField = nonBlank(out.objectLookupIdField);
      out.objectDefaultSearchProperty = null;
      out.optionalAlternativeProperty = null;
    } else if (method === 'optional_alternative_property') {
      const packed: OptionalAlternativeProperty = {};
      const email = nonBlank(out.optionalAlternativeProperty?.email);
      const profileUrl = nonBlank(out.optionalAlternativeProperty?.profile_url);
      const lookup =
        nonBlank(out.optionalAlternativeProperty?.os_objectlookup_id) ??
        nonBlank(out.objectLookupIdField);
      if (email) packed.email = email;
      if (profileUrl) packed.profile_url = profileUrl;
      if (lookup) packed.os_objectlookup_id = lookup;
      out.optionalAlternativeProperty = packed;
      out.objectLookupIdField = null;
      out.objectDefaultSearchProperty = null;
    }
  } else {
    if (out.objectLookupMethod === 'default' || !out.objectLookupMethod)
      out.objectLookupIdField = crm === 'SALESFORCE' ? nonBlank(out.objectLookupIdField) : null;
    else out.objectLookupIdField = nonBlank(out.objectLookupIdField);
    if (out.objectLookupMethod !== 'optional_alternative_property')
      out.optionalAlternativeProperty = null;
    out.objectDefaultSearchProperty = nonBlank(out.objectDefaultSearchProperty);
  }
  if (crm === 'HUBSPOT') {
    out.logType = null;
    out.customTaskSubject = null;
    out.salesforceCustomFieldObjects = [];
  } else {
    if (out.logType !== 1) out.customTaskSubject = null;
    if (!out.createContactCustomProperties) out.salesforceCustomFieldObjects = [];
  }
  return out;
}
