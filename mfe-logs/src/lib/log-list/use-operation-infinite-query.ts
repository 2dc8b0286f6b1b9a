import { useInfiniteQuery } from '@tanstack/react-query';
import { callOperation, queryKeys, useApiClient, type QueryOperationName } from 'shared/client';
import type { QueryOf, ResponseOf } from 'shared/contract';
import { nextLogPage } from 'shared/rules/logs';

/** The operations answered page by page: a `page` in the query, spec §3's paginated shape in the answer. */
export type PagedOperationName = {
  [N in QueryOperationName]: QueryOf<N> extends { page?: unknown } ? (ResponseOf<N> extends { page: number; limit: number; totalItems: number; data: unknown[] } ? N : never) : never;
}[QueryOperationName];

/** A paged operation's query without its page: what the infinite list is keyed and filtered by. */
export type PagedQuery<N extends PagedOperationName> = Omit<NonNullable<QueryOf<N>>, 'page'>;

/**
 * Reads a paged operation page after page (spec §4 "Infinite-scroll tables"): page 1 first, then the
 * next while totalItems / limit exceeds the pages loaded. A new query is a new list that starts at page 1.
 * Keyed under the operation's name (so its invalidations reach it), apart from its single-page answers.
 */
export function useOperationInfiniteQuery<N extends PagedOperationName>(name: N, query: PagedQuery<N>) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...queryKeys.of(name, { query } as never), 'pages'] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => callOperation(api, name, { query: { ...query, page: pageParam } } as never) as Promise<ResponseOf<N>>,
    getNextPageParam: (last: ResponseOf<N>, pages: ResponseOf<N>[]) => nextLogPage(last as { page: number; limit: number; totalItems: number }, pages.length),
  });
}
