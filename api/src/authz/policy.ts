import type { OperationName } from 'shared/contract';

/** Who may call an operation at all. */
export type Who = 'anyone' | 'managerOrAdmin' | 'admin';
/** Besides its owner, who may act on someone else's resource (always within the actor's own organization). */
export type Others = 'managerOrAdmin' | 'admin' | 'nobody';
export type PermissionFlag = 'canWebhook' | 'canUserAccount' | 'canBlockList';

export interface OperationPolicy {
  who: Who;
  /** The 403 message when the caller's role is not enough. */
  whoDenied?: string;
  /** The caller's permission flag the operation needs (403 without it). */
  flag?: PermissionFlag;
  /** Present when the operation acts on a resource with an owner. */
  others?: Others;
  /** The 403 message for someone else's resource of the caller's organization that `others` does not allow. */
  othersDenied?: string;
}

/** The permission flags' 403s (spec §6: creating needs the flag). */
export const flagDenied: Record<PermissionFlag, string> = {
  canWebhook:
    "You don't have permission to create webhooks: ask an admin to allow webhooks for your account",
  canUserAccount:
    "You don't have permission to create webhook endpoints: ask an admin to allow webhook endpoints for your account",
  canBlockList:
    "You don't have permission to create block lists: ask an admin to allow block lists for your account",
};

const ownKeys = {
  read: 'You can only see your own API keys',
  change: 'You can only change your own API keys',
} as const;
const ownProfiles = 'You can only use your own CRM profiles';
const profileChange = 'Only the owner of this CRM profile or an admin can change it';

const readKey: OperationPolicy = {
  who: 'anyone',
  others: 'managerOrAdmin',
  othersDenied: ownKeys.read,
};
const changeKey: OperationPolicy = { who: 'anyone', others: 'admin', othersDenied: ownKeys.change };
const readProfile: OperationPolicy = {
  who: 'anyone',
  others: 'managerOrAdmin',
  othersDenied: ownProfiles,
};
const anyone: OperationPolicy = { who: 'anyone' };
const releases: OperationPolicy = { who: 'admin', whoDenied: 'Only admins can manage releases' };

/**
 * spec §6 as one table: every operation of the contract, who may call it, the flag it needs, and
 * whether it acts on a resource with an owner and who besides the owner may. Managers and admins act
 * within their own organization only: another organization's resources are not found for them
 * (authz/decide.ts). contractRoute enforces `who` and `flag`; handlers ask `access.require` about the
 * resource; list answers are scoped with `readScope`.
 */
export const policies: Record<OperationName, OperationPolicy> = {
  getMe: anyone,
  listUsers: { who: 'managerOrAdmin', whoDenied: 'Only managers and admins can see users' },
  updateUser: {
    who: 'admin',
    whoDenied: 'Only admins can change user permissions',
    others: 'admin',
  },

  listUserAccounts: anyone,
  createUserAccount: {
    who: 'anyone',
    flag: 'canUserAccount',
    others: 'nobody',
    othersDenied: ownProfiles,
  },
  deleteUserAccount: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only its owner or an admin can delete this webhook endpoint',
  },
  // Whoever holds the secret can forge deliveries to the endpoint: its owner and the admins of the owner's organization only.
  revealWebhookEndpointSecret: {
    who: 'anyone',
    others: 'admin',
    othersDenied: "Only its owner or an admin can see this webhook endpoint's signing secret",
  },

  listWebhooks: anyone,
  // "others" (All webhooks) is for managers and admins: the service refuses it to regular users
  listWebhookPage: anyone,
  getCrmBacklog: anyone,
  generateWebhookCode: { who: 'anyone', flag: 'canWebhook' },
  createWebhook: { who: 'anyone', flag: 'canWebhook', others: 'nobody', othersDenied: ownProfiles },
  updateWebhook: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only its owner or an admin can update this webhook',
  },
  deleteWebhook: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only its owner or an admin can delete this webhook',
  },
  // spec §1-§2: a test event can be sent to any webhook; managers test their organization's (issue 56)
  sendTestWebhookEvent: {
    who: 'anyone',
    others: 'managerOrAdmin',
    othersDenied: 'Only its owner, a manager or an admin can test this webhook',
  },
  registerWebhookOnPlatform: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only its owner or an admin can register this webhook on its platform',
  },
  replayDeadDeliveries: {
    who: 'anyone',
    others: 'admin',
    othersDenied: "Only its owner or an admin can replay this webhook's deliveries",
  },
  getHubspotOwnersAndUserAccounts: {
    who: 'anyone',
    others: 'managerOrAdmin',
    othersDenied: "You can only read your own CRM profiles' owners and endpoints",
  },
  getSalesforceUserAccounts: {
    who: 'anyone',
    others: 'managerOrAdmin',
    othersDenied: "You can only read your own CRM profiles' owners and endpoints",
  },

  createHubspotBlockList: {
    who: 'anyone',
    flag: 'canBlockList',
    others: 'nobody',
    othersDenied: ownProfiles,
  },
  createSalesforceBlockList: {
    who: 'anyone',
    flag: 'canBlockList',
    others: 'nobody',
    othersDenied: ownProfiles,
  },
  listBlockLists: anyone,
  updateBlockList: {
    who: 'anyone',
    others: 'admin',
    othersDenied: "Only admins and the profile's owner can change this block list",
  },
  deleteBlockList: {
    who: 'anyone',
    others: 'admin',
    othersDenied: "Only admins and the profile's owner can delete this block list",
  },
  syncBlockList: {
    who: 'anyone',
    others: 'admin',
    othersDenied: "Only admins and the profile's owner can sync this block list",
  },
  listBlockListHistory: {
    who: 'anyone',
    others: 'managerOrAdmin',
    othersDenied: "You can only see your own block lists' history",
  },

  listWebhookLogs: anyone,
  countWebhookLogs: anyone,
  listWebhookLogTypes: anyone,
  getWebhookLog: {
    who: 'anyone',
    others: 'managerOrAdmin',
    othersDenied: "You can only see your own webhooks' logs",
  },
  replayWebhookEvent: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only its owner or an admin can replay this event',
  },
  listCategoryBaseFilterLogs: anyone,
  listCategoryBaseFilterTypes: anyone,

  listApiKeys: anyone,
  createApiKey: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'You can only add API keys to your own profiles',
  },
  checkApiKey: anyone,
  updateApiKey: changeKey,
  validateApiKey: changeKey,
  deleteApiKey: changeKey,
  // The full key goes to its owner or an admin of the owner's organization (issue 10: masked in lists, revealed on request).
  revealApiKey: changeKey,
  listLeadCategories: readKey,
  addLeadCategories: changeKey,
  listUserApiKeys: readKey,
  listSmartleadClients: readKey,
  listHeyReachLists: readKey,
  createHeyReachList: changeKey,

  getHubspotAuthorizeUrl: anyone,
  listHubspotProfiles: anyone,
  checkHubspotConnectedAccount: anyone,
  deleteHubspotProfile: { who: 'anyone', others: 'admin', othersDenied: profileChange },
  checkSalesforceConnectedAccount: anyone,
  listSalesforceSettings: anyone,
  createSalesforceSettings: anyone,
  deleteSalesforceSettings: {
    who: 'anyone',
    others: 'admin',
    othersDenied: 'Only the owner of these Salesforce settings or an admin can delete them',
  },
  // Connecting with saved settings signs in as their owner: nobody else may.
  getSalesforceSettings: {
    who: 'anyone',
    others: 'nobody',
    othersDenied: 'Only the owner of these Salesforce settings can connect with them',
  },
  listUserIntegrations: anyone,
  listOrganizationIntegrations: anyone,

  listHubspotLists: readProfile,
  listCrmProperties: readProfile,
  listHubspotContactProperties: readProfile,
  listSalesforceLists: readProfile,
  listSalesforceReportFields: readProfile,
  listSalesforcePermissions: readProfile,
  createSalesforceProperties: { who: 'anyone', others: 'admin', othersDenied: profileChange },
  listEmbedKeys: { who: 'admin', whoDenied: 'Only admins can manage embed keys' },
  createEmbedKey: { who: 'admin', whoDenied: 'Only admins can manage embed keys' },
  revokeEmbedKey: { who: 'admin', whoDenied: 'Only admins can manage embed keys' },

  // The release registry is the deployment's: admins (and, to publish, the deploy token) only.
  listReleases: releases,
  publishRelease: releases,
  activateRelease: releases,
  rollbackRelease: releases,
  setReleaseCanary: releases,
  promoteReleaseCanary: releases,
  dropReleaseCanary: releases,
  // Any signed-in page that could not load an area's live version reports its fallback.
  reportReleaseFallback: anyone,
};
