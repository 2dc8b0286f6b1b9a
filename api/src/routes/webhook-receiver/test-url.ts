import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { notFound } from '../../http/http-error.js';
import { requireSession } from '../../plugins/session.js';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../../receiver/intake.js';
import { intakeMessages } from '../../receiver/intake-messages.js';
import { intakeStoreFor } from '../../receiver/intake-store.js';
import { intakeJobOptions } from '../../receiver/job-options.js';
import { keptHeaders } from '../../receiver/kept-headers.js';
import { runTestPost } from '../../receiver/test-post.js';
import { findIntakeWebhook } from '../../repositories/webhook-events.js';
import { findWebhook } from '../../repositories/webhooks.js';
import { pathOf } from './index.js';

/**
 * The test URL `POST /webhooks/test/{code}`: the dashboard's, so a session first (401 otherwise) and the
 * Origin check, like /api/admin/*. It runs the receiver's pipeline at once for the webhook's owner or an admin.
 */
export const webhookTestUrlRoutes: FastifyPluginAsync = async (app) => {
  const store = intakeStoreFor({
    db: app.db,
    clock: app.clock,
    jobs: app.queue,
    jobOptions: intakeJobOptions(app.config),
  });
  app.addHook('onRequest', requireSession);
  contractRoute(app, 'sendTestWebhookEvent', {
    bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
    handler: async ({ params, body, access, request }) => {
      const webhook = await findIntakeWebhook(app.db, params.code);
      access.require(
        webhook === undefined ? undefined : await findWebhook(app.db, webhook.id),
        intakeMessages.unknownCode,
      );
      const result = await runTestPost(app.deps, store, app.eventProcessor, {
        code: params.code,
        path: pathOf(request),
        rawBody: JSON.stringify(body),
        headers: keptHeaders(request.headers),
      });
      if (result === null) throw notFound(intakeMessages.unknownCode);
      return result;
    },
  });
};
