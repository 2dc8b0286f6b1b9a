import type {
  CrmOwner,
  CrmType,
  LogType,
  Platform,
  SalesforcePermission,
  SalesforcePropertiesCreate,
  SalesforcePropertiesResult,
} from '../contract/index.js';
import { salesforceCustomFieldObjects } from '../contract/index.js';
import type { FieldChange, FormProblem } from './form.js';
import { platformOptions } from './platforms.js';
import { errorToast, PERSISTENT, successToast, type ToastMessage } from './toast.js';
import { webhookMessages } from './webhook-payload.js';

/**
 * The SALESFORCE-only fields of the webhook create form and the generic update dialog (spec §2
 * "SALESFORCE create form"): Custom Fields with its objects, permission and Create Fields, Log Type,
 * Salesforce Object, the os_objectlookup_id field, Upsert Or Update Only and Custom Task Subject.
 */
export interface SalesforceFieldsState {
  /** The "Custom Fields" checkbox (the webhook's createContactCustomProperties). */
  createContactCustomProperties: boolean;
  salesforceCustomFieldObjects: string[];
  /** "Select Permissions": the permission set given the created fields; System Administrator once the sets load. */
  permissionId: string | null;
  /** spec §4: "Create Fields" succeeded for the objects chosen; a failure, or other objects, reset it. */
  fieldsCreated: boolean;
  logType: LogType;
  salesforceObjectType: string;
  /** The "Select CRM field for os_objectlookup_id" checkbox. */
  useObjectLookupField: boolean;
  objectLookupIdField: string | null;
  /** "Upsert Or Update Only": false is Upsert. */
  salesforceOnlyUpdate: boolean;
  customTaskSubject: string;
}

export type SalesforceFieldsChange =
  | FieldChange<SalesforceFieldsState>
  /** The permission sets arrived: System Administrator is preselected unless one is chosen already. */
  | { kind: 'permissions-loaded'; permissions: readonly SalesforcePermission[] }
  /** What "Create Fields" came to. */
  | { kind: 'fields-created'; ok: boolean };

export const salesforceFieldsLabels = {
  customFields: 'Custom Fields',
  customFieldObjects: 'Custom Field Objects',
  permissions: 'Select Permissions',
  createFields: 'Create Fields',
  logType: 'Log Type',
  salesforceObject: 'Salesforce Object',
  objectLookupField: 'Select CRM field for os_objectlookup_id',
  objectLookupProperty: 'CRM field for os_objectlookup_id',
  writeMode: 'Upsert Or Update Only',
  customTaskSubject: 'Custom Task Subject',
} as const;

/** spec §6: the permission set preselected for the created fields. */
export const SYSTEM_ADMINISTRATOR = 'System Administrator';
/** spec §8: Create Fields when the request itself failed. */
export const CREATE_FIELDS_FAILED = 'Failed to create properties';
/** The Create Fields button without a permission set (the spec names none; the field's label says what to do). */
export const SELECT_PERMISSIONS = 'Select Permissions';

/** spec §3 object type options (CONTACT, LEAD) by the names the Salesforce API and the writer use; the first is the default (spec §9). */
export const salesforceObjectOptions = [
  { value: 'Contact', label: 'Contact' },
  { value: 'Lead', label: 'Lead' },
] as const;

export const logTypeOptions: ReadonlyArray<{ value: LogType; label: string }> = [
  { value: 0, label: 'Email Object' },
  { value: 1, label: 'Task Object' },
];

/** spec §3 write mode; Upsert is the first and the default (spec §9). */
export const writeModeOptions: ReadonlyArray<{ value: boolean; label: string }> = [
  { value: false, label: 'Upsert' },
  { value: true, label: 'Update Only' },
];

export const customFieldObjectOptions: readonly string[] = salesforceCustomFieldObjects;

/** spec §2: SALESFORCE offers every platform but heyreach; other CRMs offer all four. */
export const webhookPlatformOptions = (
  crm: CrmType,
): ReadonlyArray<{ value: Platform; label: string }> =>
  crm === 'SALESFORCE'
    ? platformOptions.filter((option) => option.value !== 'heyreach')
    : platformOptions;

/** spec §2: the API Key input of the SALESFORCE form is for smartlead and instantly; elsewhere heyreach has one too (bison never: its category is fixed). */
export const offersApiKey = (crm: CrmType, platform: Platform | null): boolean =>
  platform === 'smartlead' ||
  platform === 'instantly' ||
  (crm !== 'SALESFORCE' && platform === 'heyreach');

/** spec §2 "Select owner": the owner's name plus email. */
export const ownerOptionLabel = (
  owner: Pick<CrmOwner, 'name' | 'firstName' | 'lastName' | 'email'>,
): string => {
  const name = owner.name.trim() || `${owner.firstName} ${owner.lastName}`.trim();
  return owner.email ? `${name} ${owner.email}` : name;
};

export const emptySalesforceFields: SalesforceFieldsState = {
  createContactCustomProperties: false,
  salesforceCustomFieldObjects: [],
  permissionId: null,
  fieldsCreated: false,
  logType: 0,
  salesforceObjectType: salesforceObjectOptions[0].value,
  useObjectLookupField: false,
  objectLookupIdField: null,
  salesforceOnlyUpdate: false,
  customTaskSubject: '',
};

/** The permission set named System Administrator (by name or label), or null. */
export function defaultPermissionId(permissions: readonly SalesforcePermission[]): string | null {
  return (
    permissions.find(
      (permission) =>
        permission.Name === SYSTEM_ADMINISTRATOR || permission.Label === SYSTEM_ADMINISTRATOR,
    )?.Id ?? null
  );
}

/**
 * The resets a change of one SALESFORCE field brings (spec §4), on a state that holds these fields:
 * other custom field objects need Create Fields again; log type 0 clears the custom task subject;
 * another object, or the checkbox off, clears the os_objectlookup_id field (it is one of that object's fields).
 */
export function withSalesforceFieldResets<S extends SalesforceFieldsState>(
  state: S,
  field: keyof SalesforceFieldsState,
): S {
  switch (field) {
    case 'salesforceCustomFieldObjects':
      return { ...state, fieldsCreated: false };
    case 'logType':
      return state.logType === 0 ? { ...state, customTaskSubject: '' } : state;
    case 'salesforceObjectType':
      return { ...state, objectLookupIdField: null };
    case 'useObjectLookupField':
      return state.useObjectLookupField ? state : { ...state, objectLookupIdField: null };
    default:
      return state;
  }
}

/** The non-field changes of the SALESFORCE fields; null for a field change. */
export function applySalesforceEvent<S extends SalesforceFieldsState>(
  state: S,
  change: SalesforceFieldsChange,
): S | null {
  if ('field' in change) return null;
  if (change.kind === 'permissions-loaded')
    return state.permissionId === null
      ? { ...state, permissionId: defaultPermissionId(change.permissions) }
      : state;
  return { ...state, fieldsCreated: change.ok };
}

/** The lookup the writer uses: the chosen os_objectlookup_id field first, then the email (optional alternative); else the email alone (default). */
export function salesforceLookupOf(
  state: Pick<SalesforceFieldsState, 'useObjectLookupField' | 'objectLookupIdField'>,
) {
  const field = state.useObjectLookupField ? (state.objectLookupIdField ?? '').trim() : '';
  return field
    ? { objectLookupMethod: 'optional_alternative_property' as const, objectLookupIdField: field }
    : { objectLookupMethod: 'default' as const, objectLookupIdField: null };
}

/** Before "Create Fields" is sent: the objects (the contract's own text), then a permission set. */
export function createFieldsProblem(
  state: Pick<SalesforceFieldsState, 'salesforceCustomFieldObjects' | 'permissionId'>,
): FormProblem<'salesforceCustomFieldObjects' | 'permissionId'> | null {
  if (state.salesforceCustomFieldObjects.length === 0)
    return {
      field: 'salesforceCustomFieldObjects',
      message: webhookMessages.customFieldObjectsCreate,
    };
  if (!state.permissionId) return { field: 'permissionId', message: SELECT_PERMISSIONS };
  return null;
}

/** Body of POST /api/admin/salesforce/properties for a state without a createFieldsProblem. */
export function createFieldsPayload(
  userProfileId: number,
  state: Pick<SalesforceFieldsState, 'salesforceCustomFieldObjects' | 'permissionId'>,
): SalesforcePropertiesCreate {
  return {
    userProfileId,
    permissionId: state.permissionId ?? '',
    customFields: customFieldObjectOptions.filter((object) =>
      state.salesforceCustomFieldObjects.includes(object),
    ) as SalesforcePropertiesCreate['customFields'],
  };
}

/** spec §8: Create Fields answered: success shows the server's message; a refusal its message, persistent. */
export function createFieldsToast(result: SalesforcePropertiesResult): ToastMessage {
  return result.success
    ? successToast(result.message)
    : errorToast(result.message || CREATE_FIELDS_FAILED, PERSISTENT);
}

/** spec §8: the request itself failed. */
export const createFieldsFailedToast: ToastMessage = errorToast(CREATE_FIELDS_FAILED, PERSISTENT);
