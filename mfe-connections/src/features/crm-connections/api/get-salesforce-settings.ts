import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { SalesforceSettings } from 'shared/contract';
import { useApi } from 'shared/ui';

export const salesforceSettingsQueryKey = ['salesforce', 'settings'] as const;

/** GET /api/admin/salesforce/profiles: the saved settings (never the consumer secret). */
export const getSalesforceSettingsList = (api: ApiClient): Promise<SalesforceSettings[]> => api.call('listSalesforceSettings');

/** Read afresh on entry: users come back here from Salesforce's sign-in. */
export const getSalesforceSettingsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: salesforceSettingsQueryKey, queryFn: () => getSalesforceSettingsList(api), staleTime: 0 });

export function useSalesforceSettings() {
  const api = useApi();
  return useQuery(getSalesforceSettingsQueryOptions(api));
}
