import type { Integration } from '../contract/index.js';

/**
 * How a profile is named in every "Select Profile" dropdown (spec §2 "Webhooks screen"):
 * "{profile} - {user email} - {organization id} {organization domain if any}".
 */
export function integrationLabel({ user }: Pick<Integration, 'user'>): string {
  const base = `${user.profile} - ${user.email} - ${user.organizationId}`;
  return user.organizationDomain ? `${base} ${user.organizationDomain}` : base;
}

/** The integration with the given profile id, if it is still in the list. */
export const findIntegration = (
  integrations: readonly Integration[],
  id: number | null,
): Integration | undefined =>
  id === null ? undefined : integrations.find((integration) => integration.id === id);
