import type { Kysely } from 'kysely';
import type { CategoryBaseFilterLog } from 'shared/contract';
import { z } from 'zod';
import type { CategoryFilterAction, Database } from '../db/schema.js';
import { organizationMembers, type OwnerScope } from './owner-scope.js';
import { readJson, writeJson } from './json-text.js';
import { cutWindow, windowOffset, WINDOW_ROWS, type LogWindow } from './log-cursor.js';
import { readEventFields } from './webhook-logs.js';

export interface CategoryBaseFilterLogFilter {
  /** Whose webhooks' rows: a regular user's own, a manager's or admin's organization's; undefined = everyone's. */
  scope?: OwnerScope | undefined;
  eventType?: string;
  webhookId?: number;
  campaignId?: string;
  leadId?: string;
  webhookUrl?: string;
}

function filtered(db: Kysely<Database>, filter: CategoryBaseFilterLogFilter) {
  let query = db.selectFrom('category_base_filter_logs');
  if (filter.scope)
    query =
      filter.scope.kind === 'own'
        ? query.where('user_id', '=', filter.scope.userId)
        : query.where('user_id', 'in', organizationMembers(db, filter.scope.organizationId));
  if (filter.eventType !== undefined) query = query.where('webhook_event', '=', filter.eventType);
  if (filter.webhookId !== undefined) query = query.where('webhook_id', '=', filter.webhookId);
  if (filter.campaignId !== undefined) query = query.where('campaign_id', '=', filter.campaignId);
  if (filter.leadId !== undefined) query = query.where('lead_id', '=', filter.leadId);
  if (filter.webhookUrl !== undefined) query = query.where('webhook_url', '=', filter.webhookUrl);
  return query;
}

const names = z.array(z.unknown());

/** One page (20, newest first) in the spec's snake_case shape, the filtered total and the next page's cursor. */
export async function pageCategoryBaseFilterLogs(
  db: Kysely<Database>,
  filter: CategoryBaseFilterLogFilter,
  window: LogWindow,
): Promise<{ totalItems: number; data: CategoryBaseFilterLog[]; nextCursor: number | null }> {
  let query = filtered(db, filter);
  if (window.before !== undefined) query = query.where('id', '<', window.before);
  if (window.after !== undefined) query = query.where('id', '>', window.after);
  const [count, read] = await Promise.all([
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(WINDOW_ROWS)
      .offset(windowOffset(window))
      .execute(),
  ]);
  const { rows, nextCursor } = cutWindow(read);
  return {
    totalItems: Number(count.count),
    nextCursor,
    data: rows.map((row) => ({
      id: row.id,
      webhook_id: row.webhook_id,
      webhook_url: row.webhook_url,
      webhook_event: row.webhook_event,
      campaign_id: row.campaign_id,
      lead_id: row.lead_id,
      smartlead_base_categories: readJson(row.smartlead_base_categories, names, []).flatMap(
        (name) =>
          typeof name === 'string'
            ? [name]
            : name !== null &&
                typeof name === 'object' &&
                'name' in name &&
                typeof name.name === 'string'
              ? [name.name]
              : [],
      ),
      category_name: row.category_name,
      dto: readEventFields(row.dto),
      created_at: row.created_at,
      sent_at: row.sent_at,
    })),
  };
}

export async function listCategoryBaseFilterEventTypes(
  db: Kysely<Database>,
  scope?: OwnerScope,
): Promise<string[]> {
  let query = db
    .selectFrom('category_base_filter_logs')
    .select('webhook_event')
    .distinct()
    .where('webhook_event', 'is not', null);
  if (scope)
    query =
      scope.kind === 'own'
        ? query.where('user_id', '=', scope.userId)
        : query.where('user_id', 'in', organizationMembers(db, scope.organizationId));
  const rows = await query.orderBy('webhook_event').limit(500).execute();
  return rows.flatMap((row) => (row.webhook_event === null ? [] : [row.webhook_event]));
}

export interface NewCategoryBaseFilterLog {
  userId: number;
  webhookId?: number | null;
  webhookUrl?: string | null;
  webhookEvent?: string | null;
  campaignId?: string | null;
  leadId?: string | null;
  smartleadBaseCategories?: string[];
  categoryName?: string | null;
  dto?: Record<string, unknown>;
  createdAt: string;
  sentAt?: string | null;
  action?: CategoryFilterAction | null;
  webhookLogId?: number | null;
  leadKey?: string | null;
}

/** The category-based filter's record of a hold, release, allow, drop or expiry (crm-writers/category-filter.ts); tests. */
export async function insertCategoryBaseFilterLog(
  db: Kysely<Database>,
  log: NewCategoryBaseFilterLog,
): Promise<number> {
  const { id } = await db
    .insertInto('category_base_filter_logs')
    .values({
      user_id: log.userId,
      webhook_id: log.webhookId ?? null,
      webhook_url: log.webhookUrl ?? null,
      webhook_event: log.webhookEvent ?? null,
      campaign_id: log.campaignId ?? null,
      lead_id: log.leadId ?? null,
      smartlead_base_categories: writeJson(log.smartleadBaseCategories ?? []),
      category_name: log.categoryName ?? null,
      dto: writeJson(log.dto ?? {}),
      created_at: log.createdAt,
      sent_at: log.sentAt ?? null,
      action: log.action ?? null,
      webhook_log_id: log.webhookLogId ?? null,
      lead_key: log.leadKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
