import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { CurrentUser, RuntimeConfig } from 'shared/contract';
import { pageSystem } from 'shared/ui';
import { createFakeApi, type FakeApi, type FakeResponse } from 'shared/testing';
import { ShellRoutes } from '../app/ShellRoutes';
import { Toaster } from '../features/toasts/Toaster';
import type { RemoteLoader } from '../features/remotes/RemoteArea';
import { queryClient } from '../lib/query-client';

export const testRuntimeConfig: RuntimeConfig = {
  remotes: [
    { name: 'mfe_connections', entry: 'http://localhost:8081/mf-manifest.json' },
    { name: 'mfe_webhooks', entry: 'http://localhost:8082/mf-manifest.json' },
    { name: 'mfe_blocklists', entry: 'http://localhost:8083/mf-manifest.json' },
    { name: 'mfe_logs', entry: 'http://localhost:8084/mf-manifest.json' },
  ],
  supportEmail: 'support@crm-sync.example',
  knowledgeBaseUrl: 'https://docs.crm-sync.example',
  statusPageUrl: 'https://status.crm-sync.example',
};

/** A remote module as the bridge expects it: its provider renders the location it was given. */
export const fakeRemoteModule = (label: string) => ({
  default: () => ({
    render: (info: { dom: HTMLElement; location?: unknown }) => {
      info.dom.textContent = `${label} at ${String(info.location)}`;
    },
    destroy: () => {},
  }),
});

export const loadFakeRemote: RemoteLoader = async (name) => fakeRemoteModule(name);

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname}</output>;
}

export interface RenderShellOptions {
  me?: CurrentUser | FakeResponse;
  loadRemote?: RemoteLoader;
  /** More faked calls, e.g. the lists the dashboard home reads: `{ 'GET /api/admin/webhooks': { body: … } }`. */
  api?: Record<string, FakeResponse>;
  /** What /remotes.json answers (testRuntimeConfig unless given). */
  runtimeConfig?: RuntimeConfig;
}

/** The shell's routes at a path, with /api/admin/me, /remotes.json and /health faked at fetch. */
export function renderShell(
  path: string,
  {
    me,
    loadRemote = loadFakeRemote,
    api: calls = {},
    runtimeConfig = testRuntimeConfig,
  }: RenderShellOptions = {},
): { api: FakeApi } {
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const meResponse: FakeResponse =
    me && 'details' in me
      ? { body: me }
      : (me ?? { status: 401, body: { message: 'Sign in to continue' } });
  const api = createFakeApi({
    'GET /api/admin/me': meResponse,
    'GET /remotes.json': { body: runtimeConfig },
    'GET /health': { body: { status: 'ok' } },
    'GET /api/admin/crm-backlog': { body: { accounts: [] } },
    // the remotes' manifests (the status widget checks each is reachable)
    'GET /mf-manifest.json': { body: {} },
    ...calls,
  });
  globalThis.fetch = api.fetch;
  render(
    <ChakraProvider value={pageSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ShellRoutes loadRemote={loadRemote} />
          <CurrentPath />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { api };
}
