import type { Integration } from '../contract/index.js';
import { findIntegration, integrationLabel } from './integrations';

const integration = (id: number, user: Partial<Integration['user']> = {}): Integration => ({
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

describe('profile labels (spec §2 "{profile} - {user email} - {organization id} {organization domain if any}")', () => {
  it('names profile, email, organization id and domain', () => {
    expect(integrationLabel(integration(1))).toBe('HUBSPOT - owner@acme.test - 4411 acme.hubspot.test');
  });
  it('leaves the domain out when there is none', () => {
    expect(integrationLabel(integration(2, { profile: 'SALESFORCE', organizationId: '00D5', organizationDomain: null }))).toBe('SALESFORCE - owner@acme.test - 00D5');
  });
  it('finds a profile by id', () => {
    const list = [integration(1), integration(2)];
    expect(findIntegration(list, 2)?.id).toBe(2);
    expect(findIntegration(list, 3)).toBeUndefined();
    expect(findIntegration(list, null)).toBeUndefined();
  });
});
