import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { HubspotProfiles } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withoutProfile } from '../rules';
import { hubspotProfilesQueryKey } from './get-hubspot-profiles';

/** DELETE /api/admin/hubspot/profiles/{id} */
export const deleteHubspotProfile = (api: ApiClient, id: number): Promise<{ id: number }> => api.call('deleteHubspotProfile', { params: { id } });

export type DeleteHubspotProfileMutationConfig = Omit<UseMutationOptions<{ id: number }, Error, number>, 'mutationFn'>;

/** Deletes a profile: it leaves both tables, and what hangs off profiles is read again where it is used. */
export function useDeleteHubspotProfile({ mutationConfig }: { mutationConfig?: DeleteHubspotProfileMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (id: number) => deleteHubspotProfile(api, id),
    onSuccess: (...args) => {
      const [, id] = args;
      queryClient.setQueryData<HubspotProfiles>(hubspotProfilesQueryKey, (profiles) => (profiles ? withoutProfile(profiles, id) : profiles));
      void queryClient.invalidateQueries({ queryKey: ['integrations'] });
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      return onSuccess?.(...args);
    },
  });
}
