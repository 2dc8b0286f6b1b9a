import type { Kysely } from 'kysely';
import type { Database, DeliveryState } from '../db/schema.js';
import { insertAttemptWith, type NewAttempt } from './webhook-events.js';

/** A delivery as the forwarding job reads it: where to, what, and how far it got. */
export interface DeliveryRecord {
  id: number;
  logId: number;
  webhookId: number | null;
  /** Null once the endpoint was deleted. */
  userAccountId: number | null;
  url: string;
  state: DeliveryState;
  attempts: number;
  replays: number;
  /** The event's body exactly as the platform posted it. */
  rawBody: string;
  /** The webhook's owner when the event came, and their organization (null: none): whose quotas and pace the delivery counts on. */
  userId: number;
  ownerOrganizationId: number | null;
}

export async function findDelivery(
  db: Kysely<Database>,
  id: number,
): Promise<DeliveryRecord | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_logs', 'webhook_logs.id', 'webhook_deliveries.webhook_log_id')
    .leftJoin('users', 'users.id', 'webhook_logs.user_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.webhook_log_id',
      'webhook_deliveries.webhook_id',
      'webhook_deliveries.user_account_id',
      'webhook_deliveries.url',
      'webhook_deliveries.state',
      'webhook_deliveries.attempts',
      'webhook_deliveries.replays',
      'webhook_logs.raw_body',
      'webhook_logs.user_id',
      'users.organization_id',
    ])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    logId: row.webhook_log_id,
    webhookId: row.webhook_id,
    userAccountId: row.user_account_id,
    url: row.url,
    state: row.state,
    attempts: row.attempts,
    replays: row.replays,
    rawBody: row.raw_body ?? '',
    userId: row.user_id,
    ownerOrganizationId: row.organization_id ?? null,
  };
}

export interface DeliveryUpdate {
  state: DeliveryState;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  at: string;
}

/** Records an attempt at a delivery and where it leaves the delivery (its state, the attempt counted on it), both or neither. */
export async function recordDeliveryAttempt(
  db: Kysely<Database>,
  attempt: NewAttempt & { deliveryId: number },
  update: DeliveryUpdate,
): Promise<void> {
  await insertAttemptWith(db, attempt, (executor) =>
    executor
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        state: update.state,
        attempts: eb('attempts', '+', 1),
        last_status_code: update.statusCode,
        last_error: update.error,
        next_attempt_at: update.nextAttemptAt,
        delivered_at: update.state === 'delivered' ? update.at : null,
        updated_at: update.at,
      }))
      .where('id', '=', attempt.deliveryId),
  );
}

/** Ends a delivery without an attempt (its endpoint was deleted). */
export async function endDelivery(
  db: Kysely<Database>,
  id: number,
  state: DeliveryState,
  error: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state, last_error: error, next_attempt_at: null, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts deliveries that ended without success back to pending for a replay and answers them with
 * their new replay number (each replay is a new job, so its schedule starts again).
 */
export async function reopenDeliveries(
  db: Kysely<Database>,
  ids: readonly number[],
  at: string,
): Promise<{ id: number; replays: number }[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      state: 'pending',
      replays: eb('replays', '+', 1),
      next_attempt_at: at,
      updated_at: at,
    }))
    .where('id', 'in', ids)
    .where('state', 'in', ['failed', 'dead', 'stopped'])
    .where('user_account_id', 'is not', null)
    .returning(['id', 'replays'])
    .execute();
}

/** Deliveries of one event that ended without success. */
export async function unsuccessfulDeliveriesOfEvent(
  db: Kysely<Database>,
  logId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_log_id', '=', logId)
    .where('state', 'in', ['failed', 'dead', 'stopped'])
    .execute();
  return rows.map((row) => row.id);
}

/** The dead deliveries of a webhook (every attempt failed). */
export async function deadDeliveriesOfWebhook(
  db: Kysely<Database>,
  webhookId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', webhookId)
    .where('state', '=', 'dead')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The errors of the deliveries that ended without success, by event (a log row shows them with its own). */
export async function deliveryErrorsOf(
  db: Kysely<Database>,
  logIds: readonly number[],
): Promise<Map<number, string[]>> {
  const errors = new Map<number, string[]>();
  if (logIds.length === 0) return errors;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['webhook_log_id', 'url', 'state', 'last_error'])
    .where('webhook_log_id', 'in', logIds)
    .where('state', 'in', ['failed', 'dead', 'stopped'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = errors.get(row.webhook_log_id) ?? [];
    list.push(`Forwarding to ${row.url}: ${row.last_error ?? row.state}`);
    errors.set(row.webhook_log_id, list);
  }
  return errors;
}
