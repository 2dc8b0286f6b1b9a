import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { SalesforceConnectedAccountCheck } from 'shared/contract';
import { useApi } from 'shared/ui';

export const salesforceConnectedAccountQueryKey = ['salesforce', 'connected-account-check'] as const;

/** GET /api/admin/salesforce/profiles/check-connected-account */
export const checkSalesforceConnectedAccount = (api: ApiClient): Promise<SalesforceConnectedAccountCheck> => api.call('checkSalesforceConnectedAccount');

/** Runs on every entry to the screen (never served from the cache). */
export const checkSalesforceConnectedAccountQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: salesforceConnectedAccountQueryKey, queryFn: () => checkSalesforceConnectedAccount(api), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false });

export function useSalesforceConnectedAccountCheck() {
  const api = useApi();
  return useQuery(checkSalesforceConnectedAccountQueryOptions(api));
}
