export { fetchSalesforceOwners, listOwners, type SalesforceOwner } from './owners.js';
export {
  exchangeSalesforceCode,
  readSalesforceUserInfo,
  refreshSalesforceToken,
  salesforceAuthorizeUrl,
  type SalesforceApp,
  type SalesforceGrant,
  type SalesforceUserInfo,
} from './oauth.js';
export {
  salesforceAnswer,
  salesforceRequest,
  salesforceSite,
  SalesforceTokenRejected,
  SALESFORCE_API_VERSION,
  type SalesforceAnswer,
  type SalesforceCall,
  type SalesforceConnection,
  type SalesforceRefusal,
} from './request.js';
export {
  refreshSalesforceProfile,
  salesforceDisconnected,
  salesforceRestBase,
  withFreshToken,
} from './session.js';
export { querySalesforce, soqlString } from './soql.js';
export {
  fetchSalesforceLists,
  fetchSalesforceListFields,
  LIST_VIEW_OBJECTS,
  type SalesforceListField,
  type SalesforceListInfo,
} from './lists.js';
export { fetchSalesforceObjectFields, type SalesforceField } from './describe.js';
export { fetchSalesforcePermissionSets, type SalesforcePermissionSet } from './permissions.js';
export {
  createSalesforceCustomFields,
  salesforcePermissionSetExists,
  customFieldsToCreate,
  SALESFORCE_ACTIVITY_OBJECTS,
  SALESFORCE_CUSTOM_FIELDS,
  SALESFORCE_EVENT_KEY_FIELD,
  type CustomFieldsResult,
  type SalesforceCustomFieldSpec,
} from './custom-fields.js';
export { probeSalesforceConnection } from './identity.js';
export { readSalesforceListRecords, type SalesforceListRecord } from './list-records.js';
