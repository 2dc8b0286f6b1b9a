import type { ComponentType, ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '../host/index.js';
import { system } from './theme.js';
import { HostProvider } from './host-context.js';
import { HostRouter } from './host-router.js';

/** Everything a remote's screens need around them, built from the host contract alone. */
export function RemoteProviders({ host, basename, location, children }: RemoteAppProps & { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={host.queryClient}>
        <HostProvider host={host}>
          <HostRouter host={host} basename={basename} location={location}>
            {children}
          </HostRouter>
        </HostProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
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
