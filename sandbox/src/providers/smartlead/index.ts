import { defineProvider } from '../../core/provider.js';
import { smartleadErrors } from './errors.js';
import { smartleadRoutes } from './routes.js';
import { createSmartleadState, type SmartleadState } from './state.js';

const minute = 60_000;

export const smartlead = defineProvider<SmartleadState>({
  name: 'smartlead',
  title: 'Smartlead',
  prefix: '/smartlead',
  realBaseUrl: 'https://server.smartlead.ai (API under /api/v1)',
  rateLimits: [
    {
      name: 'burst',
      max: 10,
      windowMs: 1000,
      source: 'api.smartlead.ai/guides/rate-limits: burst 10 requests/second (standard plan)',
    },
    {
      name: 'per-minute',
      max: 60,
      windowMs: minute,
      source: 'api.smartlead.ai/guides/rate-limits: 60 requests a minute per API key',
    },
    {
      name: 'per-hour',
      max: 1000,
      windowMs: 60 * minute,
      source: 'api.smartlead.ai/guides/rate-limits: 1,000 requests an hour per API key',
    },
  ],
  errors: smartleadErrors,
  credentials: () => ({ 'API key (?api_key=)': 'sl-valid-key' }),
  createState: () => createSmartleadState(),
  inspect: (state) => ({
    clients: state.clients,
    leadCategories: state.leadCategories,
    blockList: state.blockList,
    webhooks: state.webhooks,
  }),
  overview: (state) => [
    { title: 'Global block list', rows: state.blockList.map((entry) => ({ ...entry })) },
    {
      title: 'Webhooks',
      rows: state.webhooks.map(
        ({ id, name, webhook_url, association_type, event_type_map, created_at }) => ({
          id,
          name,
          webhook_url,
          association_type,
          events: Object.keys(event_type_map)
            .filter((event) => event_type_map[event])
            .join(', '),
          created_at,
        }),
      ),
    },
    { title: 'Clients', rows: state.clients.map(({ id, name, email }) => ({ id, name, email })) },
    {
      title: 'Lead categories',
      rows: state.leadCategories.map(({ id, name, sentiment_type }) => ({
        id,
        name,
        sentiment_type,
      })),
    },
  ],
  routes: smartleadRoutes,
});
