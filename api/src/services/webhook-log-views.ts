import {
  ANY_EVENT_TYPE,
  LOG_PAGE_SIZE,
  type ResponseOf,
  type WebhookEventStateName,
} from 'shared/contract';
import { readScope, readsOrganization } from '../authz/index.js';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { eventTypeOptions, toWebhookLog, toWebhookLogDetail } from '../presenters/logs.js';
import { PROCESS_EVENT } from '../jobs/job-names.js';
import { processJobKey } from '../receiver/intake-jobs.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import { replayEvent, replayRefusal } from '../receiver/replay.js';
import {
  listCategoryBaseFilterEventTypes,
  pageCategoryBaseFilterLogs,
  type CategoryBaseFilterLogFilter,
} from '../repositories/category-base-filter-logs.js';
import type { OwnerScope } from '../repositories/owner-scope.js';
import type { UserRecord } from '../repositories/users.js';
import { deliveryErrorsOf } from '../repositories/webhook-deliveries.js';
import {
  countWebhookLogs,
  findWebhookLogDetail,
  listWebhookLogEventTypes,
  pageWebhookLogs,
  type WebhookLogDetailRecord,
  type WebhookLogFilter,
} from '../repositories/webhook-logs.js';
import { forbidden, invalid } from './domain-errors.js';
import type { ParsedQuery } from './parsed-request.js';

interface WebhookLogQuery {
  userEmail?: string | undefined;
  email?: string | undefined;
  eventType?: string | undefined;
  webhookId?: number | undefined;
  webhookUrl?: string | undefined;
  hubId?: string | undefined;
  state?: WebhookEventStateName | undefined;
}

export const eventTypeFilter = (value: string | undefined): string | undefined =>
  value === undefined || value.toUpperCase() === ANY_EVENT_TYPE ? undefined : value;
export const urlFilter = (value: string | undefined): string | undefined =>
  value?.replace(/\/+$/, '');

/**
 * spec §6: regular users see only their own webhooks' logs and may not use the extra filters (user,
 * URL, hub ID); managers and admins see their organization's with every filter. The webhook ID is
 * open to everyone within their scope: a webhook's row on the webhooks screen links to its logs.
 */
export function webhookLogFilter(user: UserRecord, query: WebhookLogQuery): WebhookLogFilter {
  if (!readsOrganization(user)) {
    const extra = (['userEmail', 'webhookUrl', 'hubId'] as const).find(
      (name) => query[name] !== undefined,
    );
    if (extra)
      throw forbidden(
        `Only managers and admins can filter webhook logs by user, URL or hub ID (${extra})`,
      );
  }
  return {
    scope: readScope(user),
    userEmail: query.userEmail,
    email: query.email,
    eventType: eventTypeFilter(query.eventType),
    webhookId: query.webhookId,
    webhookUrl: urlFilter(query.webhookUrl),
    hubId: query.hubId,
    state: query.state,
  };
}

export const findWebhookLog = (
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<WebhookLogDetailRecord | undefined> => findWebhookLogDetail(deps.db, id);

/** Each queued event's place in its CRM account's line (issue 55), by log id. */
async function placesInLine(
  queue: Pick<JobQueue, 'placesInLine'>,
  records: readonly { id: number; state: string }[],
): Promise<Map<number, number>> {
  const queued = records.filter((record) => record.state === 'queued').map((record) => record.id);
  const places = await queue.placesInLine(PROCESS_EVENT, queued.map(processJobKey));
  return new Map(
    queued.flatMap((id) => {
      const place = places.get(processJobKey(id));
      return place === undefined ? [] : [[id, place] as const];
    }),
  );
}

/** One page of webhook logs (spec §6), with the count, each row's delivery errors and a waiting row's place in line. */
export async function webhookLogPage(
  deps: Pick<Deps, 'db'>,
  queue: Pick<JobQueue, 'placesInLine'>,
  filter: WebhookLogFilter,
  query: ParsedQuery<'listWebhookLogs'>,
): Promise<ResponseOf<'listWebhookLogs'>> {
  const [totalItems, { records, nextCursor }] = await Promise.all([
    countWebhookLogs(deps.db, filter),
    pageWebhookLogs(deps.db, filter, query),
  ]);
  const [deliveryErrors, places] = await Promise.all([
    deliveryErrorsOf(
      deps.db,
      records.map((record) => record.id),
    ),
    placesInLine(queue, records),
  ]);
  return {
    page: query.page,
    limit: LOG_PAGE_SIZE,
    totalItems,
    nextCursor,
    data: records.map((record) => {
      const placeInLine = places.get(record.id);
      const log = toWebhookLog(record, deliveryErrors.get(record.id));
      return placeInLine === undefined ? log : { ...log, placeInLine };
    }),
  };
}

export async function webhookLogDetail(
  deps: Pick<Deps, 'db'>,
  record: WebhookLogDetailRecord,
): Promise<ResponseOf<'getWebhookLog'>> {
  return toWebhookLogDetail(record, (await deliveryErrorsOf(deps.db, [record.id])).get(record.id));
}

export const webhookLogCount = (deps: Pick<Deps, 'db'>, filter: WebhookLogFilter) =>
  countWebhookLogs(deps.db, filter);

export async function webhookLogEventTypes(
  deps: Pick<Deps, 'db'>,
  scope: OwnerScope,
): Promise<ResponseOf<'listWebhookLogTypes'>> {
  return eventTypeOptions(await listWebhookLogEventTypes(deps.db, scope));
}

/** Runs a logged event again (spec §6 Replay): refused for test, refused and unreadable events. */
export async function replayLoggedEvent(
  deps: Deps,
  queue: JobQueue,
  record: WebhookLogDetailRecord,
): Promise<ResponseOf<'replayWebhookEvent'>> {
  const event = {
    id: record.id,
    state: record.state,
    isTest: record.isTest,
    readable: record.event !== null,
    leadKey: record.leadKey,
  };
  const refusal = replayRefusal(event);
  if (refusal !== null) throw invalid(refusal);
  return {
    id: record.id,
    ...(await replayEvent(deps, queue, event, intakeJobOptions(deps.config))),
  };
}

export async function categoryBaseFilterLogPage(
  deps: Pick<Deps, 'db'>,
  filter: CategoryBaseFilterLogFilter,
  query: ParsedQuery<'listCategoryBaseFilterLogs'>,
): Promise<ResponseOf<'listCategoryBaseFilterLogs'>> {
  const { totalItems, data, nextCursor } = await pageCategoryBaseFilterLogs(deps.db, filter, query);
  return { page: query.page, limit: LOG_PAGE_SIZE, totalItems, nextCursor, data };
}

export async function categoryBaseFilterEventTypes(
  deps: Pick<Deps, 'db'>,
  scope: OwnerScope,
): Promise<ResponseOf<'listCategoryBaseFilterTypes'>> {
  return eventTypeOptions(await listCategoryBaseFilterEventTypes(deps.db, scope));
}
