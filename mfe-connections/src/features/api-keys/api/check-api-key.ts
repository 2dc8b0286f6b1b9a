import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { ApiKeyCheck, ApiKeyCheckResult } from 'shared/contract';
import { useApi } from 'shared/ui';

/** POST /api/admin/dashboard/api-keys/check: the platform's verdict on a key; nothing is stored. */
export const checkApiKey = (api: ApiClient, body: ApiKeyCheck): Promise<ApiKeyCheckResult> => api.call('checkApiKey', { body });

export type CheckApiKeyMutationConfig = Omit<UseMutationOptions<ApiKeyCheckResult, Error, ApiKeyCheck>, 'mutationFn'>;

/** The server check the edit dialog runs before saving. */
export function useCheckApiKey({ mutationConfig }: { mutationConfig?: CheckApiKeyMutationConfig } = {}) {
  const api = useApi();
  return useMutation({ ...mutationConfig, mutationFn: (body: ApiKeyCheck) => checkApiKey(api, body) });
}
