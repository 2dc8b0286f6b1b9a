import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from 'shared/ui';

// Each screen is its own chunk: a person opening one screen does not download the other four.
const HubspotScreen = lazy(() => import('../features/crm-connections/HubspotScreen').then((module) => ({ default: module.HubspotScreen })));
const SalesforceScreen = lazy(() => import('../features/crm-connections/SalesforceScreen').then((module) => ({ default: module.SalesforceScreen })));
const ApiKeysScreen = lazy(() => import('../features/api-keys/ApiKeysScreen').then((module) => ({ default: module.ApiKeysScreen })));
const ServicesScreen = lazy(() => import('../features/services/ServicesScreen').then((module) => ({ default: module.ServicesScreen })));
const UsersScreen = lazy(() => import('../features/users/UsersScreen').then((module) => ({ default: module.UsersScreen })));

/** The connections remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Suspense fallback={<LoadingState label="Loading the screen" />}>
      <Routes>
        <Route path="hubspot" element={<HubspotScreen />} />
        <Route path="salesforce" element={<SalesforceScreen />} />
        <Route path="api-keys" element={<ApiKeysScreen />} />
        <Route path="services" element={<ServicesScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
