import type { FastifyPluginAsync } from 'fastify';
import { readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { findCrmProfile } from '../../services/crm-profiles.js';
import {
  addWebhookEndpoint,
  checkWebhookEndpointForm,
  findWebhookEndpoint,
  removeWebhookEndpoint,
  webhookEndpointSecret,
  webhookEndpointsInScope,
} from '../../services/user-accounts.js';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** The Webhook endpoint screen (spec: "user accounts"): list, create (canUserAccount), delete, and each one's signing secret. */
export const userAccountsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listUserAccounts', {
    handler: ({ user }) => webhookEndpointsInScope(deps, user, readScope(user)),
  });

  contractRoute(app, 'createUserAccount', {
    handler: async ({ user, body, access }) => {
      checkWebhookEndpointForm(body);
      const profile = access.require(
        await findCrmProfile(deps, body.userProfileId ?? 0),
        'Profile not found',
      );
      return addWebhookEndpoint(deps, user, profile, body);
    },
  });

  contractRoute(app, 'deleteUserAccount', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhookEndpoint(deps, params.id), ENDPOINT_NOT_FOUND);
      await removeWebhookEndpoint(deps, record);
      return { id: record.id };
    },
  });

  contractRoute(app, 'revealWebhookEndpointSecret', {
    handler: async ({ params, access, reply, request }) => {
      const record = access.require(await findWebhookEndpoint(deps, params.id), ENDPOINT_NOT_FOUND);
      const secret = await webhookEndpointSecret(deps, record);
      void reply.header('cache-control', 'no-store');
      request.log.info(
        { userAccountId: record.id, ownerId: record.userId },
        'Webhook endpoint signing secret revealed',
      );
      return { secret };
    },
  });
};
