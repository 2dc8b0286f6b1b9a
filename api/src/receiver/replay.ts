import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import {
  FORWARD_EVENT,
  PROCESS_EVENT,
  type ForwardEventJob,
  type ProcessEventJob,
} from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import {
  deadDeliveriesOfWebhook,
  reopenDeliveries,
  unsuccessfulDeliveriesOfEvent,
} from '../repositories/webhook-deliveries.js';
import type { IntakeJobOptions } from './intake.js';

/** A stored event as a replay needs it. */
export interface ReplayableEvent {
  id: number;
  state: string;
  isTest: boolean;
  /** The event could be read (normalised): there is something to process. */
  readable: boolean;
  leadKey: string | null;
}

/** Why an event cannot be replayed (the 400's message), or null when it can. */
export function replayRefusal(event: ReplayableEvent): string | null {
  if (event.isTest)
    return 'A test event cannot be replayed: send it again from the Send Test Webhook dialog';
  if (event.state === 'refused')
    return 'This event was refused (its webhook was deleted or its owner may not use webhooks): it cannot be replayed';
  if (event.state === 'invalid')
    return 'This post could not be read as an event: it cannot be replayed';
  if (!event.readable)
    return 'This event could not be read for its platform: there is nothing to run again';
  return null;
}

/** The next replay's number: one more than the processing attempts made so far (a replay makes at least one). */
async function nextReplayNumber(db: Kysely<Database>, logId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('webhook_log_id', '=', logId)
    .where('kind', '=', 'process')
    .executeTakeFirstOrThrow();
  return Number(row.count) + 1;
}

/** Sends one forward job per reopened delivery (a replay is a new job: its schedule starts again). */
async function sendDeliveries(
  trx: Kysely<Database>,
  queue: JobQueue,
  reopened: readonly { id: number; replays: number }[],
  options: IntakeJobOptions,
): Promise<void> {
  for (const delivery of reopened) {
    await queue.send<ForwardEventJob>(
      FORWARD_EVENT,
      { deliveryId: delivery.id },
      { ...options.forward, key: `delivery:${delivery.id}:${delivery.replays}`, transaction: trx },
    );
  }
}

/**
 * Runs an event again: a new processing job (with the lead's ordering key, as at intake) and its
 * deliveries that ended without success reopened with their jobs, all in one transaction. The caller
 * has checked replayRefusal. Answers whether processing was sent (false when a replay of it is
 * still waiting) and how many deliveries were reopened.
 */
export async function replayEvent(
  deps: Deps,
  queue: JobQueue,
  event: ReplayableEvent,
  options: IntakeJobOptions,
): Promise<{ processing: boolean; deliveries: number }> {
  const at = deps.clock.now().toISOString();
  const answer = await deps.db.transaction().execute(async (trx) => {
    const n = await nextReplayNumber(trx, event.id);
    const jobId = await queue.send<ProcessEventJob & { replay: number }>(
      PROCESS_EVENT,
      { logId: event.id, replay: n },
      {
        ...options.process,
        key: `event:${event.id}:replay:${n}`,
        ...(event.leadKey === null ? {} : { orderingKey: event.leadKey }),
        transaction: trx,
      },
    );
    if (jobId !== null)
      await trx
        .updateTable('webhook_logs')
        .set({ state: 'queued' })
        .where('id', '=', event.id)
        .execute();
    const reopened = await reopenDeliveries(
      trx,
      await unsuccessfulDeliveriesOfEvent(trx, event.id),
      at,
    );
    await sendDeliveries(trx, queue, reopened, options);
    return { processing: jobId !== null, deliveries: reopened.length };
  });
  if (answer.processing) queue.wake(PROCESS_EVENT);
  if (answer.deliveries > 0) queue.wake(FORWARD_EVENT);
  return answer;
}

/** Reopens every dead delivery of a webhook (every attempt failed) and sends their jobs, in one transaction; answers how many. */
export async function replayDeadDeliveriesOf(
  deps: Deps,
  queue: JobQueue,
  webhookId: number,
  options: IntakeJobOptions,
): Promise<number> {
  const at = deps.clock.now().toISOString();
  const count = await deps.db.transaction().execute(async (trx) => {
    const reopened = await reopenDeliveries(trx, await deadDeliveriesOfWebhook(trx, webhookId), at);
    await sendDeliveries(trx, queue, reopened, options);
    return reopened.length;
  });
  if (count > 0) queue.wake(FORWARD_EVENT);
  return count;
}
