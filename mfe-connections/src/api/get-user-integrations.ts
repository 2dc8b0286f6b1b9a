import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { Integration } from 'shared/contract';
import { useApi } from 'shared/ui';

/** The signed-in user's own CRM profiles; the API keys and Webhook endpoint screens pick one. */
export const userIntegrationsQueryKey = ['integrations', 'user'] as const;

/** GET /api/admin/users/integrations */
export const getUserIntegrations = (api: ApiClient): Promise<Integration[]> => api.call('listUserIntegrations');

export const getUserIntegrationsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: userIntegrationsQueryKey, queryFn: () => getUserIntegrations(api) });

export function useUserIntegrations() {
  const api = useApi();
  return useQuery(getUserIntegrationsQueryOptions(api));
}
