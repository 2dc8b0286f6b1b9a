import { useQuery } from '@tanstack/react-query';
import { runtimeConfig, type RuntimeConfig } from 'shared/contract';
import { registerRuntimeRemotes } from '../features/remotes/federation';

/** Reads /remotes.json (where each remote is deployed, and the links the shell shows) and registers the remotes. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/remotes.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /remotes.json (status ${response.status})`);
  const config = runtimeConfig.parse(await response.json());
  registerRuntimeRemotes(config);
  return config;
}

export function useRuntimeConfig() {
  return useQuery({
    queryKey: ['runtime-config'],
    queryFn: fetchRuntimeConfig,
    staleTime: Infinity,
  });
}
