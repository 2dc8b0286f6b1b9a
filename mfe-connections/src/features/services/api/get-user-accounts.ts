import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { UserAccount } from 'shared/contract';
import { useApi } from 'shared/ui';

/** The webhook endpoints (user accounts) the Webhook endpoint screen lists. */
export const userAccountsQueryKey = ['user-accounts', 'list'] as const;

/** GET /api/admin/user-accounts */
export const getUserAccounts = (api: ApiClient): Promise<UserAccount[]> => api.call('listUserAccounts');

export const getUserAccountsQueryOptions = (api: ApiClient) => queryOptions({ queryKey: userAccountsQueryKey, queryFn: () => getUserAccounts(api) });

export function useUserAccounts() {
  const api = useApi();
  return useQuery(getUserAccountsQueryOptions(api));
}
