import type { ProviderErrors } from '../../core/provider.js';

/** REST API errors are an array of {message, errorCode, fields?}. */
export function sfErrors(errorCode: string, message: string, fields?: string[]) {
  return [{ message, errorCode, ...(fields ? { fields } : {}) }];
}

export const invalidSession = () => sfErrors('INVALID_SESSION_ID', 'Session expired or invalid');

export const notFound = () => sfErrors('NOT_FOUND', 'The requested resource does not exist');

/** OAuth endpoints answer {error, error_description}. */
export function oauthError(error: string, description: string) {
  return { error, error_description: description };
}

export const salesforceErrors: ProviderErrors = {
  tooManyRequests: () => ({
    status: 429,
    body: sfErrors('REQUEST_LIMIT_EXCEEDED', 'ConcurrentPerOrgLongTxn Limit exceeded.'),
  }),
  // Salesforce has no 429 for its API allocation: an exhausted daily limit is a 403 REQUEST_LIMIT_EXCEEDED.
  rateLimited: () => ({
    status: 403,
    body: sfErrors('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.'),
  }),
  serverError: () => ({
    status: 500,
    body: sfErrors(
      'UNKNOWN_EXCEPTION',
      'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-12345 (-987654321)',
    ),
  }),
  gatewayTimeout: () => ({
    status: 504,
    body: sfErrors(
      'REQUEST_RUNNING_TOO_LONG',
      'Your request was running for too long, and has been stopped.',
    ),
  }),
  notFound: () => ({ status: 404, body: notFound() }),
};
