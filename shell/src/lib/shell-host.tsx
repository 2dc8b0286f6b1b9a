import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from 'shared/contract';
import { HOST_CONTRACT_VERSION, type HostContract } from 'shared/host';
import { queryClient } from './query-client';
import { notify } from './notify';

const ShellHostContext = createContext<HostContract | null>(null);

export const UNAUTHORIZED_PATH = '/unauthorized';

/** Sends the user to /unauthorized; the same handler serves the shell's calls and every remote's. */
export function useGoToUnauthorized(): () => void {
  const navigate = useNavigate();
  return useMemo(() => () => navigate(UNAUTHORIZED_PATH, { replace: true }), [navigate]);
}

/** Builds the host contract the shell hands to every remote, once per signed-in user. */
export function ShellHostProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const navigate = useNavigate();
  const onUnauthorized = useGoToUnauthorized();
  const host = useMemo<HostContract>(
    () => ({
      version: HOST_CONTRACT_VERSION,
      user,
      apiBaseUrl: '',
      notify,
      onUnauthorized,
      queryClient,
      navigate: (to, options) => navigate(to, options),
    }),
    [user, onUnauthorized, navigate],
  );
  return <ShellHostContext.Provider value={host}>{children}</ShellHostContext.Provider>;
}

export function useShellHost(): HostContract {
  const host = useContext(ShellHostContext);
  if (!host) throw new Error('useShellHost must be used inside ShellHostProvider');
  return host;
}
