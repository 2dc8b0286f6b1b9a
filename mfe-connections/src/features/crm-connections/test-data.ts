import type { CrmProfile, SalesforceSettings } from 'shared/contract';

/** Rows as the api answers them, for this feature's tests. */
export const profileRow = (id: number, fields: Partial<CrmProfile> = {}): CrmProfile => ({
  id,
  accountId: `u-${id}`,
  organizationId: '4411',
  profile: 'HUBSPOT',
  email: `p${id}@acme.test`,
  organizationDomain: 'acme.hubspot.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  canWebhook: true,
  canUserAccount: true,
  canBlockList: true,
  status: 'CONNECTED',
  userId: 3,
  createdAt: '2024-03-07T09:05:00.000Z',
  canDelete: true,
  ...fields,
});

export const settingsRow = (
  id: number,
  fields: Partial<SalesforceSettings> = {},
): SalesforceSettings => ({
  id,
  domain: `https://org${id}.my.salesforce.com`,
  consumer_key: `key-${id}`,
  connected: false,
  userProfileId: null,
  createdAt: '2024-03-07T09:05:00.000Z',
  ...fields,
});
