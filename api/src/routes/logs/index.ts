import type { FastifyPluginAsync } from 'fastify';
import { readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import {
  categoryBaseFilterEventTypes,
  categoryBaseFilterLogPage,
  findWebhookLog,
  replayLoggedEvent,
  webhookLogCount,
  webhookLogDetail,
  eventTypeFilter,
  urlFilter,
  webhookLogEventTypes,
  webhookLogFilter,
  webhookLogPage,
} from '../../services/webhook-log-views.js';

const LOG_NOT_FOUND = 'Webhook log not found';

/** History: webhook logs (with count and types) and category-base-filter logs (with types); 20 a page. */
export const logsRoutes: FastifyPluginAsync = async (app) => {
  const { deps, queue } = app;

  contractRoute(app, 'listWebhookLogs', {
    handler: ({ user, query }) => webhookLogPage(deps, queue, webhookLogFilter(user, query), query),
  });

  contractRoute(app, 'getWebhookLog', {
    handler: async ({ params, access }) =>
      webhookLogDetail(deps, access.require(await findWebhookLog(deps, params.id), LOG_NOT_FOUND)),
  });

  contractRoute(app, 'replayWebhookEvent', {
    handler: async ({ params, access }) =>
      replayLoggedEvent(
        deps,
        queue,
        access.require(await findWebhookLog(deps, params.id), LOG_NOT_FOUND),
      ),
  });

  contractRoute(app, 'countWebhookLogs', {
    handler: async ({ user, query }) => ({
      totalItems: await webhookLogCount(deps, webhookLogFilter(user, query)),
    }),
  });

  contractRoute(app, 'listWebhookLogTypes', {
    handler: ({ user }) => webhookLogEventTypes(deps, readScope(user)),
  });

  contractRoute(app, 'listCategoryBaseFilterLogs', {
    handler: ({ user, query }) =>
      categoryBaseFilterLogPage(
        deps,
        {
          scope: readScope(user),
          eventType: eventTypeFilter(query.eventType),
          webhookId: query.webhookId,
          campaignId: query.campaignId,
          leadId: query.leadId,
          webhookUrl: urlFilter(query.webhookUrl),
        },
        query,
      ),
  });

  contractRoute(app, 'listCategoryBaseFilterTypes', {
    handler: ({ user }) => categoryBaseFilterEventTypes(deps, readScope(user)),
  });
};
