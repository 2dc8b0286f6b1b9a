import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createApiClient } from 'shared/client';
import { useGoToUnauthorized } from '../../lib/shell-host';

/** GET /api/admin/me on entering the dashboard; a 401 sends the user to /unauthorized. */
export function useCurrentUser() {
  const onUnauthorized = useGoToUnauthorized();
  const api = useMemo(() => createApiClient({ baseUrl: '', onUnauthorized }), [onUnauthorized]);
  return useQuery({ queryKey: ['me'], queryFn: () => api.call('getMe'), staleTime: 60_000 });
}
