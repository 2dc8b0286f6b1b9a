import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKeyLists, ApiKeyValidation } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withValidation } from '../rules';
import { apiKeyListsQueryKey } from './get-api-keys';

/** PUT /api/admin/dashboard/api-keys/{id}/validate: the stored key re-checked with its platform. */
export const validateApiKey = (api: ApiClient, id: number): Promise<ApiKeyValidation> => api.call('validateApiKey', { params: { id } });

export type ValidateApiKeyMutationConfig = Omit<UseMutationOptions<ApiKeyValidation, Error, number>, 'mutationFn'>;

/** A row's Check API Key; the verdict goes into both cached lists. */
export function useValidateApiKey({ mutationConfig }: { mutationConfig?: ValidateApiKeyMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (id: number) => validateApiKey(api, id),
    onSuccess: (...args) => {
      const [validation] = args;
      queryClient.setQueryData<ApiKeyLists>(apiKeyListsQueryKey, (lists) => (lists ? withValidation(lists, validation) : lists));
      return onSuccess?.(...args);
    },
  });
}
