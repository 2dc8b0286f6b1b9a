import { useMemo, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { createRemoteAppComponent } from '@module-federation/bridge-react';
import type { RemoteName } from 'shared/contract';
import { DASHBOARD_BASENAME, type RemoteAppProps } from 'shared/host';
import { useShellHost } from '../../lib/shell-host';
import { remoteAreaTitles } from '../../lib/remote-areas';
import { loadRemoteApp } from './federation';
import type { RemoteFallbackUsed } from './load-with-fallback';
import { checkHostContract } from './host-contract-check';
import { useReportFallback } from './report-fallback';
import { RemoteFallback, RemoteLoading } from './RemoteStates';
import { useDocumentTitle } from '../../lib/use-document-title';

export type RemoteLoader = (
  name: RemoteName,
  retry: boolean,
  onFallback: (used: RemoteFallbackUsed) => void,
) => Promise<{ default: unknown; hostContractRange?: unknown }>;

/**
 * One dashboard area rendered by a remote through the bridge. A remote that fails to load runs its
 * previous good build when /remotes.json names one (reported to the registry), else shows a
 * fallback in this area only; Retry builds a new lazy component (React.lazy caches its failure).
 */
export function RemoteArea({
  remote,
  page,
  load = loadRemoteApp,
}: {
  remote: RemoteName;
  page: string;
  load?: RemoteLoader;
}) {
  useDocumentTitle(page);
  const host = useShellHost();
  const { pathname, search, hash } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const title = remoteAreaTitles[remote];
  const reportFallback = useReportFallback();

  const Remote = useMemo(
    () =>
      createRemoteAppComponent({
        loader: async () =>
          checkHostContract(remote, await load(remote, attempt > 0, reportFallback)),
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
    [remote, attempt, title, load, reportFallback],
  );

  return (
    <Remote host={host} basename={DASHBOARD_BASENAME} location={`${pathname}${search}${hash}`} />
  );
}
