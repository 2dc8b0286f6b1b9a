import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { HubspotConnectedAccountCheck } from 'shared/contract';
import { useApi } from 'shared/ui';

export const hubspotConnectedAccountQueryKey = ['hubspot', 'connected-account-check'] as const;

/** GET /api/admin/hubspot/profiles/check-connected-account */
export const checkHubspotConnectedAccount = (api: ApiClient): Promise<HubspotConnectedAccountCheck> => api.call('checkHubspotConnectedAccount');

/** Runs on every entry to the screen (never served from the cache). */
export const checkHubspotConnectedAccountQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: hubspotConnectedAccountQueryKey, queryFn: () => checkHubspotConnectedAccount(api), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false });

export function useHubspotConnectedAccountCheck() {
  const api = useApi();
  return useQuery(checkHubspotConnectedAccountQueryOptions(api));
}
