import type { RemoteName } from 'shared/contract';

/** Which remote owns which dashboard route (design.md "Layout"), and how its area is named. */
export const remoteAreaTitles: Record<RemoteName, string> = {
  mfe_connections: 'Connections',
  mfe_webhooks: 'Webhooks',
  mfe_blocklists: 'Block lists',
  mfe_logs: 'History',
};

/** Each dashboard route, the remote that renders it, and the page's name in the tab title. */
export const dashboardRoutes: ReadonlyArray<{ path: string; remote: RemoteName; title: string }> = [
  { path: 'hubspot', remote: 'mfe_connections', title: 'HubSpot' },
  { path: 'salesforce', remote: 'mfe_connections', title: 'Salesforce' },
  { path: 'api-keys', remote: 'mfe_connections', title: 'API keys' },
  { path: 'services', remote: 'mfe_connections', title: 'Webhook endpoint' },
  { path: 'users', remote: 'mfe_connections', title: 'Users' },
  { path: 'embedding', remote: 'mfe_connections', title: 'Embedding' },
  { path: 'webhooks', remote: 'mfe_webhooks', title: 'Webhooks' },
  { path: 'smartlead-block-lists', remote: 'mfe_blocklists', title: 'Block lists' },
  { path: 'history/webhook-logs', remote: 'mfe_logs', title: 'Webhook logs' },
  { path: 'history/block-list-logs', remote: 'mfe_logs', title: 'Block list logs' },
  {
    path: 'history/category-base-filter-logs',
    remote: 'mfe_logs',
    title: 'Category base filter logs',
  },
];
