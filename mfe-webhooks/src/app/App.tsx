import { Route, Routes } from 'react-router-dom';
import { WebhooksScreen } from '../features/webhooks/WebhooksScreen';

/** The webhooks remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Routes>
      <Route path="webhooks" element={<WebhooksScreen />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
