import type { EmbedArea } from './embed.js';
import type { OperationName } from './operations.js';

/** What every embedded area asks first: who is signed in and which CRM profiles they have. */
const everyArea = ['getMe', 'listUserIntegrations'] as const satisfies readonly OperationName[];

/**
 * The calls an embed token for an area may make: the ones its remote makes (embed-scope.test.ts reads
 * each remote's source and fails on a call missing here). Any other call with the token is 403.
 */
export const embedAreaOperations: Record<EmbedArea, readonly OperationName[]> = {
  blocklists: [
    ...everyArea,
    'listBlockLists',
    'createHubspotBlockList',
    'createSalesforceBlockList',
    'updateBlockList',
    'deleteBlockList',
    'syncBlockList',
    'listHubspotLists',
    'listHubspotContactProperties',
    'listSalesforceLists',
    'listSalesforceReportFields',
    'listHeyReachLists',
    'createHeyReachList',
    'listSmartleadClients',
    'listUserApiKeys',
  ],
  logs: [
    ...everyArea,
    'listWebhookLogs',
    'listWebhookLogTypes',
    'getWebhookLog',
    'replayWebhookEvent',
    'listBlockListHistory',
    'listBlockLists',
    'listCategoryBaseFilterLogs',
    'listCategoryBaseFilterTypes',
  ],
  webhooks: [
    ...everyArea,
    'listWebhooks',
    'listWebhookPage',
    'getCrmBacklog',
    'createWebhook',
    'updateWebhook',
    'deleteWebhook',
    'generateWebhookCode',
    'registerWebhookOnPlatform',
    'sendTestWebhookEvent',
    'listCrmProperties',
    'listHubspotContactProperties',
    'createSalesforceProperties',
    'listSalesforcePermissions',
    'getHubspotOwnersAndUserAccounts',
    'getSalesforceUserAccounts',
    'listLeadCategories',
    'listUserApiKeys',
    'listApiKeys',
  ],
  connections: [
    ...everyArea,
    'listApiKeys',
    'createApiKey',
    'updateApiKey',
    'deleteApiKey',
    'checkApiKey',
    'validateApiKey',
    'revealApiKey',
    'listLeadCategories',
    'addLeadCategories',
    'listHubspotProfiles',
    'deleteHubspotProfile',
    'checkHubspotConnectedAccount',
    'getHubspotAuthorizeUrl',
    'listSalesforceSettings',
    'getSalesforceSettings',
    'createSalesforceSettings',
    'deleteSalesforceSettings',
    'checkSalesforceConnectedAccount',
    'listUserAccounts',
    'createUserAccount',
    'deleteUserAccount',
    'revealWebhookEndpointSecret',
    'listOrganizationIntegrations',
    'listUsers',
    'updateUser',
    'listBlockLists',
    'listWebhooks',
    'listWebhookPage',
  ],
};

/** Whether a token for `areas` may make the call `operation`. */
export const embedTokenCovers = (areas: readonly EmbedArea[], operation: OperationName): boolean =>
  areas.some((area) => embedAreaOperations[area].includes(operation));
