import { useOperationQuery } from 'shared/client';
import type { CrmOwner, CrmProperty, WebhookUserAccount } from 'shared/contract';
import { useApiKeyLookups, type ApiKeyLookups } from '../fields/use-api-key-lookups';
import { useOwnersAndAccounts } from '../fields/use-owners-and-accounts';
import { useFailureToast } from '../use-failure-toast';
import type { HubspotWebhookFormChange, HubspotWebhookFormState } from 'shared/rules/webhooks';

export interface HubspotWebhookLookupsInput {
  /** The CRM profile (userProfileId) the webhook writes to. */
  profileId: number;
  /** The dashboard user whose API keys the webhook may use (the profile's owner). */
  ownerUserId: number;
  /** The update dialog: the webhook's endpoints as the list gave them, until the profile's come. */
  storedAccounts?: WebhookUserAccount[];
}

export interface HubspotWebhookLookups extends ApiKeyLookups {
  owners: CrmOwner[];
  accounts: WebhookUserAccount[];
  properties: CrmProperty[];
}

const none: never[] = [];

/**
 * What the HubSpot webhook inputs offer: the profile's owners and webhook endpoints, its contact
 * properties (for the lookup dropdowns, one call for all three), the user's API keys of the platform
 * and the chosen key's categories (bison: its one fixed category). Failures toast and leave the list
 * empty; a failed lead-category load clears the key and its categories (spec §8).
 */
export function useHubspotWebhookLookups(
  { profileId, ownerUserId, storedAccounts }: HubspotWebhookLookupsInput,
  state: Pick<HubspotWebhookFormState, 'emailService' | 'apiKeyId'>,
  dispatch: (change: HubspotWebhookFormChange) => void,
): HubspotWebhookLookups {
  const { owners, accounts } = useOwnersAndAccounts('HUBSPOT', profileId, storedAccounts);
  const properties = useOperationQuery('listHubspotContactProperties', {
    params: { userId: profileId },
  });
  useFailureToast(properties.error);
  const apiKeyLookups = useApiKeyLookups({
    ownerUserId,
    platform: state.emailService,
    apiKeyId: state.apiKeyId,
    onCategoriesFailed: () => dispatch({ field: 'apiKeyId', value: null }),
  });
  return { owners, accounts, properties: properties.data ?? none, ...apiKeyLookups };
}
