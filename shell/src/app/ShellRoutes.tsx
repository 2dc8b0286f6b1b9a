import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DASHBOARD_BASENAME } from 'shared/host';
import { DashboardLayout } from '../features/dashboard/DashboardLayout';
import { RemoteArea, type RemoteLoader } from '../features/remotes/RemoteArea';
import { PrefetchAreas } from '../features/remotes/prefetch';
import { dashboardRoutes } from '../lib/remote-areas';

// Pages in chunks of their own: an area's first load (the size budget, e2e/) carries none of them.
const DashboardHome = lazy(() =>
  import('../features/home/DashboardHome').then((module) => ({ default: module.DashboardHome })),
);
const WelcomePage = lazy(() =>
  import('../features/welcome/WelcomePage').then((module) => ({ default: module.WelcomePage })),
);
const UnauthorizedPage = lazy(() =>
  import('../features/errors/UnauthorizedPage').then((module) => ({
    default: module.UnauthorizedPage,
  })),
);
const ReleasesPage = lazy(() =>
  import('../features/releases/ReleasesPage').then((module) => ({ default: module.ReleasesPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** The route table of spec §2; each dashboard child is an area one remote renders. */
export function ShellRoutes({ loadRemote }: { loadRemote?: RemoteLoader }) {
  return (
    <Suspense>
      <Routes>
        <Route path="/" element={<WelcomePage />} />
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route
          path={DASHBOARD_BASENAME}
          element={
            <>
              <PrefetchAreas />
              <DashboardLayout />
            </>
          }
        >
          <Route index element={<DashboardHome />} />
          {dashboardRoutes.map(({ path, remote, title }) => (
            <Route
              key={path}
              path={path}
              element={<RemoteArea key={remote} remote={remote} page={title} load={loadRemote} />}
            />
          ))}
          <Route path="releases" element={<ReleasesPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
