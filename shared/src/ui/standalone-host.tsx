import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../contract/index.js';
import { createApiClient } from '../client/index.js';
import { DASHBOARD_BASENAME, HOST_CONTRACT_VERSION, type HostContract } from '../host/index.js';
import { RemoteProviders } from './remote-providers.js';

const developmentUser: CurrentUser = {
  id: 0,
  isPaidTier: true,
  isAdmin: true,
  isManagerOrAdmin: true,
  role: 'ADMIN',
  userProfiles: [],
  details: { nickname: 'developer', email: 'developer@localhost', picture: '' },
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const currentLocation = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The development host contract a remote gets when it runs on its own (`pnpm --filter <remote> dev`):
 * the signed-in user from the api when its session cookie reaches it, a development admin otherwise.
 */
export function StandaloneHost({ App, apiBaseUrl }: { App: ComponentType; apiBaseUrl: string }) {
  const [user, setUser] = useState<CurrentUser>(developmentUser);
  // One QueryClient for the page's life, as in the shell: a new one per host change would leave
  // mounted queries on the old client while mutations write to the new one.
  const [queryClient] = useState(() => new QueryClient());
  const [, setVersion] = useState(0);
  const location = useSyncExternalStore(subscribe, currentLocation);
  const navigate = useCallback((to: string, options?: { replace?: boolean }) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setVersion((version) => version + 1);
  }, []);
  const host = useMemo<HostContract>(
    () => ({
      version: HOST_CONTRACT_VERSION,
      user,
      apiBaseUrl,
      queryClient,
      notify: (toast) =>
        console.info(`[${toast.severity}] ${toast.summary}: ${toast.detail ?? ''}`),
      onUnauthorized: () => console.warn('401 from the api: sign in at the api first'),
      navigate,
    }),
    [user, apiBaseUrl, navigate, queryClient],
  );
  useEffect(() => {
    createApiClient({ baseUrl: apiBaseUrl, onUnauthorized: () => {} })
      .call('getMe')
      .then(setUser)
      .catch(() => console.info('Using the development user: the api session is not reachable'));
  }, [apiBaseUrl]);
  if (!window.location.pathname.startsWith(DASHBOARD_BASENAME))
    window.history.replaceState(null, '', DASHBOARD_BASENAME);
  return (
    <RemoteProviders
      ownsPage
      host={host}
      basename={DASHBOARD_BASENAME}
      location={location.startsWith(DASHBOARD_BASENAME) ? location : DASHBOARD_BASENAME}
    >
      <App />
    </RemoteProviders>
  );
}
