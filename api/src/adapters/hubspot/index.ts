export { fetchHubSpotOwners, listOwners, type HubSpotOwner } from './owners.js';
export { searchHubSpotLists, type HubSpotListInfo } from './lists.js';
export { fetchHubSpotContactProperties, type HubSpotProperty } from './properties.js';
export {
  exchangeHubSpotCode,
  hubspotApp,
  hubspotAuthorizeUrl,
  readHubSpotTokenInfo,
  refreshHubSpotToken,
  HUBSPOT_OPTIONAL_SCOPES,
  HUBSPOT_SCOPES,
  type HubSpotApp,
  type HubSpotGrant,
  type HubSpotTokenInfo,
} from './oauth.js';
export {
  hubspotRequest,
  HubSpotTokenRejected,
  type HubSpotCall,
  type HubSpotConnection,
} from './request.js';
export { hubspotDisconnected, refreshHubSpotProfile, withFreshToken } from './session.js';
export {
  readHubSpotListMemberIds,
  readHubSpotRecords,
  HUBSPOT_BATCH_READ,
  HUBSPOT_MEMBERSHIP_PAGE,
  type HubSpotListMember,
} from './list-members.js';
