import { useOperationQuery } from 'shared/client';
import type { ApiKey, CrmOwner, CrmProperty, Platform, SmartleadBaseCategory, WebhookUserAccount } from 'shared/contract';
import { fixedCategories } from 'shared/rules';
import { useFailureToast } from './use-failure-toast';

export interface HubspotWebhookLookupsInput {
  /** The CRM profile (userProfileId) the webhook writes to. */
  profileId: number;
  /** The dashboard user whose API keys the webhook may use (the profile's owner). */
  ownerUserId: number;
  platform: Platform | null;
  /** Only while the API key input shows. */
  apiKeyId: number | null;
  /** A failed lead-category load clears the key and its categories (spec §8). */
  onCategoriesFailed: () => void;
}

export interface HubspotWebhookLookups {
  owners: CrmOwner[];
  accounts: WebhookUserAccount[];
  properties: CrmProperty[];
  apiKeys: ApiKey[];
  categories: SmartleadBaseCategory[];
  loadingCategories: boolean;
}

const none: never[] = [];

/**
 * What the HubSpot webhook inputs offer: the profile's owners and webhook endpoints, its contact
 * properties (for the lookup dropdowns), the user's API keys of the platform, and the categories of
 * the chosen key (bison: its one fixed category). Failures toast and leave the list empty.
 */
export function useHubspotWebhookLookups({ profileId, ownerUserId, platform, apiKeyId, onCategoriesFailed }: HubspotWebhookLookupsInput): HubspotWebhookLookups {
  const ownersAndAccounts = useOperationQuery('getHubspotOwnersAndUserAccounts', { params: { userId: profileId } });
  const properties = useOperationQuery('listHubspotContactProperties', { params: { userId: profileId } });
  const apiKeys = useOperationQuery('listUserApiKeys', { params: { userId: ownerUserId }, query: { platform: platform ?? undefined } }, { enabled: platform !== null && platform !== 'bison' });
  const categories = useOperationQuery('listLeadCategories', { params: { id: apiKeyId ?? 0 } }, { enabled: apiKeyId !== null });
  useFailureToast(ownersAndAccounts.error);
  useFailureToast(properties.error);
  useFailureToast(categories.error, onCategoriesFailed);
  const fixed = fixedCategories(platform);
  return {
    owners: ownersAndAccounts.data?.owners ?? none,
    accounts: ownersAndAccounts.data?.userAccounts ?? none,
    properties: properties.data ?? none,
    apiKeys: apiKeys.data ?? none,
    categories: fixed ?? (apiKeyId !== null && categories.data ? categories.data.map(({ id, name }) => ({ id, name })) : none),
    loadingCategories: apiKeyId !== null && categories.isFetching,
  };
}
