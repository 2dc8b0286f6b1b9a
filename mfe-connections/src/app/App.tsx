import { Route, Routes } from 'react-router-dom';
import { lazyWithRetry, LoadingState, SectionLoadFailed } from 'shared/ui';

// Each screen is its own chunk: a person opening one screen does not download the others.
const screenStates = {
  loading: <LoadingState label="Loading the screen" />,
  failed: (_props: unknown, retry: () => void) => (
    <SectionLoadFailed title="The screen could not be loaded" onRetry={retry} />
  ),
};
const HubspotScreen = lazyWithRetry(
  () => import('../features/crm-connections/HubspotScreen').then((module) => module.HubspotScreen),
  screenStates,
);
const SalesforceScreen = lazyWithRetry(
  () =>
    import('../features/crm-connections/SalesforceScreen').then(
      (module) => module.SalesforceScreen,
    ),
  screenStates,
);
const ApiKeysScreen = lazyWithRetry(
  () => import('../features/api-keys/ApiKeysScreen').then((module) => module.ApiKeysScreen),
  screenStates,
);
const ServicesScreen = lazyWithRetry(
  () => import('../features/services/ServicesScreen').then((module) => module.ServicesScreen),
  screenStates,
);
const EmbeddingScreen = lazyWithRetry(
  () => import('../features/embedding/EmbeddingScreen').then((module) => module.EmbeddingScreen),
  screenStates,
);
const UsersScreen = lazyWithRetry(
  () => import('../features/users/UsersScreen').then((module) => module.UsersScreen),
  screenStates,
);

/** The connections remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Routes>
      <Route path="hubspot" element={<HubspotScreen />} />
      <Route path="salesforce" element={<SalesforceScreen />} />
      <Route path="api-keys" element={<ApiKeysScreen />} />
      <Route path="services" element={<ServicesScreen />} />
      <Route path="users" element={<UsersScreen />} />
      <Route path="embedding" element={<EmbeddingScreen />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
