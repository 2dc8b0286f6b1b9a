import { Navigate, Route, Routes } from 'react-router-dom';
import { DASHBOARD_BASENAME } from 'shared/host';
import { WelcomePage } from '../features/welcome/WelcomePage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { DashboardLayout } from '../features/dashboard/DashboardLayout';
import { RemoteArea, type RemoteLoader } from '../features/remotes/RemoteArea';
import { dashboardRoutes } from '../features/remotes/remote-areas';

/** The route table of spec §2; each dashboard child is an area one remote renders. */
export function ShellRoutes({ loadRemote }: { loadRemote?: RemoteLoader }) {
  return (
    <Routes>
      <Route path="/" element={<WelcomePage />} />
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route path={DASHBOARD_BASENAME} element={<DashboardLayout />}>
        <Route index element={<Navigate to="webhooks" replace />} />
        {dashboardRoutes.map(({ path, remote, title }) => (
          <Route key={path} path={path} element={<RemoteArea key={remote} remote={remote} page={title} load={loadRemote} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
