import { correlationId } from '../../core/ids.js';
import type { ProviderErrors } from '../../core/provider.js';

/** HubSpot's v3 error body: {status: "error", message, correlationId, category, ...}. */
export function hubspotError(
  category: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return { status: 'error', message, correlationId: correlationId(), category, ...extra };
}

export const invalidAuthentication = () =>
  hubspotError(
    'INVALID_AUTHENTICATION',
    'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
  );

export function expiredAuthentication(expiresAt: number, now: number) {
  const ago = Math.max(0, now - expiresAt);
  const [amount, unit] =
    ago >= 3_600_000
      ? [Math.floor(ago / 3_600_000), 'hour']
      : ago >= 60_000
        ? [Math.floor(ago / 60_000), 'minute']
        : [Math.floor(ago / 1000), 'second'];
  return hubspotError(
    'EXPIRED_AUTHENTICATION',
    `The OAuth token used to make this call expired ${amount} ${unit}(s) ago.`,
    {
      context: { 'expire time': [new Date(expiresAt).toISOString()] },
    },
  );
}

export function missingScopes(required: string[]) {
  return hubspotError(
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [
        {
          message: 'One or more of the following scopes are required.',
          context: { requiredGranularScopes: required },
        },
      ],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  );
}

export const validationError = (message: string, extra: Record<string, unknown> = {}) =>
  hubspotError('VALIDATION_ERROR', message, extra);

export const objectNotFound = (id: string) =>
  hubspotError('OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', {
    context: { id: [id] },
  });

/** The v1 OAuth endpoints answer {status: "BAD_…", message}. */
export function oauthError(status: string, message: string) {
  return { status, message, correlationId: correlationId() };
}

function rateLimit(policyName: string, message: string) {
  return {
    status: 'error',
    message,
    errorType: 'RATE_LIMIT',
    correlationId: correlationId(),
    policyName,
  };
}

export const hubspotErrors: ProviderErrors = {
  tooManyRequests: () => ({
    status: 429,
    body: rateLimit('TEN_SECONDLY_ROLLING', 'You have reached your ten_secondly_rolling limit.'),
  }),
  rateLimited: (verdict) => ({
    status: 429,
    body:
      verdict.rule.name === 'search-secondly'
        ? rateLimit('SECONDLY', 'You have reached your secondly limit.')
        : rateLimit('TEN_SECONDLY_ROLLING', 'You have reached your ten_secondly_rolling limit.'),
  }),
  serverError: () => ({ status: 500, body: hubspotError('INTERNAL_ERROR', 'internal error') }),
  gatewayTimeout: () => ({
    status: 504,
    body: hubspotError('GATEWAY_TIMEOUT', 'The request timed out.'),
  }),
  notFound: (method, path) => ({
    status: 404,
    body: hubspotError('OBJECT_NOT_FOUND', `No route for ${method} ${path}`),
  }),
};

/** A unique property's value that another record holds already (create or update refused). */
export const uniqueValueConflict = ({
  name,
  existing,
}: {
  name: string;
  existing: { id: string };
}) =>
  hubspotError(
    'CONFLICT',
    `A record with this value of the unique property ${name} already exists. Existing ID: ${existing.id}`,
  );
