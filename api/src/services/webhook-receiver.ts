import { isPostgres } from '../db/columns.js';
import type { Deps } from '../deps.js';
import { FORWARD_EVENT, PROCESS_EVENT, SEND_EVENT_JOBS } from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { processLimiter } from '../providers/limit-store.js';
import { createEventWriter } from '../receiver/event-writer.js';
import {
  planKnownPost,
  takeWebhookPost,
  webhookUrlOf,
  WEBHOOK_BODY_LIMIT_BYTES,
  type IntakeResult,
  type KnownPost,
} from '../receiver/intake.js';
import { createIntakeLimits, type LimitRefusal } from '../receiver/intake-limits.js';
import { createIntakeLine, settledOutcomes } from '../receiver/intake-line.js';
import { intakeMessages } from '../receiver/intake-messages.js';
import { intakeStoreFor, type IntakeStore } from '../receiver/intake-store.js';
import {
  hasIntakeWriterThread,
  intakeDatabaseOf,
  startIntakeWriter,
} from '../receiver/intake-writer.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import { keptHeaders } from '../receiver/kept-headers.js';
import { webhookRefusalRow } from '../receiver/refusal-row.js';
import { cachedWebhookLookup } from '../receiver/webhook-cache.js';
import { findIntakeWebhook, type IntakeWebhook } from '../repositories/webhook-events.js';

export { WEBHOOK_BODY_LIMIT_BYTES };

/** A request to a webhook URL, as the HTTP layer read it (the headers as received). */
export interface DoorRequest {
  code: string;
  /** The request path, kept on the log row. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's address: posts to unknown codes are limited by it. */
  ip: string;
}

/** What the receiver tells the platform. */
export type DoorAnswer =
  | { kind: 'accepted'; duplicate: boolean }
  /** Over a limit (429): when to come back. */
  | { kind: 'limited'; message: string; retryAfterSeconds: number }
  | { kind: 'unknown'; message: string }
  | { kind: 'refused'; status: 403 | 410; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'too-large'; message: string };

export interface WebhookReceiver {
  /** The flood limit, before the body is read: null lets the post in. */
  beforeBody(request: DoorRequest): Promise<DoorAnswer | null>;
  /** The quotas, then the post stored with its jobs, and the workers woken. */
  take(request: DoorRequest, rawBody: string | undefined): Promise<DoorAnswer>;
  /** A body over WEBHOOK_BODY_LIMIT_BYTES: on the live webhook's log, not taken. */
  tooLarge(request: DoorRequest): Promise<DoorAnswer>;
  /** Stores what was read, then stops the intake thread. */
  close(): Promise<void>;
}

/** The intake store of the api's database, handing its jobs to the api's queue. */
export const appIntakeStore = (deps: Deps, queue: JobQueue): IntakeStore =>
  intakeStoreFor({
    db: deps.db,
    clock: deps.clock,
    jobs: queue,
    jobOptions: intakeJobOptions(deps.config),
  });

/**
 * The receiver of one api process: posts read and stored on the intake thread when this build has it
 * (intake-writer.ts), else here with the posts of a moment in one commit; webhooks looked up through a
 * short cache; the flood limit and quotas (intake-limits.ts).
 */
export function openWebhookReceiver(deps: Deps, queue: JobQueue): WebhookReceiver {
  const postgres = isPostgres(deps.db);
  const store = appIntakeStore(deps, queue);
  const storeHere = createEventWriter(store.store).write;
  const takeHere = (known: KnownPost) => storeHere(planKnownPost(known));
  const database = intakeDatabaseOf(postgres, deps.config);
  const writer =
    database !== null && hasIntakeWriterThread()
      ? startIntakeWriter({
          database,
          jobOptions: intakeJobOptions(deps.config),
          clock: deps.clock,
          fallback: takeHere,
        })
      : null;
  // without the thread, the posts wait in the same fair line and are read here, a batch at a time
  const takeKnown =
    writer?.takeKnown ??
    createIntakeLine({ sendBatch: (posts) => settledOutcomes(posts, takeHere), batchesAtOnce: 1 })
      .take;
  const intakeWays = {
    findWebhook: cachedWebhookLookup((code) => findIntakeWebhook(deps.db, code), deps.clock),
    takeKnown,
  };
  // the process's counters: forwarding counts its bytes on the same quotas (forwarding/forwarded-bytes.ts)
  const limits = createIntakeLimits(
    (shape) => processLimiter(deps, shape, { batched: true, log: deps.log }),
    deps.config.receiver,
  );

  const storeRefusal = (
    request: DoorRequest,
    webhook: IntakeWebhook,
    rawBody: string | null,
    message: string,
    state: 'invalid' | 'refused',
  ) =>
    store.storeRow(
      webhookRefusalRow(
        webhook,
        {
          webhookUrl: webhookUrlOf(deps, request.code),
          path: request.path,
          headers: keptHeaders(request.headers),
          rawBody,
          receivedAt: deps.clock.now().toISOString(),
        },
        message,
        state,
      ),
    );
  /** The window's first refusal of a live webhook goes on its log for the owner. */
  const limited = async (
    request: DoorRequest,
    refusal: LimitRefusal,
    webhook: IntakeWebhook | undefined,
    rawBody: string | null,
  ): Promise<DoorAnswer> => {
    if (webhook !== undefined && refusal.firstInWindow)
      await storeRefusal(request, webhook, rawBody, refusal.message, 'refused');
    return {
      kind: 'limited',
      message: refusal.message,
      retryAfterSeconds: refusal.retryAfterSeconds,
    };
  };
  /** All webhooks' bytes of the minute: the operator is told on the api's log once a window. */
  const intakeBytes = async (webhook: IntakeWebhook, bytes: number) => {
    const refusal = await limits.intakeBytes(webhook, bytes);
    if (refusal?.firstInWindow === true)
      deps.log.warn(
        {
          webhookId: webhook.id,
          megabytesPerMinute: deps.config.receiver.intakeMegabytesPerMinute,
        },
        'All webhooks together brought in more than INTAKE_MEGABYTES_PER_MINUTE: posts are answered 429 until the minute ends',
      );
    return refusal;
  };
  const wakeWorkers = (result: Extract<IntakeResult, { kind: 'accepted' }>) => {
    if (result.duplicate) return;
    // on PostgreSQL the intake store sent one job for its events' jobs (intake-store.ts)
    if (postgres) {
      queue.wake(SEND_EVENT_JOBS);
      return;
    }
    queue.wake(PROCESS_EVENT);
    if (result.deliveryIds.length > 0) queue.wake(FORWARD_EVENT);
  };

  return {
    async beforeBody(request) {
      // a live webhook's posts counted by its id, where no other traffic can reset them; posts to
      // codes no live webhook has, by client address
      const webhook = await intakeWays.findWebhook(request.code);
      const refusal =
        webhook === undefined
          ? await limits.unknownPost(request.ip)
          : (limits.heldBack(webhook) ?? (await limits.floodPost(webhook)));
      return refusal === null ? null : limited(request, refusal, webhook, null);
    },
    async take(request, rawBody) {
      const webhook = await intakeWays.findWebhook(request.code);
      if (webhook?.ownerCanWebhook === true) {
        const bytes = Buffer.byteLength(rawBody ?? '');
        // a post past its own quotas spends none of what all webhooks together may bring in
        const refusal =
          (await limits.quotaPost(webhook, bytes)) ?? (await intakeBytes(webhook, bytes));
        if (refusal !== null) return limited(request, refusal, webhook, rawBody ?? null);
      }
      const post = {
        code: request.code,
        path: request.path,
        rawBody,
        headers: keptHeaders(request.headers),
      };
      const result = await takeWebhookPost(deps, store, post, {}, intakeWays);
      switch (result.kind) {
        case 'accepted':
          wakeWorkers(result);
          return { kind: 'accepted', duplicate: result.duplicate };
        case 'unknown':
          return { kind: 'unknown', message: intakeMessages.unknownCode };
        case 'refused':
          return { kind: 'refused', status: result.status, message: result.message };
        case 'invalid':
          return { kind: 'invalid', message: result.message };
      }
    },
    async tooLarge(request) {
      const message = intakeMessages.tooLarge(WEBHOOK_BODY_LIMIT_BYTES);
      const webhook = await findIntakeWebhook(deps.db, request.code).catch(() => undefined);
      if (webhook !== undefined) await storeRefusal(request, webhook, null, message, 'invalid');
      return { kind: 'too-large', message };
    },
    close: async () => writer?.close(),
  };
}
