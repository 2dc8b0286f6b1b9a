import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { SalesforceSettings, SalesforceSettingsCreate } from 'shared/contract';
import { useApi } from 'shared/ui';
import { withCreatedSettings } from '../rules';
import { salesforceSettingsQueryKey } from './get-salesforce-settings';

/** POST /api/admin/salesforce/profiles */
export const createSalesforceSettings = (api: ApiClient, body: SalesforceSettingsCreate): Promise<SalesforceSettings> => api.call('createSalesforceSettings', { body });

export type CreateSalesforceSettingsMutationConfig = Omit<UseMutationOptions<SalesforceSettings, Error, SalesforceSettingsCreate>, 'mutationFn'>;

/** Saves settings; they join the cached table. */
export function useCreateSalesforceSettings({ mutationConfig }: { mutationConfig?: CreateSalesforceSettingsMutationConfig } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: (body: SalesforceSettingsCreate) => createSalesforceSettings(api, body),
    onSuccess: (...args) => {
      const [created] = args;
      queryClient.setQueryData<SalesforceSettings[]>(salesforceSettingsQueryKey, (settings) => (settings ? withCreatedSettings(settings, created) : settings));
      return onSuccess?.(...args);
    },
  });
}
