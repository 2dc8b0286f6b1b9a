/** Every dashboard route below /admin/dashboard, its home ('') first: what the screen-wide checks visit. */
export const dashboardScreens = [
  '',
  'hubspot',
  'salesforce',
  'api-keys',
  'services',
  'users',
  'embedding',
  'webhooks',
  'smartlead-block-lists',
  'history/webhook-logs',
  'history/block-list-logs',
  'history/category-base-filter-logs',
];
