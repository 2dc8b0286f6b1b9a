import { Route, Routes } from 'react-router-dom';
import { WebhookLogsScreen } from '../features/webhook-logs/WebhookLogsScreen';
import { BlockListLogsScreen } from '../features/block-list-logs/BlockListLogsScreen';
import { CategoryBaseFilterLogsScreen } from '../features/category-base-filter-logs/CategoryBaseFilterLogsScreen';

/** The history remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Routes>
      <Route path="history">
        <Route path="webhook-logs" element={<WebhookLogsScreen />} />
        <Route path="block-list-logs" element={<BlockListLogsScreen />} />
        <Route path="category-base-filter-logs" element={<CategoryBaseFilterLogsScreen />} />
      </Route>
      <Route path="*" element={null} />
    </Routes>
  );
}
