import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared/client';
import { useApi } from 'shared/ui';

/**
 * GET /api/admin/hubspot/authorize-url: HubSpot's authorize page with the scopes, the redirect to
 * /oauth and a signed state. Read when the button is pressed, so the state is fresh.
 */
export const getHubspotAuthorizeUrl = async (api: ApiClient): Promise<string> => (await api.call('getHubspotAuthorizeUrl')).url;

export type HubspotSignInMutationConfig = Omit<UseMutationOptions<string, Error, void>, 'mutationFn'>;

/** "Sign in with HubSpot": reads the authorize URL; the caller sends the browser there. */
export function useHubspotAuthorizeUrl({ mutationConfig }: { mutationConfig?: HubspotSignInMutationConfig } = {}) {
  const api = useApi();
  return useMutation({ ...mutationConfig, mutationFn: () => getHubspotAuthorizeUrl(api) });
}
