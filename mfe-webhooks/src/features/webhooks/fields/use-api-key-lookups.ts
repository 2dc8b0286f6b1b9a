import { useOperationQuery } from 'shared/client';
import type { ApiKey, Platform, SmartleadBaseCategory } from 'shared/contract';
import { useFailureToast } from '../use-failure-toast';
import { fixedCategories } from 'shared/rules/webhooks';

export interface ApiKeyLookupsInput {
  /** The dashboard user whose API keys the webhook may use (the profile's owner). */
  ownerUserId: number;
  platform: Platform | null;
  apiKeyId: number | null;
  /** spec §8: the key's lead categories could not be loaded (the form clears the key and categories). */
  onCategoriesFailed: () => void;
}

export interface ApiKeyLookups {
  apiKeys: ApiKey[];
  /** The keys answered (an empty list then means the owner has none for the platform). */
  apiKeysLoaded: boolean;
  /** The chosen key's lead categories; bison: its one fixed category, without a key. */
  categories: SmartleadBaseCategory[];
  loadingCategories: boolean;
}

const none: never[] = [];

/** What "API Key" and "Category-based filter" offer: the owner's keys of the platform and the chosen key's categories. Failures toast and leave the list empty. */
export function useApiKeyLookups({
  ownerUserId,
  platform,
  apiKeyId,
  onCategoriesFailed,
}: ApiKeyLookupsInput): ApiKeyLookups {
  const fixed = fixedCategories(platform);
  const keys = useOperationQuery(
    'listUserApiKeys',
    { params: { userId: ownerUserId }, query: { platform: platform ?? undefined } },
    { enabled: platform !== null && fixed === null },
  );
  const categories = useOperationQuery(
    'listLeadCategories',
    { params: { id: apiKeyId ?? 0 } },
    { enabled: apiKeyId !== null },
  );
  useFailureToast(keys.error);
  useFailureToast(categories.error, onCategoriesFailed);
  return {
    apiKeys: keys.data ?? none,
    apiKeysLoaded: keys.isSuccess,
    categories:
      fixed ??
      (apiKeyId !== null && categories.data
        ? categories.data.map(({ id, name }) => ({ id, name }))
        : none),
    loadingCategories: apiKeyId !== null && categories.isFetching,
  };
}
