export { fetchSalesforceOwners, listOwners } from './owners.js';
export { exchangeSalesforceCode, readSalesforceUserInfo, refreshSalesforceToken, salesforceAuthorizeUrl } from './oauth.js';
export { salesforceAnswer, salesforceRequest, salesforceSite, SalesforceTokenRejected, SALESFORCE_API_VERSION, } from './request.js';
export { refreshSalesforceProfile, salesforceDisconnected, salesforceRestBase, withFreshToken } from './session.js';
export { querySalesforce, soqlString } from './soql.js';
export { fetchSalesforceLists, fetchSalesforceListFields, LIST_VIEW_OBJECTS } from './lists.js';
export { fetchSalesforceObjectFields } from './describe.js';
export { fetchSalesforcePermissionSets } from './permissions.js';
export { createSalesforceCustomFields, salesforcePermissionSetExists, SALESFORCE_CUSTOM_FIELDS } from './custom-fields.js';
export { probeSalesforceConnection } from './identity.js';
export { readSalesforceListRecords } from './list-records.js';
//# sourceMappingURL=index.js.map