import { z } from 'zod';
import { defineOperations } from './define-operations.js';
import { MAX_ID, recordIdParams } from './ids.js';

/** spec §9: every log page holds 20 rows. */
export const LOG_PAGE_SIZE = 20;
/** spec §3 event-type filter value meaning "no filter". */
export const ANY_EVENT_TYPE = 'ANY';

/** ?page=: a whole number from 1 (left out or empty: 1). */
export const pageNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{0,7}$/, 'Expected a page number'),
  ])
  .optional()
  .transform((value) => (value === undefined || value === '' ? 1 : Number(value)))
  .pipe(z.number().int().min(1, 'Pages start at 1').max(1_000_000));

/** A text filter: trimmed; left out or blank means no filter. */
export const queryText = z
  .string()
  .max(500)
  .refine((value) => !value.includes('\u0000'), 'Must not contain the NUL character')
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  });

/** spec §5 "Log filters": the email filter is lowercased and trimmed. */
export const queryEmail = queryText.transform((value) => value?.toLowerCase());

/** An id filter: a whole number; left out or empty means no filter. */
export const queryId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{0,10}$/, 'Expected a whole number'),
  ])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : Number(value)))
  .pipe(z.number().int().positive().max(MAX_ID).optional());

/**
 * The cursor of the log lists, a row id (rows are numbered as they arrive; newest first). `before`: the
 * rows after that one in the list, so rows inserted meanwhile never repeat or shift the next page;
 * `after`: the rows that arrived since (newest first, a page at most). With either, `page` only names the answer.
 */
export const logCursorQuery = { before: queryId, after: queryId };

/**
 * spec §3 "The paginated shape is page, limit, totalItems, data.", and `nextCursor`: the `before` of the
 * next page, null when no row remains.
 */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalItems: z.number().int(),
    nextCursor: z.number().int().nullable(),
    data: z.array(item),
  });

/** The four fields of a platform event the logs show (spec §3 smartleadPayload.payload and dto). */
export const loggedEventFields = z.object({
  subject: z.string().nullable(),
  to_email: z.string().nullable(),
  from_email: z.string().nullable(),
  event_type: z.string().nullable(),
});
export type LoggedEventFields = z.infer<typeof loggedEventFields>;

export const webhookEventStates = [
  'queued',
  'processed',
  'failed',
  'refused',
  'invalid',
  'waiting',
  'held',
  'expired',
] as const;
export const webhookEventState = z.enum(webhookEventStates);
export type WebhookEventStateName = z.infer<typeof webhookEventState>;
export const deliveryStates = ['pending', 'delivered', 'failed', 'dead', 'stopped'] as const;
export const deliveryState = z.enum(deliveryStates);

/** spec §3 "Webhook log": one event received on a webhook and what became of it. */
export const webhookLog = z.object({
  id: z.number().int(),
  /** The webhook's owner (a dashboard user). */
  user: z.object({ id: z.number().int(), email: z.string() }),
  webhookId: z.number().int().nullable(),
  webhookUrl: z.string().nullable(),
  hubId: z.string().nullable(),
  eventType: z.string().nullable(),
  smartleadPayload: z.object({ path: z.string().nullable(), payload: loggedEventFields }),
  /** Status Error when errors is non-empty, Success otherwise (spec §8). */
  webhookLogResults: z.object({ errors: z.array(z.string()) }),
  createdAt: z.string(),
  /**
   * What became of the event: queued, processed, failed, refused (the webhook was deleted or its owner lost canWebhook), invalid
   * (unreadable), waiting (for its CRM to be reconnected), held (by the category-based filter) or expired (held too long).
   */
  state: webhookEventState,
  /** Copies of the event the platform posted again (same dedupe key), counted on this row. */
  duplicates: z.number().int(),
  /** Sent from the Send Test Webhook dialog (the test URL). */
  isTest: z.boolean(),
  /** A queued event's place in its CRM account's line (1: next or being written); absent otherwise. */
  placeInLine: z.number().int().optional(),
});
export type WebhookLog = z.infer<typeof webhookLog>;

/** A delivery of the event to one additional endpoint. */
export const webhookLogDelivery = z.object({
  id: z.number().int(),
  url: z.string(),
  state: deliveryState,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookLogDelivery = z.infer<typeof webhookLogDelivery>;

/**
 * One step of processing an event (a CRM write, the category-based filter, …): a process attempt's
 * answer lists them as JSON. A type only: the contract's schemas load on every route, and only the
 * event panel reads the steps (shared/rules/logs checks them).
 */
export interface ProcessStep {
  name: string;
  ok: boolean;
  /** Why it failed, in the words of whoever refused. */
  error?: string;
  /** Why it did nothing. */
  skipped?: string;
  /** What it did: "updated 7000123 (by email)". */
  detail?: string;
}

/** One processing run or delivery attempt (deliveryId set for a forward). */
export const webhookLogAttempt = z.object({
  kind: z.enum(['process', 'forward']),
  deliveryId: z.number().int().nullable(),
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  /** The first 1 KB of the answer; a process attempt's is its steps, a JSON list of ProcessStep. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
  outcome: z.string(),
});
export type WebhookLogAttempt = z.infer<typeof webhookLogAttempt>;

/** One webhook log row in full: the list's item plus what was received and everything that was done with it. */
export const webhookLogDetail = webhookLog.extend({
  platform: z.string().nullable(),
  receivedAt: z.string(),
  /** The request headers that were kept (never credentials). */
  headers: z.record(z.string(), z.string()),
  /** The body exactly as received (null when there was none or it was too large to keep). */
  rawBody: z.string().nullable(),
  /** The normalised event, null when the body could not be read. */
  event: z.record(z.string(), z.unknown()).nullable(),
  deliveries: z.array(webhookLogDelivery),
  /** In time order. */
  attempts: z.array(webhookLogAttempt),
});
export type WebhookLogDetail = z.infer<typeof webhookLogDetail>;

/** What a replay set going: processing again (when the event can be read) and the deliveries reopened. */
export const webhookLogReplay = z.object({
  id: z.number().int(),
  processing: z.boolean(),
  deliveries: z.number().int(),
});
export type WebhookLogReplay = z.infer<typeof webhookLogReplay>;

/** A state filter: one of webhookEventStates; left out or empty means every state. */
export const queryEventState = z
  .union([z.literal(''), webhookEventState])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Query of the webhook logs and their count. eventType ANY (or none) = every type; email is lowercased
 * and trimmed. userEmail, webhookUrl and hubId are for managers and admins (403 otherwise); webhookId
 * and state (e.g. held: the events the category-based filter holds) are for everyone: regular users
 * only ever see their own webhooks' logs.
 */
export const webhookLogQuery = z.object({
  page: pageNumber,
  userEmail: queryEmail,
  email: queryEmail,
  eventType: queryText,
  webhookId: queryId,
  webhookUrl: queryText,
  hubId: queryText,
  state: queryEventState,
  ...logCursorQuery,
});
export type WebhookLogQuery = z.input<typeof webhookLogQuery>;

export const webhookLogPage = pagedOf(webhookLog);
export type WebhookLogPage = z.infer<typeof webhookLogPage>;
export const logCount = z.object({ totalItems: z.number().int() });
/** The event-type filter's options: spec §9's 14 types, then any other type present in the caller's logs. */
export const logEventTypes = z.array(z.string());

/** spec §3 "Category base filter log" (snake_case as in the spec). */
export const categoryBaseFilterLog = z.object({
  id: z.number().int(),
  webhook_id: z.number().int().nullable(),
  webhook_url: z.string().nullable(),
  webhook_event: z.string().nullable(),
  campaign_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  smartlead_base_categories: z.array(z.string()),
  category_name: z.string().nullable(),
  dto: loggedEventFields,
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type CategoryBaseFilterLog = z.infer<typeof categoryBaseFilterLog>;

export const categoryBaseFilterQuery = z.object({
  page: pageNumber,
  eventType: queryText,
  webhookId: queryId,
  campaignId: queryText,
  leadId: queryText,
  webhookUrl: queryText,
  ...logCursorQuery,
});
export type CategoryBaseFilterQuery = z.input<typeof categoryBaseFilterQuery>;

export const categoryBaseFilterPage = pagedOf(categoryBaseFilterLog);
export type CategoryBaseFilterPage = z.infer<typeof categoryBaseFilterPage>;

export const logOperations = defineOperations({
  listWebhookLogs: {
    method: 'GET',
    path: '/api/admin/webhook-logs',
    query: webhookLogQuery,
    response: webhookLogPage,
  },
  countWebhookLogs: {
    method: 'GET',
    path: '/api/admin/webhook-logs/count',
    query: webhookLogQuery,
    response: logCount,
  },
  listWebhookLogTypes: {
    method: 'GET',
    path: '/api/admin/webhook-logs/types',
    response: logEventTypes,
  },
  /** One log row in full (its owner, and managers and admins of the organization). */
  getWebhookLog: {
    method: 'GET',
    path: '/api/admin/webhook-logs/{id}',
    params: recordIdParams,
    response: webhookLogDetail,
  },
  /**
   * Runs the event again (its owner or an admin of the organization): processing, and the deliveries
   * that ended without success. Refused, invalid and test events cannot be replayed (400).
   */
  replayWebhookEvent: {
    method: 'POST',
    path: '/api/admin/webhook-logs/{id}/replay',
    params: recordIdParams,
    response: webhookLogReplay,
  },
  listCategoryBaseFilterLogs: {
    method: 'GET',
    path: '/api/admin/category-base-filters',
    query: categoryBaseFilterQuery,
    response: categoryBaseFilterPage,
  },
  listCategoryBaseFilterTypes: {
    method: 'GET',
    path: '/api/admin/category-base-filters/types',
    response: logEventTypes,
  },
});
