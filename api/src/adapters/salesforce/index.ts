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
export { refreshSalesforceProfile, salesforceDisconnected, salesforceRestBase, withFreshToken } from './session.js';
export { querySalesforce, soqlString } from './soql.js';
