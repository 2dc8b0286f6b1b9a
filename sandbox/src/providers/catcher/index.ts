import { defineProvider, type ProviderErrors } from '../../core/provider.js';
import { catcherRoutes } from './routes.js';
import { createCatcherState, deliveriesOf, type CatcherState } from './state.js';

const errors: ProviderErrors = {
  tooManyRequests: (retryAfter) => ({
    status: 429,
    body: { message: `Too many requests. Retry after ${retryAfter} seconds.` },
  }),
  serverError: () => ({ status: 500, body: { message: 'Internal server error' } }),
  gatewayTimeout: () => ({ status: 504, body: { message: 'Gateway timeout' } }),
  gone: () => ({ status: 410, body: { message: 'This endpoint is gone' } }),
};

const preview = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * An endpoint catcher: stands in for the additional endpoints a webhook forwards events to. Each
 * name under /catcher/ is an endpoint; the faults of the control API make it misbehave.
 */
export const catcher = defineProvider<CatcherState>({
  name: 'catcher',
  title: 'Endpoint catcher',
  prefix: '/catcher',
  realBaseUrl: 'any additional endpoint (a customer URL the api forwards events to)',
  rateLimits: [],
  errors,
  credentials: () => ({}),
  createState: (ctx) => createCatcherState(ctx.config.requestLogLimit),
  inspect: (state) => ({ deliveries: deliveriesOf(state) }),
  overview: (state) => [
    {
      title: 'Deliveries received',
      total: state.deliveries.length,
      rows: deliveriesOf(state)
        .slice(0, 20)
        .map(({ seq, at, name, method, path, status, outcome, headers, bodyText }) => ({
          seq,
          at,
          endpoint: name,
          method,
          path,
          status,
          outcome,
          'content-type': headers['content-type'],
          'webhook-id': headers['webhook-id'],
          'webhook-timestamp': headers['webhook-timestamp'],
          'webhook-signature': headers['webhook-signature'],
          body: preview(bodyText),
        })),
    },
  ],
  routes: catcherRoutes,
});
