import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKey, ApiKeyCreate, ApiKeyLists } from 'shared/contract';
import { useApi, useHost } from 'shared/ui';
import { withCreatedKey } from '../rules';
import { apiKeyListsQueryKey } from './get-api-keys';

/** POST /api/admin/dashboard/api-keys: the server checks the key with its platform and stores the verdict. */
export const createApiKey = (api: ApiClient, body: ApiKeyCreate): Promise<ApiKey> => api.call('createApiKey', { body });

export type CreateApiKeyMutationConfig = Omit<UseMutationOptions<ApiKey, Error, ApiKeyCreate>, 'mutationFn'>;

/** Stores a key; the new key joins the cached lists. */
export function useCreateApiKey({ mutationConfig }: { mutationConfig?: CreateApiKeyMutationConfig } = {}) {
  const api = useApi();
  const { user } = useHost();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (body: ApiKeyCreate) => createApiKey(api, body),
    onSuccess: (...args) => {
      const [created] = args;
      queryClient.setQueryData<ApiKeyLists>(apiKeyListsQueryKey, (lists) => (lists ? withCreatedKey(lists, created, user.isManagerOrAdmin) : lists));
      return onSuccess?.(...args);
    },
  });
}
