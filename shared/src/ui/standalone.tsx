import { createElement, type ComponentType } from 'react';

/**
 * Renders a remote on its own page with the development host contract (`pnpm --filter <remote> dev`).
 * The host is loaded on demand: the shell, which shares this kit, never downloads it.
 */
export function renderStandalone(App: ComponentType, apiBaseUrl: string): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  void Promise.all([import('react-dom/client'), import('./standalone-host.js')]).then(
    ([{ createRoot }, { StandaloneHost }]) =>
      createRoot(container).render(createElement(StandaloneHost, { App, apiBaseUrl })),
  );
}
