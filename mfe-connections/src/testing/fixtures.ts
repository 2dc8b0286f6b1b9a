import type { Integration } from 'shared/contract';

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
