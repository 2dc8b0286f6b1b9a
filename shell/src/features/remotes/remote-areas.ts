import type { RemoteName } from 'shared/contract';

/** Which remote owns which dashboard route (design.md "Layout"), and how its area is named. */
export const remoteAreaTitles: Record<RemoteName, string> = {
  mfe_connections: 'Connections',
  mfe_webhooks: 'Webhooks',
  mfe_blocklists: 'Block lists',
  mfe_logs: 'History',
};

export const dashboardRoutes: ReadonlyArray<{ path: string; remote: RemoteName }> = [
  { path: 'hubspot', remote: 'mfe_connections' },
  { path: 'salesforce', remote: 'mfe_connections' },
  { path: 'api-keys', remote: 'mfe_connections' },
  { path: 'services', remote: 'mfe_connections' },
  { path: 'users', remote: 'mfe_connections' },
  { path: 'webhooks', remote: 'mfe_webhooks' },
  { path: 'smartlead-block-lists', remote: 'mfe_blocklists' },
  { path: 'history/webhook-logs', remote: 'mfe_logs' },
  { path: 'history/block-list-logs', remote: 'mfe_logs' },
  { path: 'history/category-base-filter-logs', remote: 'mfe_logs' },
];
