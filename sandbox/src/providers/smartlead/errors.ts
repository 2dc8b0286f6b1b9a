import type { ProviderErrors } from '../../core/provider.js';

/** Smartlead's documented bodies: 401 {message}, 4xx {error}, 429 {error: {code, message, retry_after}}. */
export const invalidApiKey = { message: 'Invalid API Key' };

export const smartleadErrors: ProviderErrors = {
  tooManyRequests: (retryAfter) => ({
    status: 429,
    body: {
      error: {
        code: 'RATE_LIMIT_EXCEEDED',
        message: `Too many requests. Please retry after ${retryAfter} seconds.`,
        retry_after: retryAfter,
      },
    },
  }),
  serverError: () => ({
    status: 500,
    body: {
      error: {
        code: 'INTERNAL_SERVER_ERROR',
        message:
          'Server error occurred. Please try again or contact support if the issue persists.',
      },
    },
  }),
  gatewayTimeout: () => ({
    status: 504,
    body: { error: { code: 'GATEWAY_TIMEOUT', message: 'The server did not answer in time.' } },
  }),
  notFound: (method, path) => ({
    status: 404,
    body: {
      error: {
        code: 'NOT_FOUND',
        message: `Cannot ${method} /api/v1${path.replace(/^\/api\/v1/, '')}`,
      },
    },
  }),
};
