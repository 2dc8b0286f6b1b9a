import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { HubspotProfiles } from 'shared/contract';
import { useApi } from 'shared/ui';

export const hubspotProfilesQueryKey = ['hubspot', 'profiles'] as const;

/** GET /api/admin/hubspot/profiles: the user's own profiles and the organization's. */
export const getHubspotProfiles = (api: ApiClient): Promise<HubspotProfiles> => api.call('listHubspotProfiles');

/** Read afresh on entry: the screen is where users come back to after signing in. */
export const getHubspotProfilesQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: hubspotProfilesQueryKey, queryFn: () => getHubspotProfiles(api), staleTime: 0 });

export function useHubspotProfiles() {
  const api = useApi();
  return useQuery(getHubspotProfilesQueryOptions(api));
}
