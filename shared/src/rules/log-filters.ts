import {
  ANY_EVENT_TYPE,
  type BlockListLog,
  type BlockListLogAction,
  type CategoryBaseFilterQuery,
  type WebhookLog,
  type WebhookEventStateName,
  type WebhookLogQuery,
} from '../contract/index.js';

/** A log screen's filters as typed into its inputs (and kept in the URL): every value is text. */
export type LogFilters<K extends string> = Record<K, string>;

export const webhookLogFilterKeys = [
  'email',
  'eventType',
  'userEmail',
  'webhookId',
  'webhookUrl',
  'hubId',
  'state',
] as const;
export type WebhookLogFilters = LogFilters<(typeof webhookLogFilterKeys)[number]>;

export const blockListLogFilterKeys = ['email', 'blockListId'] as const;
export type BlockListLogFilters = LogFilters<(typeof blockListLogFilterKeys)[number]>;

export const categoryBaseFilterLogFilterKeys = [
  'eventType',
  'webhookId',
  'campaignId',
  'leadId',
  'webhookUrl',
] as const;
export type CategoryBaseFilterLogFilters = LogFilters<
  (typeof categoryBaseFilterLogFilterKeys)[number]
>;

/** Filters with every value blank (the event type is ANY: no filter). */
export function emptyLogFilters<K extends string>(keys: readonly K[]): LogFilters<K> {
  return Object.fromEntries(
    keys.map((key) => [key, key === 'eventType' ? ANY_EVENT_TYPE : '']),
  ) as LogFilters<K>;
}

/** spec §5 "Log filters": the email filter is lowercased and trimmed (blank: no filter). */
export function normaliseLogEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email === '' ? undefined : email;
}

/** A text filter trimmed; blank means no filter. */
export function logText(value: string): string | undefined {
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** spec §3/§9: the event type ANY (or none) means no filter. */
export function eventTypeFilter(value: string): string | undefined {
  const type = logText(value);
  return type === undefined || type.toUpperCase() === ANY_EVENT_TYPE ? undefined : type;
}

/** An id filter: a whole number, anything else is no filter. */
export function idFilter(value: string): number | undefined {
  const text = value.trim();
  return /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/**
 * The webhook-log state filter's choices, Held first: what people look for besides the errors. Every
 * one of the contract's webhookEventStates (its values are not imported: they would bring the contract's
 * schemas into the History routes' first load).
 */
export const webhookEventStateOptions: readonly { value: WebhookEventStateName; label: string }[] =
  [
    { value: 'held', label: 'Held' },
    { value: 'failed', label: 'Failed' },
    { value: 'processed', label: 'Processed' },
    { value: 'queued', label: 'Queued' },
    { value: 'waiting', label: 'Waiting for its CRM' },
    { value: 'expired', label: 'Expired' },
    { value: 'refused', label: 'Refused' },
    { value: 'invalid', label: 'Invalid' },
  ];

/** A state filter: one of the events' states; anything else (blank included) is no filter. */
export function eventStateFilter(value: string): WebhookEventStateName | undefined {
  const state = value.trim();
  return webhookEventStateOptions.find((option) => option.value === state)?.value;
}

/** The filters a URL's ?query carries (anything else in it is ignored; a missing one is blank). */
export function logFiltersFromSearch<K extends string>(
  keys: readonly K[],
  search: string | URLSearchParams,
): LogFilters<K> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters = emptyLogFilters(keys);
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return filters;
}

/** Whether a log query filters by anything: an empty list then says that nothing matches, not that there is nothing yet. */
export function filtersAnything(query: Readonly<Record<string, unknown>>): boolean {
  return Object.values(query).some((value) => value !== undefined);
}

/** The ?query that keeps the filters in the URL: only those that filter, so a view can be shared. */
export function logFiltersSearch<K extends string>(filters: LogFilters<K>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<string>(filters)) {
    const text = value.trim();
    if (text === '' || (key === 'eventType' && eventTypeFilter(text) === undefined)) continue;
    params.set(key, text);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The webhook-log query of the filters, without the page (the infinite list adds it). spec §6: the
 * user, URL and hub ID filters are for managers and admins only; the webhook ID is everyone's (the
 * webhooks screen links a webhook's logs), and so is the state (e.g. Held).
 */
export function webhookLogQueryOf(
  filters: WebhookLogFilters,
  { managerOrAdmin }: { managerOrAdmin: boolean },
): Omit<WebhookLogQuery, 'page'> {
  const query: Omit<WebhookLogQuery, 'page'> = {
    email: normaliseLogEmail(filters.email),
    eventType: eventTypeFilter(filters.eventType),
    webhookId: idFilter(filters.webhookId),
    state: eventStateFilter(filters.state),
  };
  if (!managerOrAdmin) return query;
  return {
    ...query,
    userEmail: normaliseLogEmail(filters.userEmail),
    webhookUrl: logText(filters.webhookUrl),
    hubId: logText(filters.hubId),
  };
}

/** The block-list history query of the filters: the email and the chosen block list. */
export function blockListLogQueryOf(filters: BlockListLogFilters): {
  email?: string | undefined;
  'block-list-id'?: number | undefined;
} {
  return {
    email: normaliseLogEmail(filters.email),
    'block-list-id': idFilter(filters.blockListId),
  };
}

/** The category-base-filter log query of the filters. */
export function categoryBaseFilterLogQueryOf(
  filters: CategoryBaseFilterLogFilters,
): Omit<CategoryBaseFilterQuery, 'page'> {
  return {
    eventType: eventTypeFilter(filters.eventType),
    webhookId: idFilter(filters.webhookId),
    campaignId: logText(filters.campaignId),
    leadId: logText(filters.leadId),
    webhookUrl: logText(filters.webhookUrl),
  };
}

/** spec §4 "Infinite-scroll tables": more items remain when totalItems divided by limit exceeds the pages loaded. */
export function moreItemsRemain(
  { totalItems, limit }: { totalItems: number; limit: number },
  pagesLoaded: number,
): boolean {
  return limit > 0 && totalItems / limit > pagesLoaded;
}

export type LogResultStatus = 'Error' | 'Success' | 'Held' | 'Waiting';

/**
 * spec §8 "Display of log results": Error when the row's results contain errors, Success otherwise;
 * an event the category-based filter holds, as designed, is Held (issue 56), never an error: its
 * result line says why it waits.
 */
export function webhookLogStatus(
  log: Pick<WebhookLog, 'webhookLogResults' | 'state'>,
): LogResultStatus {
  if (log.state === 'held') return 'Held';
  // received, not yet written: in its CRM account's line (issue 55)
  if (log.state === 'queued') return 'Waiting';
  return log.webhookLogResults.errors.length > 0 ? 'Error' : 'Success';
}

/** The row's line under its status while the event is not done: a waiting event's place in its CRM account's line, else its state. */
export const webhookLogStateLine = (log: Pick<WebhookLog, 'state' | 'placeInLine'>): string =>
  log.state === 'queued' && log.placeInLine !== undefined
    ? `${log.placeInLine} in line`
    : log.state;

/** The colour of each log status: a hold is amber, apart from the red of errors. */
export const logStatusPalette = {
  Error: 'red',
  Success: 'green',
  Held: 'orange',
  Waiting: 'gray',
} as const satisfies Record<LogResultStatus, string>;

/** What a block-list log row records the sync did, read as a BlockListLogAction (a name the screens do not know matches none of them). */
export function blockListLogAction(
  details: BlockListLog['entityDetails'],
): BlockListLogAction | undefined {
  return typeof details.action === 'string' ? (details.action as BlockListLogAction) : undefined;
}

/** A block-list log row: Error when its sync left an error; Left list for a member that left the CRM list; else Synced (or Pending before any sync). */
export function blockListLogStatus(
  log: Pick<BlockListLog, 'lastError' | 'syncedAt' | 'entityDetails'>,
): 'Error' | 'Synced' | 'Pending' | 'Left list' {
  if (log.lastError) return 'Error';
  if (blockListLogAction(log.entityDetails) === 'removed-from-crm-list') return 'Left list';
  return log.syncedAt ? 'Synced' : 'Pending';
}
