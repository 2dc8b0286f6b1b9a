import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callOperation, queryKeys, useApiClient, type QueryOperationName } from 'shared/client';
import type { QueryOf, ResponseOf } from 'shared/contract';
import {
  FIRST_LOG_PAGE,
  logPollAfter,
  nextLogPageParam,
  withNewerLogRows,
  type CursorLogPage,
  type LogPageParam,
  type PolledLogPage,
} from 'shared/rules/logs';
import { useWhileVisible } from './use-while-visible';

/** The operations answered page by page: a `page` and the `before`/`after` cursors in the query, spec §3's paginated shape and nextCursor in the answer. */
export type PagedOperationName = {
  [N in QueryOperationName]: QueryOf<N> extends {
    page?: unknown;
    before?: unknown;
    after?: unknown;
  }
    ? ResponseOf<N> extends CursorLogPage<{ id: number }>
      ? N
      : never
    : never;
}[QueryOperationName];

/** A paged operation's query without its page and cursors: what the infinite list is keyed and filtered by. */
export type PagedQuery<N extends PagedOperationName> = Omit<
  NonNullable<QueryOf<N>>,
  'page' | 'before' | 'after'
>;

/** How often an open list asks for the rows that arrived since (spec: new events appear without a reload). */
export const NEWER_ROWS_POLL_MS = 5_000;

/**
 * Reads a paged operation page after page (spec §4 "Infinite-scroll tables"): page 1 first, then the
 * next from the api's cursor while it gives one. While the tab shows, every NEWER_ROWS_POLL_MS it asks
 * for the rows above logPollAfter and merges them in (withNewerLogRows: new rows in their place, rows
 * shown refreshed; a gap above them: the list is read again). A new query is a new list that starts at
 * page 1. Keyed under the operation's name (so its invalidations reach it), apart from its single-page
 * answers.
 */
export function useOperationInfiniteQuery<N extends PagedOperationName>(
  name: N,
  query: PagedQuery<N>,
  { pollMs = NEWER_ROWS_POLL_MS }: { pollMs?: number } = {},
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const queryKey = [...queryKeys.of(name, { query } as never), 'pages'] as const;
  const read = (window: LogPageParam & { after?: number }) =>
    callOperation(api, name, { query: { ...query, ...window } } as never) as Promise<
      ResponseOf<N> & CursorLogPage<{ id: number }>
    >;
  const list = useInfiniteQuery({
    queryKey,
    initialPageParam: FIRST_LOG_PAGE,
    queryFn: ({ pageParam }) => read(pageParam),
    getNextPageParam: (last) => nextLogPageParam(last),
  });

  // useWhileVisible calls the latest of this function: it reads this render's query
  const pollNewer = async () => {
    const key = queryKey;
    const state = queryClient.getQueryState(key);
    const shown =
      queryClient.getQueryData<InfiniteData<PolledLogPage<{ id: number }>, LogPageParam>>(key);
    if (!shown || state?.fetchStatus !== 'idle') return;
    const after = logPollAfter(shown.pages);
    if (after === undefined) return void queryClient.refetchQueries({ queryKey: key, exact: true });
    const newer = await read({ ...FIRST_LOG_PAGE, after });
    const current =
      queryClient.getQueryData<InfiniteData<PolledLogPage<{ id: number }>, LogPageParam>>(key);
    const pages = current && withNewerLogRows(current.pages, newer);
    // setQueryData keeps the list's objects where nothing changed (structural sharing): a quiet poll renders nothing
    if (current && pages) queryClient.setQueryData(key, { ...current, pages });
    else void queryClient.resetQueries({ queryKey: key, exact: true });
  };
  useWhileVisible(pollNewer, pollMs, list.isSuccess);
  return list;
}
