import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import { useApi } from 'shared/ui';

export const revealedApiKeyQueryKey = (id: number) => ['api-keys', id, 'reveal'] as const;

/** GET /api/admin/dashboard/api-keys/{id}/reveal: the full key (lists hold only its last 4 characters). */
export const revealApiKey = async (api: ApiClient, id: number): Promise<string> => (await api.call('revealApiKey', { params: { id } })).apiKey;

/**
 * The full key while `enabled` (the row is shown, the edit dialog is open). Asked for each time and
 * dropped from the cache as soon as nothing shows it: a secret does not linger in memory.
 */
export function useRevealedApiKey(id: number, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: revealedApiKeyQueryKey(id), queryFn: () => revealApiKey(api, id), enabled, staleTime: 0, gcTime: 0, retry: false });
}
