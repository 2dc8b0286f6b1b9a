import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { DashboardUser } from 'shared/contract';
import { useApi } from 'shared/ui';

/** The Users screen's list in the host's QueryClient. */
export const usersQueryKey = ['dashboard', 'users'] as const;

/** GET /api/admin/dashboard/users */
export const getUsers = (api: ApiClient): Promise<DashboardUser[]> => api.call('listUsers');

export const getUsersQueryOptions = (api: ApiClient) => queryOptions({ queryKey: usersQueryKey, queryFn: () => getUsers(api) });

export function useUsers() {
  const api = useApi();
  return useQuery(getUsersQueryOptions(api));
}
