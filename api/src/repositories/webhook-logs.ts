import type { Kysely } from 'kysely';
import { LOG_PAGE_SIZE, type LoggedEventFields } from 'shared/contract';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import { readJson, writeJson } from './json-text.js';

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
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const storedPayload = z.object({ path: z.unknown(), payload: z.unknown() });
const storedResults = z.object({ errors: z.array(z.unknown()) });

/** The four shown fields of whatever the platform posted (other keys are never read out). */
export function eventFieldsOf(value: unknown): LoggedEventFields {
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { subject: textOrNull(fields.subject), to_email: textOrNull(fields.to_email), from_email: textOrNull(fields.from_email), event_type: textOrNull(fields.event_type) };
}

/** eventFieldsOf a JSON text column. */
export const readEventFields = (text: string | null | undefined): LoggedEventFields => eventFieldsOf(readJson(text, z.unknown(), {}));

const errorText = (error: unknown): string => (typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)));

function filtered(db: Kysely<Database>, filter: WebhookLogFilter) {
  let query = db.selectFrom('webhook_logs').innerJoin('users', 'users.id', 'webhook_logs.user_id');
  if (filter.scope)
    query =
      filter.scope.kind === 'own' ? query.where('webhook_logs.user_id', '=', filter.scope.userId) : query.where('webhook_logs.user_id', 'in', organizationMembers(db, filter.scope.organizationId));
  if (filter.userEmail !== undefined) query = query.where('users.email', '=', filter.userEmail);
  if (filter.email !== undefined) query = query.where('webhook_logs.email', '=', filter.email);
  if (filter.eventType !== undefined) query = query.where('webhook_logs.event_type', '=', filter.eventType);
  if (filter.webhookId !== undefined) query = query.where('webhook_logs.webhook_id', '=', filter.webhookId);
  if (filter.webhookUrl !== undefined) query = query.where('webhook_logs.webhook_url', '=', filter.webhookUrl);
  if (filter.hubId !== undefined) query = query.where('webhook_logs.hub_id', '=', filter.hubId);
  return query;
}

export async function countWebhookLogs(db: Kysely<Database>, filter: WebhookLogFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of 20, newest first. */
export async function pageWebhookLogs(db: Kysely<Database>, filter: WebhookLogFilter, page: number): Promise<WebhookLogRecord[]> {
  const rows = await filtered(db, filter)
    .select([
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
    ])
    .orderBy('webhook_logs.created_at', 'desc')
    .orderBy('webhook_logs.id', 'desc')
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE)
    .execute();
  return rows.map((row) => {
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
    };
  });
}

/** The distinct event types of the logs the filter lets through. */
export async function listWebhookLogEventTypes(db: Kysely<Database>, scope?: OwnerScope): Promise<string[]> {
  let query = db.selectFrom('webhook_logs').select('event_type').distinct().where('event_type', 'is not', null);
  if (scope) query = scope.kind === 'own' ? query.where('user_id', '=', scope.userId) : query.where('user_id', 'in', organizationMembers(db, scope.organizationId));
  const rows = await query.orderBy('event_type').limit(500).execute();
  return rows.flatMap((row) => (row.event_type === null ? [] : [row.event_type]));
}

export interface NewWebhookLog {
  userId: number;
  userProfileId?: number | null;
  webhookId?: number | null;
  webhookUrl?: string | null;
  hubId?: string | null;
  eventType?: string | null;
  /** The lead's email; stored lowercased and trimmed. */
  email?: string | null;
  path?: string | null;
  payload?: Record<string, unknown>;
  errors?: unknown[];
  createdAt: string;
}

/** For the webhook receiver (a later issue) and tests: one log row. */
export async function insertWebhookLog(db: Kysely<Database>, log: NewWebhookLog): Promise<number> {
  const { id } = await db
    .insertInto('webhook_logs')
    .values({
      user_id: log.userId,
      user_profile_id: log.userProfileId ?? null,
      webhook_id: log.webhookId ?? null,
      webhook_url: log.webhookUrl ?? null,
      hub_id: log.hubId ?? null,
      event_type: log.eventType ?? null,
      email: log.email?.trim().toLowerCase() || null,
      payload: writeJson({ path: log.path ?? null, payload: log.payload ?? {} }),
      results: writeJson({ errors: log.errors ?? [] }),
      created_at: log.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
