import {
  WEBHOOK_PAGE_SIZE,
  type SortOrder,
  type WebhookPageQuery,
  type WebhookSortKey,
  type WebhookTableSection,
} from 'shared/contract';

/** What a webhooks table shows: the search applied, the sort chosen and the page. */
export interface WebhookTableState {
  search: string;
  /** One of webhookSortOptions' values, e.g. "owner:asc". */
  sort: string;
  page: number;
}

export const initialWebhookTableState: WebhookTableState = {
  search: '',
  sort: 'created:asc',
  page: 1,
};

/** The sort choices of a webhooks table, by what a person scans. */
export const webhookSortOptions: readonly {
  value: `${WebhookSortKey}:${SortOrder}`;
  label: string;
}[] = [
  { value: 'created:asc', label: 'Oldest first' },
  { value: 'created:desc', label: 'Newest first' },
  { value: 'owner:asc', label: 'Owner, A to Z' },
  { value: 'owner:desc', label: 'Owner, Z to A' },
  { value: 'platform:asc', label: 'Platform, A to Z' },
  { value: 'url:asc', label: 'URL, A to Z' },
];

/** The api's query of one table's page (an unknown sort is the default, oldest first). */
export function webhookTableQuery(
  section: WebhookTableSection,
  state: WebhookTableState,
): WebhookPageQuery {
  const known = webhookSortOptions.find((option) => option.value === state.sort)?.value;
  const [sort, order] = (known ?? initialWebhookTableState.sort).split(':') as [
    WebhookSortKey,
    SortOrder,
  ];
  const search = state.search.trim();
  return { section, sort, order, page: state.page, ...(search && { search }) };
}

/** How many pages a table of `totalItems` webhooks has (at least one). */
export const webhookPageCount = (totalItems: number): number =>
  Math.max(1, Math.ceil(totalItems / WEBHOOK_PAGE_SIZE));
