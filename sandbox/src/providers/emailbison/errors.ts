import type { ProviderErrors } from '../../core/provider.js';

/** EmailBison is a Laravel application: errors are {message} plus {errors: {field: [messages]}} on a 422. */
export function validationError(field: string, message: string) {
  return { message, errors: { [field]: [message] } };
}

export const emailBisonErrors: ProviderErrors = {
  tooManyRequests: () => ({ status: 429, body: { message: 'Too Many Attempts.' } }),
  serverError: () => ({ status: 500, body: { message: 'Server Error' } }),
  gatewayTimeout: () => ({ status: 504, body: { message: 'Gateway Timeout' } }),
  notFound: (_method, path) => ({
    status: 404,
    body: { message: `The route ${path.replace(/^\//, '')} could not be found.` },
  }),
};
