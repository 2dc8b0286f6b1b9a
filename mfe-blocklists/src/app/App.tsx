import { Route, Routes } from 'react-router-dom';
import { BlockListsScreen } from '../features/block-lists/BlockListsScreen';

/** The block lists remote's screens, relative to /admin/dashboard. */
export function App() {
  return (
    <Routes>
      <Route path="smartlead-block-lists" element={<BlockListsScreen />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
