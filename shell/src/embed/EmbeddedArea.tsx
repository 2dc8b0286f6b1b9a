import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { createRemoteAppComponent } from '@module-federation/bridge-react/base';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Link } from '@chakra-ui/react';
import { createApiClient } from 'shared/client';
import { runtimeConfig, type RemoteName } from 'shared/contract';
import {
  DASHBOARD_BASENAME,
  HOST_CONTRACT_VERSION,
  type HostContract,
  type RemoteAppProps,
} from 'shared/host';
import { loadRemoteApp, registerRuntimeRemotes } from '../features/remotes/federation';
import { checkHostContract } from '../features/remotes/host-contract-check';
import { RemoteFallback, RemoteLoading } from '../features/remotes/RemoteStates';
import { Toaster } from '../features/toasts/Toaster';
import { notify } from '../lib/notify';
import { newQueryClient } from '../lib/query-client';
import { remoteAreaTitles } from '../lib/remote-areas';
import type { EmbedOptions } from './embed-options';
import { tokenSource } from './token-source';

/** Registers the remotes the server's /remotes.json names (their live versions). */
async function loadRegistry(apiBaseUrl: string): Promise<true> {
  const response = await fetch(`${apiBaseUrl}/remotes.json`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load /remotes.json (status ${response.status})`);
  registerRuntimeRemotes(runtimeConfig.parse(await response.json()));
  return true;
}

/** Asks the person to sign in on the dashboard when no token (or no new one) lets the area call the api. */
function SignInNeeded({ apiBaseUrl }: { apiBaseUrl: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your CRM Sync sign-in has ended</Alert.Title>
        <Alert.Description>
          <Link href={`${apiBaseUrl}/`} target="_blank" rel="noopener" color="inherit">
            Sign in to CRM Sync
          </Link>{' '}
          and reload this page.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * One dashboard area in another site's page: the remote's bridged App with a host contract of the
 * embed's own (its QueryClient and toasts, the page's token, routing kept in memory inside the element).
 */
export function EmbeddedArea({
  options,
  apiBaseUrl,
  shadowRoot,
}: {
  options: EmbedOptions;
  apiBaseUrl: string;
  shadowRoot: ShadowRoot;
}) {
  const remote = `mfe_${options.area}` as RemoteName;
  const title = remoteAreaTitles[remote];
  const [location, setLocation] = useState(`${DASHBOARD_BASENAME}${options.route ?? '/'}`);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const queryClient = useMemo(newQueryClient, []);
  const authorization = useMemo(
    () =>
      options.token || options.getToken ? tokenSource(options.token, options.getToken) : undefined,
    [options.token, options.getToken],
  );
  const onUnauthorized = useMemo(() => () => setSignInNeeded(true), []);

  const api = useMemo(
    () => createApiClient({ baseUrl: apiBaseUrl, onUnauthorized, authorization }),
    [apiBaseUrl, onUnauthorized, authorization],
  );
  const me = useQuery(
    { queryKey: ['embed-me'], queryFn: () => api.call('getMe'), retry: false },
    queryClient,
  );
  const registry = useQuery(
    { queryKey: ['embed-registry'], queryFn: () => loadRegistry(apiBaseUrl), staleTime: Infinity },
    queryClient,
  );
  useEffect(() => () => queryClient.clear(), [queryClient]);

  const Remote = useMemo(
    () =>
      createRemoteAppComponent({
        loader: async () => checkHostContract(remote, await loadRemoteApp(remote, attempt > 0)),
        export: 'default',
        loading: <RemoteLoading title={title} />,
        fallback: ({ error }: { error: Error }) => (
          <RemoteFallback
            title={title}
            error={error}
            onRetry={() => setAttempt((count) => count + 1)}
          />
        ),
      }) as unknown as ComponentType<RemoteAppProps>,
    [remote, attempt, title],
  );

  const user = me.data;
  const host = useMemo<HostContract | undefined>(
    () =>
      user && {
        version: HOST_CONTRACT_VERSION,
        user,
        apiBaseUrl,
        notify,
        onUnauthorized,
        queryClient,
        navigate: (to) => setLocation(to),
        authorization,
        shadowRoot,
      },
    [user, apiBaseUrl, onUnauthorized, queryClient, authorization, shadowRoot],
  );

  let content;
  if (signInNeeded) content = <SignInNeeded apiBaseUrl={apiBaseUrl} />;
  else if (registry.error || (me.error && !signInNeeded))
    content = (
      <RemoteFallback
        title={title}
        error={registry.error ?? me.error ?? new Error('unknown')}
        onRetry={() => void (registry.error ? registry.refetch() : me.refetch())}
      />
    );
  else if (!host || !registry.isSuccess) content = <RemoteLoading title={title} />;
  else content = <Remote host={host} basename={DASHBOARD_BASENAME} location={location} />;

  return (
    <Box data-crm-sync-area={options.area}>
      {content}
      <Toaster />
    </Box>
  );
}
