import type { ApiKey, Integration, LeadCategory } from 'shared/contract';

/** Rows as the api answers them, for the rules' and the screen's tests. */
export const profile7 = { id: 7, profile: 'HUBSPOT', email: 'owner@acme.test', organizationId: '4411', organizationDomain: 'acme.hubspot.test' } as const;

export const keyRow = (id: number, fields: Partial<ApiKey> = {}): ApiKey => ({
  id,
  apiKey: `sl-key-${id}`,
  description: `Key ${id}`,
  platform: 'smartlead',
  baseUrl: null,
  userProfileId: 7,
  userProfile: { ...profile7 },
  isValid: true,
  syncBlockList: [],
  createdAt: '2024-03-07T09:05:00.000Z',
  ...fields,
});

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

export const category = (id: LeadCategory['id'], name: string, created_at: string | null = '2024-03-07T09:05:00.000Z'): LeadCategory => ({ id, name, created_at });
