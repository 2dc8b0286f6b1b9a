import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKeyLists } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withoutKey } from '../rules';
import { apiKeyListsQueryKey } from './get-api-keys';

/** DELETE /api/admin/dashboard/smartlead/{id} (the spec's path for deleting any platform's key). */
export const deleteApiKey = (api: ApiClient, id: number): Promise<{ id: number }> => api.call('deleteApiKey', { params: { id } });

export type DeleteApiKeyMutationConfig = Omit<UseMutationOptions<{ id: number }, Error, number>, 'mutationFn'>;

/** Deletes a key; it leaves both cached lists. */
export function useDeleteApiKey({ mutationConfig }: { mutationConfig?: DeleteApiKeyMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (id: number) => deleteApiKey(api, id),
    onSuccess: (...args) => {
      const [, id] = args;
      queryClient.setQueryData<ApiKeyLists>(apiKeyListsQueryKey, (lists) => (lists ? withoutKey(lists, id) : lists));
      return onSuccess?.(...args);
    },
  });
}
