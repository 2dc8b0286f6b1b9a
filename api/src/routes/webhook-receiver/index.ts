import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared/contract';
import { sendError } from '../../plugins/error-handler.js';
import {
  openWebhookReceiver,
  WEBHOOK_BODY_LIMIT_BYTES,
  type DoorAnswer,
  type DoorRequest,
} from '../../services/webhook-receiver.js';

export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

const doorRequestOf = (request: FastifyRequest): DoorRequest => ({
  code: (request.params as { code?: string }).code ?? '',
  path: pathOf(request),
  headers: request.headers,
  ip: request.ip,
});

const statusOf = { unknown: 404, invalid: 400, 'too-large': 413 } as const;

function answer(reply: FastifyReply, door: DoorAnswer): FastifyReply {
  switch (door.kind) {
    case 'accepted':
      return reply.send({ received: true, duplicate: door.duplicate });
    case 'limited':
      return reply
        .status(429)
        .header('retry-after', String(door.retryAfterSeconds))
        .send({ message: door.message } satisfies ErrorBody);
    case 'refused':
      return reply.status(door.status).send({ message: door.message } satisfies ErrorBody);
    default:
      return reply.status(statusOf[door.kind]).send({ message: door.message } satisfies ErrorBody);
  }
}

/**
 * The webhook receiver: `POST /webhooks/{code}`, where the platforms post their events. Registered
 * beside the dashboard, not in it: no cookies, session, Origin check or page headers (the unguessable
 * code is the credential, the answers are for machines). Bodies are read as text (stored exactly as
 * received) up to 5 MB; the flood limit answers before the body is read. The signed-in test URL is in
 * test-url.ts.
 */
export const webhookReceiverRoutes: FastifyPluginAsync = async (app) => {
  const receiver = openWebhookReceiver(app.deps, app.queue);
  app.addHook('onClose', () => receiver.close());

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(error, request, reply);
    return answer(reply, await receiver.tooLarge(doorRequestOf(request)));
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: { code: string } }>(
    '/webhooks/:code',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      onRequest: async (request, reply) => {
        const refused = await receiver.beforeBody(doorRequestOf(request));
        if (refused !== null) return answer(reply, refused);
      },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : undefined;
      return answer(reply, await receiver.take(doorRequestOf(request), rawBody));
    },
  );
};
