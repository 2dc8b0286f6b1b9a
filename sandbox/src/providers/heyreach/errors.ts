import type { ProviderErrors } from '../../core/provider.js';

/** HeyReach publishes no error bodies; the sandbox answers in the ABP/ASP.NET shape its paths suggest. */
export function heyReachError(message: string) {
  return { error: { code: null, message, details: null, validationErrors: null } };
}

export const heyReachErrors: ProviderErrors = {
  tooManyRequests: () => ({
    status: 429,
    body: heyReachError('Too many requests. The limit is 300 requests per minute.'),
  }),
  serverError: () => ({
    status: 500,
    body: heyReachError('An internal error occurred during your request!'),
  }),
  gatewayTimeout: () => ({ status: 504, body: heyReachError('The request timed out.') }),
  notFound: () => ({ status: 404, body: undefined }),
};
