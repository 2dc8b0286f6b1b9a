import type { CurrentUser } from 'shared/contract';

export interface NavLinkItem {
  kind: 'link';
  /** The route name of spec §2 "Side navigation". */
  name: string;
  label: string;
  /** Relative to /admin/dashboard. */
  path: string;
}
export interface NavGroup {
  kind: 'group';
  label: string;
  items: NavLinkItem[];
}
export type NavEntry = NavLinkItem | NavGroup;

const link = (name: string, label: string, path: string): NavLinkItem => ({
  kind: 'link',
  name,
  label,
  path,
});

/**
 * The side navigation for a user (spec §2): Users only for managers and admins, Embedding and
 * Releases (issue 57) for admins.
 */
export function navigationFor(user: Pick<CurrentUser, 'isManagerOrAdmin' | 'isAdmin'>): NavEntry[] {
  return [
    {
      kind: 'group',
      label: 'Connected accounts',
      items: [
        link('hubspot-view', 'HubSpot', 'hubspot'),
        link('salesforce-settings-view', 'Salesforce', 'salesforce'),
        link('api-key-view', 'API keys', 'api-keys'),
        link('additional-services-view', 'Webhook endpoint', 'services'),
        ...(user.isAdmin ? [link('embedding-view', 'Embedding', 'embedding')] : []),
      ],
    },
    link('webhook-view', 'Webhook receiver', 'webhooks'),
    link('smartlead-block-list-view', 'Block lists', 'smartlead-block-lists'),
    ...(user.isManagerOrAdmin ? [link('user-view', 'Users', 'users')] : []),
    ...(user.isAdmin ? [link('releases-view', 'Releases', 'releases')] : []),
    {
      kind: 'group',
      label: 'History',
      items: [
        link('webhook-logs', 'Webhooks', 'history/webhook-logs'),
        link('block-list-logs', 'Block Lists', 'history/block-list-logs'),
        link(
          'category-base-filter-logs',
          'Category Base Filter',
          'history/category-base-filter-logs',
        ),
      ],
    },
  ];
}
