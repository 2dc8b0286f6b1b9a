import { createHmac } from 'node:crypto';
import type { Deps } from '../deps.js';
import { handlerOf, type FeatureJobs } from '../jobs/feature-jobs.js';
import { RetryLaterError } from '../jobs/job-errors.js';
import { FORWARD_EVENT, type ForwardEventJob } from '../jobs/job-names.js';
import type { JobContext } from '../jobs/job-queue.js';
import type { DeliveryState } from '../db/schema.js';
import {
  endDelivery,
  findDelivery,
  recordDeliveryAttempt,
  type DeliveryRecord,
} from '../repositories/webhook-deliveries.js';
import { signingSecretOf } from '../services/webhook-endpoint-secrets.js';
import { paceDelivery } from './delivery-pacing.js';
import { countForwardedBytes } from './forwarded-bytes.js';
import { deliverOnce, nextDeliveryDelayMs, type DeliveryOutcome } from './index.js';

const ENDPOINT_DELETED = 'The webhook endpoint was deleted';

/**
 * The Standard Webhooks message id of an event at an endpoint: the same on every attempt, so the
 * receiver can drop copies, but keyed with the endpoint's secret, so it tells no one how many events
 * the platform takes (issue 53: `msg_crmsync_<logId>` was a global counter).
 */
export const messageIdOf = (secret: string, logId: number): string =>
  `msg_${createHmac('sha256', secret).update(`event:${logId}`).digest('base64url').slice(0, 27)}`;

interface Decision {
  state: DeliveryState;
  error: string | null;
  /** Set when another attempt is due. */
  retryInMs: number | null;
}

function decide(outcome: DeliveryOutcome, delayMs: () => number | null): Decision {
  switch (outcome.kind) {
    case 'delivered':
      return { state: 'delivered', error: null, retryInMs: null };
    case 'stop':
      return { state: 'stopped', error: outcome.reason, retryInMs: null };
    case 'give-up':
      return { state: 'failed', error: outcome.reason, retryInMs: null };
    case 'retry': {
      const delay = delayMs();
      return delay === null
        ? { state: 'dead', error: `${outcome.reason} (every attempt failed)`, retryInMs: null }
        : { state: 'pending', error: outcome.reason, retryInMs: delay };
    }
  }
}

export interface ForwardRun {
  deliveryId: number;
  /** 1 on the first attempt of this job (a replay is a new job: its schedule starts again). */
  attempt: number;
  /** The test URL makes one attempt and schedules no retry. */
  once?: boolean;
  random?: () => number;
  /** Counts the attempt toward its limits and quotas, or throws to wait (the jobs' pacing). */
  pace?: (delivery: DeliveryRecord) => Promise<void>;
}

/**
 * One attempt to deliver an event to an additional endpoint, signed with the endpoint's secret: the
 * attempt is recorded with the delivery's new state; a retryable failure throws RetryLaterError with
 * the forwarding schedule's next delay (or the endpoint's later Retry-After), so the queue runs the job
 * again then. A delivery no longer pending (delivered before a crash, say) is left alone.
 */
export async function forwardDelivery(deps: Deps, run: ForwardRun): Promise<Decision | null> {
  const delivery = await findDelivery(deps.db, run.deliveryId);
  if (delivery === undefined || delivery.state !== 'pending') return null;
  await run.pace?.(delivery);
  const at = () => deps.clock.now().toISOString();
  const secret =
    delivery.userAccountId === null
      ? undefined
      : await signingSecretOf(deps, delivery.userAccountId);
  if (secret === undefined) {
    await endDelivery(deps.db, delivery.id, 'failed', ENDPOINT_DELETED, at());
    return { state: 'failed', error: ENDPOINT_DELETED, retryInMs: null };
  }
  const { record, outcome } = await deliverOnce(
    deps.providers.guard,
    {
      url: delivery.url,
      secret,
      messageId: messageIdOf(secret, delivery.logId),
      body: delivery.rawBody,
      timestamp: deps.clock.now(),
    },
    { timeoutMs: deps.config.forwarding.timeoutMs, clock: deps.clock },
  );
  const decision = decide(outcome, () =>
    run.once === true
      ? null
      : nextDeliveryDelayMs({
          schedule: deps.config.forwarding.schedule,
          attempt: run.attempt,
          retryAfterMs: outcome.kind === 'retry' ? outcome.retryAfterMs : null,
          random: (run.random ?? Math.random)(),
        }),
  );
  const nextAttemptAt =
    decision.retryInMs === null
      ? null
      : new Date(deps.clock.now().getTime() + decision.retryInMs).toISOString();
  await recordDeliveryAttempt(
    deps.db,
    {
      logId: delivery.logId,
      deliveryId: delivery.id,
      kind: 'forward',
      attempt: delivery.attempts + 1,
      startedAt: record.startedAt,
      durationMs: record.durationMs,
      statusCode: record.statusCode,
      answer: record.answer,
      error: record.error,
      outcome: decision.state,
    },
    {
      state: decision.state,
      statusCode: record.statusCode,
      error: decision.error,
      nextAttemptAt,
      at: at(),
    },
  );
  return decision;
}

/** The forward-event job's handler. */
export async function forwardEventHandler(
  deps: Deps,
  job: JobContext<ForwardEventJob>,
): Promise<void> {
  const decision = await forwardDelivery(deps, {
    deliveryId: job.data.deliveryId,
    attempt: job.attempt,
    pace: async (delivery) => {
      await paceDelivery(deps, delivery);
      // last: bytes are counted only for an attempt that goes out now
      await countForwardedBytes(deps, delivery);
    },
  });
  if (decision?.retryInMs !== null && decision?.retryInMs !== undefined)
    throw new RetryLaterError(
      decision.error ?? 'The endpoint did not take the event',
      decision.retryInMs,
    );
}

/** Forwarding's jobs in a worker process: twice as many at once as processing (most of a delivery is waiting on an endpoint). */
export const forwardEventJobs = (deps: Deps, concurrency: number): FeatureJobs => ({
  queues: [
    {
      name: FORWARD_EVENT,
      handler: handlerOf<ForwardEventJob>((job) => forwardEventHandler(deps, job)),
      concurrency: concurrency * 2,
    },
  ],
});
