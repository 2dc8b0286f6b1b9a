import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '../host/index.js';
import { hostedSystem, pageSystem } from './theme.js';

import { HostProvider } from './host-context.js';
import { HostRouter } from './host-router.js';

/** Chakra inside an embedding page's shadow root: its own chunk, which the dashboard never loads. */
const ShadowRootProviders = lazy(() => import('./shadow.js'));

export type RemoteProvidersProps = RemoteAppProps & {
  children: ReactNode;
  /** The remote is the whole page (its own development page): it brings the reset and global styles the shell otherwise has. */
  ownsPage?: boolean;
};

/** Everything a remote's screens need around them, built from the host contract alone. */
export function RemoteProviders({
  host,
  basename,
  location,
  children,
  ownsPage = false,
}: RemoteProvidersProps) {
  const inner = (
    <QueryClientProvider client={host.queryClient}>
      <HostProvider host={host}>
        <HostRouter host={host} basename={basename} location={location}>
          {children}
        </HostRouter>
      </HostProvider>
    </QueryClientProvider>
  );
  if (host.shadowRoot)
    return (
      <Suspense fallback={null}>
        <ShadowRootProviders shadowRoot={host.shadowRoot}>{inner}</ShadowRootProviders>
      </Suspense>
    );
  return <ChakraProvider value={ownsPage ? pageSystem() : hostedSystem()}>{inner}</ChakraProvider>;
}

/** A remote's root as the bridge renders it: the remote's routes inside the providers of the host contract. */
export function createRemote(App: ComponentType): ComponentType<RemoteAppProps> {
  function RemoteApp(props: RemoteAppProps) {
    return (
      <RemoteProviders {...props}>
        <App />
      </RemoteProviders>
    );
  }
  return RemoteApp;
}
