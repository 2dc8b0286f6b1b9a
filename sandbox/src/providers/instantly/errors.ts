import type { ProviderErrors } from '../../core/provider.js';

/** Instantly API v2 errors: {statusCode, error, message} (documented for 400, 401, 402, 404, 429). */
export function instantlyError(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

export const instantlyErrors: ProviderErrors = {
  tooManyRequests: () => ({
    status: 429,
    body: instantlyError(429, 'Too Many Requests', 'Rate limit exceeded'),
  }),
  serverError: () => ({
    status: 500,
    body: instantlyError(500, 'Internal Server Error', 'An internal server error occurred'),
  }),
  gatewayTimeout: () => ({
    status: 504,
    body: instantlyError(504, 'Gateway Timeout', 'The request timed out'),
  }),
  notFound: (method, path) => ({
    status: 404,
    body: instantlyError(404, 'Not Found', `Route ${method}:${path} not found`),
  }),
};
