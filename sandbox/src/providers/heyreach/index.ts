import { defineProvider } from '../../core/provider.js';
import { heyReachErrors } from './errors.js';
import { heyReachRoutes } from './routes.js';
import { createHeyReachState, type HeyReachState } from './state.js';

export const heyreach = defineProvider<HeyReachState>({
  name: 'heyreach',
  title: 'HeyReach',
  prefix: '/heyreach',
  realBaseUrl: 'https://api.heyreach.io (public API under /api/public)',
  rateLimits: [
    {
      name: 'per-minute',
      max: 300,
      windowMs: 60_000,
      source: 'public client code and integration guides: 300 API requests a minute',
    },
  ],
  errors: heyReachErrors,
  credentials: () => ({ 'API key (X-API-KEY)': 'hr-valid-key' }),
  createState: () => createHeyReachState(),
  inspect: (state) => ({
    lists: state.lists.map((list) => ({ ...list, totalItemsCount: list.leads.length })),
    webhooks: state.webhooks,
  }),
  overview: (state) => [
    {
      title: 'Webhooks',
      rows: state.webhooks.map(({ id, webhookName, webhookUrl, eventType, creationTime }) => ({
        id,
        webhookName,
        webhookUrl,
        eventType,
        creationTime,
      })),
    },
    {
      title: 'Lists',
      rows: state.lists.map(({ id, name, listType, leads }) => ({
        id,
        name,
        listType,
        members: leads.length,
      })),
    },
    ...state.lists
      .filter((list) => list.listType === 'USER_LIST')
      .map((list) => ({
        title: `Members of list ${list.id} "${list.name}"`,
        rows: list.leads.map(({ profileUrl, firstName, lastName, addedAt }) => ({
          profileUrl,
          firstName,
          lastName,
          addedAt,
        })),
      })),
  ],
  routes: heyReachRoutes,
});
