import { integrationRow } from '../testing/fixtures.js';
import { findIntegration, integrationLabel } from './integrations';

describe('profile labels (spec §2 "{profile} - {user email} - {organization id} {organization domain if any}")', () => {
  it('names profile, email, organization id and domain', () => {
    expect(integrationLabel(integrationRow(1))).toBe(
      'HUBSPOT - owner@acme.test - 4411 acme.hubspot.test',
    );
  });
  it('leaves the domain out when there is none', () => {
    expect(
      integrationLabel(
        integrationRow(2, {
          profile: 'SALESFORCE',
          organizationId: '00D5',
          organizationDomain: null,
        }),
      ),
    ).toBe('SALESFORCE - owner@acme.test - 00D5');
  });
  it('finds a profile by id', () => {
    const list = [integrationRow(1), integrationRow(2)];
    expect(findIntegration(list, 2)?.id).toBe(2);
    expect(findIntegration(list, 3)).toBeUndefined();
    expect(findIntegration(list, null)).toBeUndefined();
  });
});
