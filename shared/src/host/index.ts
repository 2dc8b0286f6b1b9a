import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../contract/index.js';
import type { ToastMessage } from '../rules/toast.js';

export { HOST_CONTRACT_RANGE, HOST_CONTRACT_VERSION, hostContractMeets } from './version.js';

/**
 * Everything a remote gets from the shell, as typed props of its bridged `./App`.
 * A remote reads nothing else of the host, so the same App embeds anywhere.
 */
export interface HostContract {
  /** The version of this contract the host gives (HOST_CONTRACT_VERSION of the host's build). */
  version: string;
  user: CurrentUser;
  /** Origin of the api ('' = same origin as the page). */
  apiBaseUrl: string;
  notify: (toast: ToastMessage) => void;
  onUnauthorized: () => void;
  queryClient: QueryClient;
  /** Navigates through the host's router (full path, basename included). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /**
   * An embedding page's bearer token for every call (issue 59); `renew` asks for a new one after a
   * 401. Absent in the shell, whose calls carry the session cookie.
   */
  authorization?: (options?: { renew?: boolean }) => Promise<string | undefined>;
  /** The shadow root an embedded area is drawn in: its styles and portals go there. */
  shadowRoot?: ShadowRoot;
}

/** The props the shell passes to a remote's bridged App. */
export interface RemoteAppProps {
  host: HostContract;
  /** The route under which the remote's paths live, e.g. /admin/dashboard. */
  basename: string;
  /** The host router's current location (path + search). The remote renders from it, so the
   *  bridge re-renders the remote on every navigation and there is one router state. */
  location: string;
}

/** Where the dashboard lives; every remote's routes are relative to it. */
export const DASHBOARD_BASENAME = '/admin/dashboard';
