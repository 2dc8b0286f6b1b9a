import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../client/index.js';
import type { HostContract } from '../host/index.js';

const HostContext = createContext<HostContract | null>(null);

/** Provided by each remote's own root from its props; never the shell's context. */
export function HostProvider({ host, children }: { host: HostContract; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): HostContract {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside a HostProvider');
  return host;
}

/** The typed api client bound to the host's api base URL and 401 handler. */
export function useApi(): ApiClient {
  const { apiBaseUrl, onUnauthorized } = useHost();
  return useMemo(() => createApiClient({ baseUrl: apiBaseUrl, onUnauthorized }), [apiBaseUrl, onUnauthorized]);
}
