import type { ApiKey, BlockList, CurrentUser, Integration } from '../contract/index.js';

const baseUser = (
  id: number,
  email: string,
  nickname: string,
  role: CurrentUser['role'],
  isPaidTier: boolean,
): CurrentUser => ({
  id,
  isPaidTier,
  isAdmin: role === 'ADMIN',
  isManagerOrAdmin: role === 'ADMIN' || role === 'MANAGER',
  role,
  userProfiles: [],
  details: { nickname, email, picture: '' },
});

/** The three seeded accounts, as /api/admin/me returns them. */
export const testUsers = {
  admin: baseUser(1, 'admin@example.com', 'admin', 'ADMIN', true),
  manager: baseUser(2, 'manager@example.com', 'manager', 'MANAGER', true),
  user: baseUser(3, 'user@example.com', 'user', null, false),
} satisfies Record<string, CurrentUser>;

/** A CRM profile as GET /api/admin/users/integrations answers it, for the screens' tests. */
export const integrationRow = (
  id: number,
  user: Partial<Integration['user']> = {},
): Integration => ({
  id,
  user: {
    id,
    profile: 'HUBSPOT',
    accountId: `acc-${id}`,
    organizationId: '4411',
    organizationDomain: 'acme.hubspot.test',
    email: 'owner@acme.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: null,
    canWebhook: true,
    canUserAccount: true,
    canBlockList: true,
    settings: null,
    userAccounts: [],
    ownerUserId: 1,
    ownerEmail: 'admin@example.com',
    status: 'CONNECTED',
    ...user,
  },
});

/** An API key as the api lists it (masked), for the screens' tests. */
export const apiKeyRow = (id: number, key: Partial<ApiKey> = {}): ApiKey => ({
  id,
  apiKey: '••••1234',
  description: `Key ${id}`,
  platform: 'smartlead',
  baseUrl: null,
  userProfileId: 7,
  userProfile: {
    id: 7,
    profile: 'HUBSPOT',
    email: 'owner@acme.test',
    organizationId: '4411',
    organizationDomain: 'acme.hubspot.test',
  },
  isValid: true,
  syncBlockList: [],
  createdAt: '2024-03-07T09:05:00.000Z',
  canManage: true,
  ...key,
});

/** A block list as GET /api/admin/dashboard/smartlead/blocked-lists answers it, for the screens' tests. */
export const blockListRow = (id: number, list: Partial<BlockList> = {}): BlockList => ({
  id,
  crm: 'HUBSPOT',
  listId: `10${id}`,
  listIdILS: null,
  listName: `List ${id}`,
  listType: 'CONTACT_LIST',
  userId: 7,
  user: {
    id: 7,
    email: 'owner@acme.test',
    profile: 'HUBSPOT',
    organizationId: '4411',
    organizationDomain: 'acme.hubspot.test',
  },
  apiKey: { id: 11, platform: 'smartlead', description: 'Main smartlead' },
  clientDetails: null,
  blockType: 'ADDRESS',
  useDomainForNonLatin: false,
  profileUrlFieldNames: [],
  heyReachListId: null,
  fields: [],
  lastFetchedAt: null,
  lastAttemptedAt: null,
  lastError: null,
  lastSmartleadError: null,
  countItemsSynced: 0,
  countItemsNotSynced: 0,
  isEnabled: true,
  status: 'PENDING',
  createdAt: '2024-03-07T09:05:00.000Z',
  canManage: true,
  ...list,
});
