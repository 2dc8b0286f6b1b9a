import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKey, ApiKeyLists, ApiKeyUpdate } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withUpdatedKey } from '../rules';
import { apiKeyListsQueryKey } from './get-api-keys';

export interface UpdateApiKeyInput {
  id: number;
  body: ApiKeyUpdate;
}

/** PUT /api/admin/dashboard/api-keys/{id} */
export const updateApiKey = (api: ApiClient, { id, body }: UpdateApiKeyInput): Promise<ApiKey> => api.call('updateApiKey', { params: { id }, body });

export type UpdateApiKeyMutationConfig = Omit<UseMutationOptions<ApiKey, Error, UpdateApiKeyInput>, 'mutationFn'>;

/** Saves a key; the saved key replaces its row in both cached lists. */
export function useUpdateApiKey({ mutationConfig }: { mutationConfig?: UpdateApiKeyMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (input: UpdateApiKeyInput) => updateApiKey(api, input),
    onSuccess: (...args) => {
      const [updated] = args;
      queryClient.setQueryData<ApiKeyLists>(apiKeyListsQueryKey, (lists) => (lists ? withUpdatedKey(lists, updated) : lists));
      return onSuccess?.(...args);
    },
  });
}
