import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { SalesforceSettings } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withoutSettings } from '../rules';
import { salesforceSettingsQueryKey } from './get-salesforce-settings';

/** DELETE /api/admin/salesforce/{id} */
export const deleteSalesforceSettings = (api: ApiClient, id: number): Promise<{ id: number }> => api.call('deleteSalesforceSettings', { params: { id } });

export type DeleteSalesforceSettingsMutationConfig = Omit<UseMutationOptions<{ id: number }, Error, number>, 'mutationFn'>;

/** Deletes settings: they leave the table, and what hangs off profiles is read again where it is used. */
export function useDeleteSalesforceSettings({ mutationConfig }: { mutationConfig?: DeleteSalesforceSettingsMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (id: number) => deleteSalesforceSettings(api, id),
    onSuccess: (...args) => {
      const [, id] = args;
      queryClient.setQueryData<SalesforceSettings[]>(salesforceSettingsQueryKey, (settings) => (settings ? withoutSettings(settings, id) : settings));
      void queryClient.invalidateQueries({ queryKey: ['integrations'] });
      return onSuccess?.(...args);
    },
  });
}
