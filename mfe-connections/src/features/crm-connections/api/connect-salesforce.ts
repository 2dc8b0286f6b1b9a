import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import type { SalesforceConnectStart } from 'shared/contract';
import { useApi } from 'shared/ui';

/**
 * GET /api/admin/salesforce/profiles/{id}: called by Connect before the redirect; answers the domain's
 * authorize URL (response type code, prompt login, redirect to /oauth/salesforce, a signed state).
 */
export const getSalesforceConnectStart = (api: ApiClient, id: number): Promise<SalesforceConnectStart> => api.call('getSalesforceSettings', { params: { id } });

export type ConnectSalesforceMutationConfig = Omit<UseMutationOptions<SalesforceConnectStart, Error, number>, 'mutationFn'>;

/** Connect on a settings row; the caller sends the browser to the answer's authorizeUrl. */
export function useConnectSalesforce({ mutationConfig }: { mutationConfig?: ConnectSalesforceMutationConfig } = {}) {
  const api = useApi();
  return useMutation({ ...mutationConfig, mutationFn: (id: number) => getSalesforceConnectStart(api, id) });
}
