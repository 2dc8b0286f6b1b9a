import type { ApiKey, LeadCategory } from 'shared/contract';

/** Rows as the api answers them, for the rules' and the screen's tests. */
export const profile7 = {
  id: 7,
  profile: 'HUBSPOT',
  email: 'owner@acme.test',
  organizationId: '4411',
  organizationDomain: 'acme.hubspot.test',
} as const;

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
  canManage: true,
  ...fields,
});

export const category = (
  id: LeadCategory['id'],
  name: string,
  created_at: string | null = '2024-03-07T09:05:00.000Z',
): LeadCategory => ({ id, name, created_at });
