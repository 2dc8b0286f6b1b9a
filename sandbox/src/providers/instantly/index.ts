import { defineProvider } from '../../core/provider.js';
import { instantlyErrors } from './errors.js';
import { instantlyRoutes } from './routes.js';
import { createInstantlyState, type InstantlyState } from './state.js';

export const instantly = defineProvider<InstantlyState>({
  name: 'instantly',
  title: 'Instantly',
  prefix: '/instantly',
  realBaseUrl: 'https://api.instantly.ai (API v2 under /api/v2)',
  rateLimits: [
    {
      name: 'per-second',
      max: 100,
      windowMs: 1000,
      source: 'Instantly API v2 rate limits: 100 requests a second per workspace',
    },
    {
      name: 'per-minute',
      max: 6000,
      windowMs: 60_000,
      source: 'Instantly API v2 rate limits: 6,000 requests a minute per workspace',
    },
  ],
  errors: instantlyErrors,
  credentials: () => ({ 'API key (Authorization: Bearer)': 'in-valid-key' }),
  createState: createInstantlyState,
  inspect: (state) => ({
    workspace: state.workspace,
    leadLabels: state.leadLabels,
    blockList: state.blockList,
    webhooks: state.webhooks,
  }),
  overview: (state) => [
    {
      title: 'Block list entries',
      rows: state.blockList.map(({ id, bl_value, is_domain, timestamp_created }) => ({
        id,
        bl_value,
        is_domain,
        timestamp_created,
      })),
    },
    {
      title: 'Webhooks',
      rows: state.webhooks.map(({ id, name, target_hook_url, event_type, timestamp_created }) => ({
        id,
        name,
        target_hook_url,
        event_type,
        timestamp_created,
      })),
    },
    {
      title: 'Lead labels',
      rows: state.leadLabels.map(({ id, label, interest_status_label }) => ({
        id,
        label,
        interest_status_label,
      })),
    },
  ],
  routes: instantlyRoutes,
});
