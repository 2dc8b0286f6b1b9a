import type { CurrentUser, Integration } from '../contract/index.js';

const baseUser = (id: number, email: string, nickname: string, role: CurrentUser['role'], isPaidTier: boolean): CurrentUser => ({
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
export const integrationRow = (id: number, user: Partial<Integration['user']> = {}): Integration => ({
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
