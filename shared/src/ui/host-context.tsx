import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ApiClientContext, createApiClient } from '../client/index.js';
import type { HostContract } from '../host/index.js';

const HostContext = createContext<HostContract | null>(null);

/** Provided by each remote's own root from its props; never the shell's context. Also gives the operation hooks their api client. */
export function HostProvider({ host, children }: { host: HostContract; children: ReactNode }) {
  const { apiBaseUrl, onUnauthorized, authorization } = host;
  const api = useMemo(
    () => createApiClient({ baseUrl: apiBaseUrl, onUnauthorized, authorization }),
    [apiBaseUrl, onUnauthorized, authorization],
  );
  return (
    <HostContext.Provider value={host}>
      <ApiClientContext.Provider value={api}>{children}</ApiClientContext.Provider>
    </HostContext.Provider>
  );
}

export function useHost(): HostContract {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside a HostProvider');
  return host;
}
