import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { requireSession } from '../../plugins/session.js';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../../services/webhook-receiver.js';
import {
  findWebhookOfCode,
  sendTestPost,
  unknownWebhookMessage,
} from '../../services/webhook-test-post.js';
import { pathOf } from './index.js';

/**
 * The test URL `POST /webhooks/test/{code}`: the dashboard's, so a session first (401 otherwise) and the
 * Origin check, like /api/admin/*. It runs the receiver's pipeline at once for the webhook's owner or an admin.
 */
export const webhookTestUrlRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireSession);
  contractRoute(app, 'sendTestWebhookEvent', {
    bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
    handler: async ({ params, body, access, request }) => {
      access.require(await findWebhookOfCode(app.deps, params.code), unknownWebhookMessage);
      return sendTestPost(app.deps, app.queue, app.eventProcessor, {
        code: params.code,
        path: pathOf(request),
        rawBody: JSON.stringify(body),
        headers: request.headers,
      });
    },
  });
};
