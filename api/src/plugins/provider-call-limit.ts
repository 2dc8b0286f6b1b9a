import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { operations, type OperationName } from 'shared/contract';
import { toRoutePath } from '../http/contract-route.js';
import { HttpError } from '../http/http-error.js';

/**
 * The calls that reach a CRM or a platform on a user's request: key checks and the lookups. Each
 * user may make `perMinute` of them a minute, together, so nobody turns the api into a scanner or
 * burns a customer's platform quota.
 */
export const providerCallOperations: readonly OperationName[] = [
  'checkApiKey',
  'createApiKey',
  'updateApiKey',
  'validateApiKey',
  'listLeadCategories',
  'listSmartleadClients',
  'listHeyReachLists',
  'listHubspotLists',
  'listCrmProperties',
  'listHubspotContactProperties',
  'listSalesforceLists',
  'listSalesforceReportFields',
  'listSalesforcePermissions',
  'getHubspotOwnersAndUserAccounts',
  'getSalesforceUserAccounts',
];

const routeKey = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

export interface ProviderCallLimitOptions extends Record<string, unknown> {
  /** Calls a user may make in one minute (PROVIDER_CALLS_PER_MINUTE). */
  perMinute: number;
}

/**
 * Registered inside /api/admin/* after the session check: a 429 `{ message }` with Retry-After once
 * the signed-in user has made `perMinute` provider calls in the current minute.
 */
export const providerCallLimit: FastifyPluginAsync<ProviderCallLimitOptions> = async (
  app,
  { perMinute },
) => {
  const limited = new Set(
    providerCallOperations.map((name) =>
      routeKey(operations[name].method, toRoutePath(operations[name].path)),
    ),
  );
  await app.register(rateLimit, { global: false });
  const limit = app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `provider-calls:${request.currentUser?.id ?? request.ip}`,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(
        429,
        `Too many calls to the CRMs and platforms: at most ${context.max} a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      );
    },
  });
  app.addHook('preHandler', async (request, reply) => {
    if (limited.has(routeKey(request.method, request.routeOptions.url ?? '')))
      await limit.call(app, request, reply);
  });
};
