import { sql, type Kysely } from 'kysely';
import type { LoggedEventFields } from 'shared/contract';
import { normaliseEvent, type InternalEvent } from 'shared/events';
import { z } from 'zod';
import {
  fromFlag,
  type Database,
  type DeliveryState,
  type Platform,
  type WebhookEventState,
} from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import { readJson } from './json-text.js';
import { cutWindow, windowOffset, WINDOW_ROWS, type LogWindow } from './log-cursor.js';

// The reads of webhook_logs (one repository per table): the intake's writes are in webhook-events.ts.

/**
 * The event a stored post holds, read from its raw body as at intake, or null where intake found none:
 * a refused or unreadable post, or a payload its platform's normaliser cannot place. Only the raw body
 * is stored (the normalised form would nearly double what every post commits).
 */
export function eventOfRow(row: {
  platform: Platform | null;
  state: WebhookEventState;
  raw_body: string | null;
}): InternalEvent | null {
  if (
    row.platform === null ||
    row.raw_body === null ||
    row.state === 'refused' ||
    row.state === 'invalid'
  )
    return null;
  let payload: unknown;
  try {
    payload = JSON.parse(row.raw_body);
  } catch {
    return null;
  }
  const normalised = normaliseEvent(row.platform, payload);
  return normalised.ok ? normalised.event : null;
}

/**
 * Events set aside (held by the category-based filter, waiting for their CRM): the condition of the partial
 * index webhook_logs_set_aside, spelled out beside a query's `state = …` so that SQLite's planner uses the
 * index (it does not infer the condition from a bound value). Only for queries of webhook_logs alone.
 */
export const setAsideEvents = sql<boolean>`state in ('held', 'waiting')`;

/** A stored event as its jobs read it. */
export interface StoredEvent {
  id: number;
  userId: number;
  userProfileId: number | null;
  webhookId: number | null;
  platform: Platform | null;
  state: WebhookEventState;
  isTest: boolean;
  rawBody: string | null;
  event: InternalEvent | null;
  errors: string[];
  processedAt: string | null;
  receivedAt: string;
}

const storedErrors = z.object({ errors: z.array(z.string()) });

export async function findWebhookEvent(
  db: Kysely<Database>,
  id: number,
): Promise<StoredEvent | undefined> {
  const row = await db
    .selectFrom('webhook_logs')
    .select([
      'id',
      'user_id',
      'user_profile_id',
      'webhook_id',
      'platform',
      'state',
      'is_test',
      'raw_body',
      'results',
      'processed_at',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    userProfileId: row.user_profile_id,
    webhookId: row.webhook_id,
    platform: row.platform,
    state: row.state,
    isTest: fromFlag(row.is_test),
    rawBody: row.raw_body,
    event: eventOfRow(row),
    errors: readJson(row.results, storedErrors, { errors: [] }).errors,
    processedAt: row.processed_at,
    receivedAt: row.created_at,
  };
}

export interface WebhookLogRecord {
  id: number;
  user: { id: number; email: string };
  webhookId: number | null;
  webhookUrl: string | null;
  hubId: string | null;
  eventType: string | null;
  path: string | null;
  payload: LoggedEventFields;
  errors: string[];
  createdAt: string;
  state: WebhookEventState;
  duplicates: number;
  isTest: boolean;
}

export interface WebhookLogFilter {
  /** Whose webhooks' logs: a regular user's own, a manager's or admin's organization's; undefined = everyone's. */
  scope?: OwnerScope | undefined;
  userEmail?: string;
  email?: string;
  eventType?: string;
  webhookId?: number;
  webhookUrl?: string;
  hubId?: string;
  state?: WebhookEventState;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const storedPayload = z.object({ path: z.unknown(), payload: z.unknown() });
const storedResults = z.object({ errors: z.array(z.unknown()) });

/** The four shown fields of whatever the platform posted (other keys are never read out). */
export function eventFieldsOf(value: unknown): LoggedEventFields {
  const fields =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return {
    subject: textOrNull(fields.subject),
    to_email: textOrNull(fields.to_email),
    from_email: textOrNull(fields.from_email),
    event_type: textOrNull(fields.event_type),
  };
}

/** eventFieldsOf a JSON text column. */
export const readEventFields = (text: string | null | undefined): LoggedEventFields =>
  eventFieldsOf(readJson(text, z.unknown(), {}));

const errorText = (error: unknown): string =>
  typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));

/** The filtered rows, without the owner's email (a count reads only the indexes): see `withOwner`. */
function filtered(db: Kysely<Database>, filter: WebhookLogFilter) {
  let query = db.selectFrom('webhook_logs');
  if (filter.scope)
    query =
      filter.scope.kind === 'own'
        ? query.where('webhook_logs.user_id', '=', filter.scope.userId)
        : query.where(
            'webhook_logs.user_id',
            'in',
            organizationMembers(db, filter.scope.organizationId),
          );
  if (filter.userEmail !== undefined) {
    const userEmail = filter.userEmail;
    query = query.where(
      'webhook_logs.user_id',
      'in',
      db.selectFrom('users').select('users.id').where('users.email', '=', userEmail),
    );
  }
  if (filter.email !== undefined) query = query.where('webhook_logs.email', '=', filter.email);
  if (filter.eventType !== undefined)
    query = query.where('webhook_logs.event_type', '=', filter.eventType);
  if (filter.webhookId !== undefined)
    query = query.where('webhook_logs.webhook_id', '=', filter.webhookId);
  if (filter.webhookUrl !== undefined)
    query = query.where('webhook_logs.webhook_url', '=', filter.webhookUrl);
  if (filter.hubId !== undefined) query = query.where('webhook_logs.hub_id', '=', filter.hubId);
  if (filter.state !== undefined) query = query.where('webhook_logs.state', '=', filter.state);
  return query;
}

/** What a listed log row reads (LogRow), with its owner's email; the detail reads these and more. */
const listedColumns = [
  'webhook_logs.id',
  'webhook_logs.user_id',
  'users.email as user_email',
  'webhook_logs.webhook_id',
  'webhook_logs.webhook_url',
  'webhook_logs.hub_id',
  'webhook_logs.event_type',
  'webhook_logs.payload',
  'webhook_logs.results',
  'webhook_logs.created_at',
  'webhook_logs.state',
  'webhook_logs.duplicates',
  'webhook_logs.is_test',
] as const;

export async function countWebhookLogs(
  db: Kysely<Database>,
  filter: WebhookLogFilter,
): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of 20, newest first (by id: rows are written as events arrive), and the cursor of the next. */
export async function pageWebhookLogs(
  db: Kysely<Database>,
  filter: WebhookLogFilter,
  window: LogWindow,
): Promise<{ records: WebhookLogRecord[]; nextCursor: number | null }> {
  let query = filtered(db, filter);
  if (window.before !== undefined) query = query.where('webhook_logs.id', '<', window.before);
  if (window.after !== undefined) query = query.where('webhook_logs.id', '>', window.after);
  const rows = await query
    .innerJoin('users', 'users.id', 'webhook_logs.user_id')
    .select(listedColumns)
    .orderBy('webhook_logs.id', 'desc')
    .limit(WINDOW_ROWS)
    .offset(windowOffset(window))
    .execute();
  const { rows: page, nextCursor } = cutWindow(rows);
  return { records: page.map(toRecord), nextCursor };
}

interface LogRow {
  id: number;
  user_id: number;
  user_email: string;
  webhook_id: number | null;
  webhook_url: string | null;
  hub_id: string | null;
  event_type: string | null;
  payload: string;
  results: string;
  created_at: string;
  state: WebhookEventState;
  duplicates: number;
  is_test: number;
}

function toRecord(row: LogRow): WebhookLogRecord {
  const stored = readJson(row.payload, storedPayload, { path: null, payload: {} });
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email },
    webhookId: row.webhook_id,
    webhookUrl: row.webhook_url,
    hubId: row.hub_id,
    eventType: row.event_type,
    path: textOrNull(stored.path),
    payload: eventFieldsOf(stored.payload),
    errors: readJson(row.results, storedResults, { errors: [] }).errors.map(errorText),
    createdAt: row.created_at,
    state: row.state,
    duplicates: row.duplicates,
    isTest: fromFlag(row.is_test),
  };
}

/** One log row in full: what was received, the deliveries to additional endpoints and every attempt. */
export interface WebhookLogDetailRecord extends WebhookLogRecord {
  /** The row's owner and their organization (for the access rule). */
  userId: number;
  ownerOrganizationId: number | null;
  platform: string | null;
  headers: Record<string, string>;
  rawBody: string | null;
  event: InternalEvent | null;
  leadKey: string | null;
  deliveries: {
    id: number;
    url: string;
    state: DeliveryState;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    nextAttemptAt: string | null;
    deliveredAt: string | null;
  }[];
  attempts: {
    kind: 'process' | 'forward';
    deliveryId: number | null;
    attempt: number;
    startedAt: string;
    durationMs: number;
    statusCode: number | null;
    answer: string | null;
    error: string | null;
    outcome: string;
  }[];
}

const storedHeaders = z.record(z.string(), z.string());

export async function findWebhookLogDetail(
  db: Kysely<Database>,
  id: number,
): Promise<WebhookLogDetailRecord | undefined> {
  const row = await db
    .selectFrom('webhook_logs')
    .innerJoin('users', 'users.id', 'webhook_logs.user_id')
    .select([
      ...listedColumns,
      'users.organization_id as owner_organization_id',
      'webhook_logs.platform',
      'webhook_logs.headers',
      'webhook_logs.raw_body',
      'webhook_logs.lead_key',
    ])
    .where('webhook_logs.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [deliveries, attempts] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'url',
        'state',
        'attempts',
        'last_status_code',
        'last_error',
        'next_attempt_at',
        'delivered_at',
      ])
      .where('webhook_log_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('webhook_attempts')
      .select([
        'kind',
        'delivery_id',
        'attempt',
        'started_at',
        'duration_ms',
        'status_code',
        'answer',
        'error',
        'outcome',
      ])
      .where('webhook_log_id', '=', id)
      .orderBy('started_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...toRecord(row),
    userId: row.user_id,
    ownerOrganizationId: row.owner_organization_id,
    platform: row.platform,
    headers: readJson(row.headers, storedHeaders, {}),
    rawBody: row.raw_body,
    event: eventOfRow(row),
    leadKey: row.lead_key,
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      url: delivery.url,
      state: delivery.state,
      attempts: delivery.attempts,
      lastStatusCode: delivery.last_status_code,
      lastError: delivery.last_error,
      nextAttemptAt: delivery.next_attempt_at,
      deliveredAt: delivery.delivered_at,
    })),
    attempts: attempts.map((attempt) => ({
      kind: attempt.kind,
      deliveryId: attempt.delivery_id,
      attempt: attempt.attempt,
      startedAt: attempt.started_at,
      durationMs: attempt.duration_ms,
      statusCode: attempt.status_code,
      answer: attempt.answer,
      error: attempt.error,
      outcome: attempt.outcome,
    })),
  };
}

/** The distinct event types of the logs the filter lets through. */
export async function listWebhookLogEventTypes(
  db: Kysely<Database>,
  scope?: OwnerScope,
): Promise<string[]> {
  let query = db
    .selectFrom('webhook_logs')
    .select('event_type')
    .distinct()
    .where('event_type', 'is not', null);
  if (scope)
    query =
      scope.kind === 'own'
        ? query.where('user_id', '=', scope.userId)
        : query.where('user_id', 'in', organizationMembers(db, scope.organizationId));
  const rows = await query.orderBy('event_type').limit(500).execute();
  return rows.flatMap((row) => (row.event_type === null ? [] : [row.event_type]));
}

export interface LastWebhookEvent {
  id: number;
  receivedAt: string;
  state: WebhookEventState;
  isTest: boolean;
}

/**
 * The newest log row of each webhook (highest id: rows are written as events arrive), in one query
 * for the whole list; the (webhook_id, dedupe_key) index serves the grouped max.
 */
export async function lastEventsOf(
  db: Kysely<Database>,
  webhookIds: readonly number[],
): Promise<Map<number, LastWebhookEvent>> {
  const byWebhook = new Map<number, LastWebhookEvent>();
  if (webhookIds.length === 0) return byWebhook;
  const newest = db
    .selectFrom('webhook_logs')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('webhook_id', 'in', [...webhookIds])
    .groupBy('webhook_id');
  const rows = await db
    .selectFrom('webhook_logs')
    .select(['id', 'webhook_id', 'created_at', 'state', 'is_test'])
    .where('id', 'in', newest)
    .execute();
  for (const row of rows) {
    if (row.webhook_id !== null)
      byWebhook.set(row.webhook_id, {
        id: row.id,
        receivedAt: row.created_at,
        state: row.state,
        isTest: fromFlag(row.is_test),
      });
  }
  return byWebhook;
}
