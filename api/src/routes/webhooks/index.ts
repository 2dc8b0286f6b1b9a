import type { FastifyPluginAsync } from 'fastify';
import { readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/http-error.js';
import { createBacklogMeter, crmBacklogOf } from '../../services/crm-backlog.js';
import { findCrmProfile } from '../../services/crm-profiles.js';
import {
  findWebhookById,
  hubspotOwnersAndEndpoints,
  newWebhookCode,
  presentWebhook,
  removeWebhook,
  replayDeadDeliveries,
  salesforceOwnersAndEndpoints,
  webhookPageInScope,
  webhooksInScope,
} from '../../services/webhook-views.js';
import { registerWebhookOnPlatform } from '../../services/webhook-registration.js';
import { createWebhook, updateWebhook } from '../../services/webhooks.js';

const NOT_FOUND = 'Webhook not found';

/** The webhooks screen: list, generate a code, create (canWebhook), update and delete; the forms' owners and endpoints. */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const { deps, queue } = app;

  contractRoute(app, 'listWebhooks', {
    handler: ({ user }) => webhooksInScope(deps, user, readScope(user)),
  });

  contractRoute(app, 'listWebhookPage', {
    handler: ({ user, query }) => webhookPageInScope(deps, user, readScope(user), query),
  });

  const backlogMeter = createBacklogMeter();
  contractRoute(app, 'getCrmBacklog', {
    handler: ({ user }) => crmBacklogOf(deps, queue, backlogMeter, user),
  });

  contractRoute(app, 'generateWebhookCode', {
    handler: async ({ user, reply }) => {
      void reply.type('text/plain; charset=utf-8');
      return newWebhookCode(deps, user);
    },
  });

  contractRoute(app, 'createWebhook', {
    handler: async ({ user, body, access }) => {
      if (body.userProfileId === null)
        throw badRequest('Select Profile', { userProfileId: 'Select Profile' });
      const profile = access.require(
        await findCrmProfile(deps, body.userProfileId),
        'Profile not found',
      );
      const id = await createWebhook(deps, {
        profile,
        creatorId: user.id,
        code: body.code,
        values: body,
      });
      return presentWebhook(deps, user, id);
    },
  });

  contractRoute(app, 'updateWebhook', {
    handler: async ({ user, params, body, access }) => {
      const record = access.require(await findWebhookById(deps, params.id), NOT_FOUND);
      await updateWebhook(deps, record, body);
      return presentWebhook(deps, user, record.id);
    },
  });

  contractRoute(app, 'deleteWebhook', {
    handler: async ({ params, access }) =>
      removeWebhook(deps, access.require(await findWebhookById(deps, params.id), NOT_FOUND)),
  });

  contractRoute(app, 'registerWebhookOnPlatform', {
    handler: async ({ params, body, access }) =>
      registerWebhookOnPlatform(
        deps,
        access.require(await findWebhookById(deps, params.id), NOT_FOUND),
        { again: body?.again ?? false },
      ),
  });

  contractRoute(app, 'replayDeadDeliveries', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhookById(deps, params.id), NOT_FOUND);
      return { deliveries: await replayDeadDeliveries(deps, queue, record) };
    },
  });

  contractRoute(app, 'getHubspotOwnersAndUserAccounts', {
    handler: async ({ params, access }) =>
      hubspotOwnersAndEndpoints(
        deps,
        access.require(await findCrmProfile(deps, params.userId), 'Profile not found'),
      ),
  });

  contractRoute(app, 'getSalesforceUserAccounts', {
    handler: async ({ params, access }) =>
      salesforceOwnersAndEndpoints(
        deps,
        access.require(await findCrmProfile(deps, params.userId), 'Profile not found'),
      ),
  });
};
