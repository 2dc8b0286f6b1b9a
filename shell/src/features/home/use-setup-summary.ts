import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createApiClient, queryKeys } from 'shared/client';
import type { CurrentUser, Integration } from 'shared/contract';
import { useGoToUnauthorized } from '../../lib/shell-host';

// Keyed by the one key factory, so a remote's change to the same list refreshes these.
const listed = <T>(query: { data?: T; isPending: boolean; isError: boolean }) => ({
  data: query.data,
  pending: query.isPending,
  failed: query.isError,
});

/** What the signed-in person has connected and created, from the lists the api already serves. */
export function useSetupSummary(user: CurrentUser) {
  const onUnauthorized = useGoToUnauthorized();
  const api = useMemo(() => createApiClient({ baseUrl: '', onUnauthorized }), [onUnauthorized]);
  const integrations = useQuery({
    queryKey: queryKeys.of('listUserIntegrations'),
    queryFn: () => api.call('listUserIntegrations'),
  });
  const apiKeys = useQuery({
    queryKey: queryKeys.of('listApiKeys'),
    queryFn: () => api.call('listApiKeys'),
  });
  const webhooks = useQuery({
    queryKey: queryKeys.of('listWebhooks'),
    queryFn: () => api.call('listWebhooks'),
  });
  const blockLists = useQuery({
    queryKey: queryKeys.of('listBlockLists'),
    queryFn: () => api.call('listBlockLists'),
  });
  return {
    crmAccounts: listed<Integration[]>(integrations),
    apiKeys: { ...listed(apiKeys), data: apiKeys.data?.apiKeys },
    webhooks: { ...listed(webhooks), data: webhooks.data?.webhooks },
    // managers and admins get everyone's block lists: count the person's own
    blockLists: {
      ...listed(blockLists),
      data: blockLists.data?.filter((list) => list.userId === user.id),
    },
  };
}

export type SetupSummary = ReturnType<typeof useSetupSummary>;
