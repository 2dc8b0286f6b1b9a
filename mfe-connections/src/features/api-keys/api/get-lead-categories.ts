import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { LeadCategory } from 'shared/contract';
import { useApi } from 'shared/ui';

export const leadCategoriesQueryKey = (apiKeyId: number) => ['api-keys', apiKeyId, 'lead-categories'] as const;

/** GET /api/admin/dashboard/api-keys/{id}/lead-categories */
export const getLeadCategories = (api: ApiClient, apiKeyId: number): Promise<LeadCategory[]> => api.call('listLeadCategories', { params: { id: apiKeyId } });

/** Read afresh each time the dialog opens: the platform's categories change outside the product. */
export const getLeadCategoriesQueryOptions = (api: ApiClient, apiKeyId: number) =>
  queryOptions({ queryKey: leadCategoriesQueryKey(apiKeyId), queryFn: () => getLeadCategories(api, apiKeyId), staleTime: 0 });

export function useLeadCategories(apiKeyId: number) {
  const api = useApi();
  return useQuery(getLeadCategoriesQueryOptions(api, apiKeyId));
}
