import { useEffect } from 'react';
import { useOperationQuery } from 'shared/client';
import type { ApiKey, Platform, SmartleadClient } from 'shared/contract';

export interface PlatformLookupsInput {
  /** The dashboard user whose API keys are offered (the profile's owner). */
  ownerUserId: number;
  platform: Platform | null;
  apiKeyId: number | null;
  /** The chosen Smartlead key's clients arrived: how many (a client is required with more than one). */
  onClientsLoaded: (count: number) => void;
}

export interface PlatformLookups {
  apiKeys: ApiKey[];
  /** The keys answered (an empty list then means the owner has none for the platform). */
  apiKeysLoaded: boolean;
  apiKeysError: Error | null;
  clients: SmartleadClient[];
  clientsError: Error | null;
}

const none: never[] = [];

/** What the platform side offers: the owner's API keys of the platform, and a Smartlead key's clients. */
export function usePlatformLookups({
  ownerUserId,
  platform,
  apiKeyId,
  onClientsLoaded,
}: PlatformLookupsInput): PlatformLookups {
  const keys = useOperationQuery(
    'listUserApiKeys',
    { params: { userId: ownerUserId }, query: { platform: platform ?? undefined } },
    { enabled: platform !== null },
  );
  const clients = useOperationQuery(
    'listSmartleadClients',
    { params: { id: apiKeyId ?? 0 } },
    { enabled: platform === 'smartlead' && apiKeyId !== null },
  );
  const count = platform === 'smartlead' && apiKeyId !== null ? clients.data?.length : undefined;
  useEffect(() => {
    if (count !== undefined) onClientsLoaded(count);
    // the callback dispatches; only a new count matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, apiKeyId]);
  return {
    apiKeys: platform === null ? none : (keys.data ?? none),
    apiKeysLoaded: platform !== null && keys.isSuccess,
    apiKeysError: keys.error,
    clients: platform === 'smartlead' && apiKeyId !== null ? (clients.data ?? none) : none,
    clientsError: clients.error,
  };
}
