export { fetchHubSpotOwners, listOwners } from './owners.js';
export { searchHubSpotLists } from './lists.js';
export { fetchHubSpotContactProperties } from './properties.js';
export { exchangeHubSpotCode, hubspotApp, hubspotAuthorizeUrl, readHubSpotTokenInfo, refreshHubSpotToken, HUBSPOT_OPTIONAL_SCOPES, HUBSPOT_SCOPES, } from './oauth.js';
export { hubspotRequest, HubSpotTokenRejected } from './request.js';
export { hubspotDisconnected, refreshHubSpotProfile, withFreshToken } from './session.js';
export { readHubSpotListMemberIds, readHubSpotRecords, HUBSPOT_BATCH_READ, HUBSPOT_MEMBERSHIP_PAGE } from './list-members.js';
//# sourceMappingURL=index.js.map