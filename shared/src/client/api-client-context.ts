import { createContext, useContext } from 'react';
import type { ApiClient } from './create-api-client.js';

/** The typed client the operation hooks call; the host's provider (shared/ui HostProvider) sets it. */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const api = useContext(ApiClientContext);
  if (!api) throw new Error('useApiClient must be used inside a HostProvider');
  return api;
}
