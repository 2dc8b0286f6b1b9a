import type { FastifyPluginAsync } from 'fastify';
import { ANY_EVENT_TYPE, LOG_PAGE_SIZE } from 'shared/contract';
import { readScope, readsOrganization } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest, forbidden } from '../../http/http-error.js';
import { eventTypeOptions, toWebhookLog, toWebhookLogDetail } from '../../presenters/logs.js';
import { intakeJobOptions } from '../../receiver/job-options.js';
import { replayEvent, replayRefusal } from '../../receiver/replay.js';
import {
  listCategoryBaseFilterEventTypes,
  pageCategoryBaseFilterLogs,
} from '../../repositories/category-base-filter-logs.js';
import type { UserRecord } from '../../repositories/users.js';
import { deliveryErrorsOf } from '../../repositories/webhook-deliveries.js';
import {
  countWebhookLogs,
  findWebhookLogDetail,
  listWebhookLogEventTypes,
  pageWebhookLogs,
  type WebhookLogFilter,
} from '../../repositories/webhook-logs.js';

const LOG_NOT_FOUND = 'Webhook log not found';

interface WebhookLogQuery {
  userEmail?: string | undefined;
  email?: string | undefined;
  eventType?: string | undefined;
  webhookId?: number | undefined;
  webhookUrl?: string | undefined;
  hubId?: string | undefined;
}

const eventTypeFilter = (value: string | undefined): string | undefined =>
  value === undefined || value.toUpperCase() === ANY_EVENT_TYPE ? undefined : value;
const urlFilter = (value: string | undefined): string | undefined => value?.replace(/\/+$/, '');

/**
 * spec §6: regular users see only their own webhooks' logs and may not use the extra filters (user,
 * URL, hub ID); managers and admins see their organization's with every filter. The webhook ID is
 * open to everyone within their scope: a webhook's row on the webhooks screen links to its logs.
 */
function webhookLogFilter(user: UserRecord, query: WebhookLogQuery): WebhookLogFilter {
  if (!readsOrganization(user)) {
    const extra = (['userEmail', 'webhookUrl', 'hubId'] as const).find(
      (name) => query[name] !== undefined,
    );
    if (extra)
      throw forbidden(
        `Only managers and admins can filter webhook logs by user, URL or hub ID (${extra})`,
      );
  }
  return {
    scope: readScope(user),
    userEmail: query.userEmail,
    email: query.email,
    eventType: eventTypeFilter(query.eventType),
    webhookId: query.webhookId,
    webhookUrl: urlFilter(query.webhookUrl),
    hubId: query.hubId,
  };
}

/** History: webhook logs (with count and types) and category-base-filter logs (with types); 20 a page. */
export const logsRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listWebhookLogs', {
    handler: async ({ user, query }) => {
      const filter = webhookLogFilter(user, query);
      const [totalItems, { records, nextCursor }] = await Promise.all([
        countWebhookLogs(app.db, filter),
        pageWebhookLogs(app.db, filter, query),
      ]);
      const deliveryErrors = await deliveryErrorsOf(
        app.db,
        records.map((record) => record.id),
      );
      return {
        page: query.page,
        limit: LOG_PAGE_SIZE,
        totalItems,
        nextCursor,
        data: records.map((record) => toWebhookLog(record, deliveryErrors.get(record.id))),
      };
    },
  });

  contractRoute(app, 'getWebhookLog', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhookLogDetail(app.db, params.id), LOG_NOT_FOUND);
      return toWebhookLogDetail(
        record,
        (await deliveryErrorsOf(app.db, [record.id])).get(record.id),
      );
    },
  });

  contractRoute(app, 'replayWebhookEvent', {
    handler: async ({ params, access }) => {
      const record = access.require(await findWebhookLogDetail(app.db, params.id), LOG_NOT_FOUND);
      const event = {
        id: record.id,
        state: record.state,
        isTest: record.isTest,
        readable: record.event !== null,
        leadKey: record.leadKey,
      };
      const refusal = replayRefusal(event);
      if (refusal !== null) throw badRequest(refusal);
      return {
        id: record.id,
        ...(await replayEvent(app.deps, app.queue, event, intakeJobOptions(app.config))),
      };
    },
  });

  contractRoute(app, 'countWebhookLogs', {
    handler: async ({ user, query }) => ({
      totalItems: await countWebhookLogs(app.db, webhookLogFilter(user, query)),
    }),
  });

  contractRoute(app, 'listWebhookLogTypes', {
    handler: async ({ user }) =>
      eventTypeOptions(await listWebhookLogEventTypes(app.db, readScope(user))),
  });

  contractRoute(app, 'listCategoryBaseFilterLogs', {
    handler: async ({ user, query }) => {
      const { totalItems, data, nextCursor } = await pageCategoryBaseFilterLogs(
        app.db,
        {
          scope: readScope(user),
          eventType: eventTypeFilter(query.eventType),
          webhookId: query.webhookId,
          campaignId: query.campaignId,
          leadId: query.leadId,
          webhookUrl: urlFilter(query.webhookUrl),
        },
        query,
      );
      return { page: query.page, limit: LOG_PAGE_SIZE, totalItems, nextCursor, data };
    },
  });

  contractRoute(app, 'listCategoryBaseFilterTypes', {
    handler: async ({ user }) =>
      eventTypeOptions(await listCategoryBaseFilterEventTypes(app.db, readScope(user))),
  });
};
