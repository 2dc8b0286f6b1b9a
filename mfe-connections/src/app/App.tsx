import { Route, Routes } from 'react-router-dom';
import { HubspotScreen } from '../features/crm-connections/HubspotScreen';
import { SalesforceScreen } from '../features/crm-connections/SalesforceScreen';
import { ApiKeysScreen } from '../features/api-keys/ApiKeysScreen';
import { ServicesScreen } from '../features/services/ServicesScreen';
import { UsersScreen } from '../features/users/UsersScreen';

/** The connections remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Routes>
      <Route path="hubspot" element={<HubspotScreen />} />
      <Route path="salesforce" element={<SalesforceScreen />} />
      <Route path="api-keys" element={<ApiKeysScreen />} />
      <Route path="services" element={<ServicesScreen />} />
      <Route path="users" element={<UsersScreen />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
