import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKeyLists } from 'shared/contract';
import { useApi } from 'shared/ui';

/** The API keys screen's two lists (own keys, and everyone's for managers and admins). */
export const apiKeyListsQueryKey = ['api-keys', 'lists'] as const;

/** GET /api/admin/dashboard/api-keys */
export const getApiKeys = (api: ApiClient): Promise<ApiKeyLists> => api.call('listApiKeys');

export const getApiKeysQueryOptions = (api: ApiClient) => queryOptions({ queryKey: apiKeyListsQueryKey, queryFn: () => getApiKeys(api) });

export function useApiKeys() {
  const api = useApi();
  return useQuery(getApiKeysQueryOptions(api));
}
