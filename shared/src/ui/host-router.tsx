import { useMemo, type ReactNode } from 'react';
import { Router, createPath, parsePath, type Navigator, type To } from 'react-router-dom';
import type { HostContract } from '../host/index.js';

const toPath = (to: To): string => (typeof to === 'string' ? to : createPath(to));

/**
 * A router whose location is the host's and whose navigation goes through the host, so the shell
 * and every remote share one history and one current path.
 */
export function HostRouter({
  host,
  basename,
  location,
  children,
}: {
  host: HostContract;
  basename: string;
  location: string;
  children: ReactNode;
}) {
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: toPath,
      push: (to) => host.navigate(toPath(to)),
      replace: (to) => host.navigate(toPath(to), { replace: true }),
      go: (delta) => window.history.go(delta),
    }),
    [host],
  );
  const parsed = useMemo(() => parsePath(location), [location]);
  return (
    <Router
      basename={basename}
      location={{
        pathname: parsed.pathname ?? '/',
        search: parsed.search ?? '',
        hash: parsed.hash ?? '',
      }}
      navigator={navigator}
    >
      {children}
    </Router>
  );
}
