import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared/contract';
import type { AppConfig } from '../../config.js';
import { isPostgres } from '../../db/columns.js';
import { FORWARD_EVENT, PROCESS_EVENT, SEND_EVENT_JOBS } from '../../jobs/job-names.js';
import { sendError } from '../../plugins/error-handler.js';
import { createEventWriter } from '../../receiver/event-writer.js';
import { cachedWebhookLookup } from '../../receiver/webhook-cache.js';
import {
  planKnownPost,
  takeWebhookPost,
  WEBHOOK_BODY_LIMIT_BYTES,
  type KnownPost,
} from '../../receiver/intake.js';
import { intakeStoreFor } from '../../receiver/intake-store.js';
import {
  hasIntakeWriterThread,
  startIntakeWriter,
  type IntakeDatabase,
} from '../../receiver/intake-writer.js';
import { intakeMessages } from '../../receiver/intake-messages.js';
import { intakeJobOptions } from '../../receiver/job-options.js';
import { keptHeaders } from '../../receiver/kept-headers.js';
import { createIntakeLimits, type LimitRefusal } from '../../receiver/intake-limits.js';
import { limiterStore } from '../../providers/limit-store.js';
import { webhookRefusalRow } from '../../receiver/refusal-row.js';
import { findIntakeWebhook, type IntakeWebhook } from '../../repositories/webhook-events.js';

const codeOf = (request: FastifyRequest): string =>
  (request.params as { code?: string }).code ?? '';
export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

/**
 * The database the intake thread opens: the one the app's own connection is (PostgreSQL by its URL,
 * SQLite by its file), or none when the thread could not reach it (an in-memory database is the
 * process's own).
 */
function intakeDatabase(
  postgres: boolean,
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath' | 'pools'>,
): IntakeDatabase | null {
  if (postgres)
    return config.databaseUrl === undefined
      ? null
      : { kind: 'postgres', url: config.databaseUrl, pools: config.pools };
  return config.databasePath === ':memory:' ? null : { kind: 'sqlite', path: config.databasePath };
}

/**
 * The webhook receiver: `POST /webhooks/{code}`, where the platforms post their events. Registered
 * beside the dashboard, not in it: no cookies, session, Origin check or page headers (the unguessable
 * code is the credential, the answers are for machines). Bodies are read as text (stored exactly as
 * received) up to 5 MB. The signed-in test URL is in test-url.ts.
 */
export const webhookReceiverRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const jobOptions = intakeJobOptions(app.config);
  const postgres = isPostgres(app.db);
  const store = intakeStoreFor({ db: app.db, clock: app.clock, jobs: app.queue, jobOptions });
  // the posts' JSON, normalising and commits on a thread of their own (intake-writer.ts), when this build has it
  const database = intakeDatabase(postgres, app.config);
  // without it, the same steps here, the posts of a moment in one commit
  const storeHere = createEventWriter(store.store).write;
  const takeHere = (known: KnownPost) => storeHere(planKnownPost(known));
  const writer =
    database !== null && hasIntakeWriterThread()
      ? startIntakeWriter({ database, jobOptions, clock: app.clock, fallback: takeHere })
      : null;
  if (writer !== null) app.addHook('onClose', () => writer.close());
  const intakeWays = {
    findWebhook: cachedWebhookLookup((code) => findIntakeWebhook(app.db, code), app.clock),
    takeKnown: writer?.takeKnown ?? takeHere,
  };

  const limits = createIntakeLimits(limiterStore(app.db), app.config.receiver);
  const refusalRowOf = (
    request: FastifyRequest,
    webhook: IntakeWebhook,
    rawBody: string | null,
    message: string,
    state: 'invalid' | 'refused',
  ) =>
    webhookRefusalRow(
      webhook,
      {
        webhookUrl: `${app.config.publicUrl}/webhooks/${codeOf(request)}`,
        path: pathOf(request),
        headers: keptHeaders(request.headers),
        rawBody,
        receivedAt: app.clock.now().toISOString(),
      },
      message,
      state,
    );
  /** 429 with Retry-After; the window's first refusal of a live webhook goes on its log for the owner. */
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: LimitRefusal,
    webhook: IntakeWebhook | undefined,
    rawBody: string | null,
  ) => {
    if (webhook !== undefined && refusal.firstInWindow)
      await store.storeRow(refusalRowOf(request, webhook, rawBody, refusal.message, 'refused'));
    return reply
      .status(429)
      .header('retry-after', String(refusal.retryAfterSeconds))
      .send({ message: refusal.message } satisfies ErrorBody);
  };
  /**
   * The flood limit, before the body is read: a live webhook's posts counted by its id, where no
   * other traffic can reset them; posts to codes no live webhook has, by client address.
   */
  const floodLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const webhook = await intakeWays.findWebhook(codeOf(request));
    const refusal =
      webhook === undefined
        ? await limits.unknownPost(request.ip)
        : await limits.floodPost(webhook);
    if (refusal !== null) return refuse(request, reply, refusal, webhook, null);
  };

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(error, request, reply);
    const message = intakeMessages.tooLarge(WEBHOOK_BODY_LIMIT_BYTES);
    const webhook = await findIntakeWebhook(app.db, codeOf(request)).catch(() => undefined);
    if (webhook !== undefined)
      await store.storeRow(refusalRowOf(request, webhook, null, message, 'invalid'));
    return reply.status(413).send({ message } satisfies ErrorBody);
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: { code: string } }>(
    '/webhooks/:code',
    { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES, onRequest: floodLimit },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : undefined;
      const webhook = await intakeWays.findWebhook(request.params.code);
      if (webhook?.ownerCanWebhook === true) {
        const refusal = await limits.quotaPost(webhook, Buffer.byteLength(rawBody ?? ''));
        if (refusal !== null) return refuse(request, reply, refusal, webhook, rawBody ?? null);
      }
      const result = await takeWebhookPost(
        deps,
        store,
        {
          code: request.params.code,
          path: pathOf(request),
          rawBody,
          headers: keptHeaders(request.headers),
        },
        {},
        intakeWays,
      );
      switch (result.kind) {
        case 'accepted':
          // on PostgreSQL the intake store sent one job for its events' jobs (intake-store.ts)
          if (!result.duplicate && postgres) app.queue.wake(SEND_EVENT_JOBS);
          else if (!result.duplicate) {
            app.queue.wake(PROCESS_EVENT);
            if (result.deliveryIds.length > 0) app.queue.wake(FORWARD_EVENT);
          }
          return reply.send({ received: true, duplicate: result.duplicate });
        case 'unknown':
          return reply
            .status(404)
            .send({ message: intakeMessages.unknownCode } satisfies ErrorBody);
        case 'refused':
          return reply.status(result.status).send({ message: result.message } satisfies ErrorBody);
        case 'invalid':
          return reply.status(400).send({ message: result.message } satisfies ErrorBody);
      }
    },
  );
};
