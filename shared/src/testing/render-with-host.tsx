import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { CurrentUser } from '../contract/index.js';
import type { HostContract } from '../host/index.js';
import { DASHBOARD_BASENAME, HOST_CONTRACT_VERSION } from '../host/index.js';
import type { ToastMessage } from '../rules/toast.js';
import { RemoteProviders } from '../ui/remote-providers.js';
import { createFakeApi, type FakeApi } from './fake-api.js';
import { testUsers } from './fixtures.js';

export interface FakeHost extends HostContract {
  toasts: ToastMessage[];
  navigations: string[];
  unauthorizedCount: number;
}

/** A development or test host contract: records toasts, navigations and 401s instead of acting. */
export function createFakeHost(user: CurrentUser = testUsers.admin): FakeHost {
  const host: FakeHost = {
    version: HOST_CONTRACT_VERSION,
    user,
    apiBaseUrl: '',
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    toasts: [],
    navigations: [],
    unauthorizedCount: 0,
    notify: (toast) => host.toasts.push(toast),
    onUnauthorized: () => {
      host.unauthorizedCount += 1;
    },
    navigate: (to) => host.navigations.push(to),
  };
  return host;
}

export interface RenderRemoteOptions {
  user?: CurrentUser;
  /** Full path, e.g. /admin/dashboard/users. */
  location?: string;
  api?: FakeApi;
}

/** Renders a remote's screens as the shell would, with a fake host and the api faked at fetch (`rerender` keeps them). */
export function renderWithHost(
  ui: ReactElement,
  { user, location = DASHBOARD_BASENAME, api = createFakeApi() }: RenderRemoteOptions = {},
): RenderResult & { host: FakeHost; api: FakeApi } {
  const host = createFakeHost(user);
  globalThis.fetch = api.fetch;
  const result = render(ui, {
    wrapper: ({ children }) => (
      <RemoteProviders host={host} basename={DASHBOARD_BASENAME} location={location}>
        {children}
      </RemoteProviders>
    ),
  });
  return { ...result, host, api };
}
