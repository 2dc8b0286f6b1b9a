import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { OperationName, ResponseOf } from '../contract/index.js';
import { useApiClient } from './api-client-context.js';
import type { ApiClient, CallInput, NeedsInput } from './create-api-client.js';
import { queryKeys, type OperationQueryKey, type QueryOperationName } from './query-keys.js';

/** What a mutation of the operation is called with: its params, body and query (nothing for a call without them). */
export type OperationVariables<N extends OperationName> =
  NeedsInput<N> extends true ? CallInput<N> : CallInput<N> | void;

/** One call of the contract, with the input its operation takes. */
export function callOperation<N extends OperationName>(
  api: ApiClient,
  name: N,
  input?: CallInput<N> | void,
): Promise<ResponseOf<N>> {
  // ApiClient.call spreads its input by the operation; for a generic N the input is passed as it came.
  const call = api.call as (name: N, input?: CallInput<N>) => Promise<ResponseOf<N>>;
  return input ? call(name, input) : call(name);
}

export type OperationQueryOptions<N extends QueryOperationName> = Omit<
  UseQueryOptions<ResponseOf<N>, Error, ResponseOf<N>, OperationQueryKey<N>>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<N extends QueryOperationName> =
  NeedsInput<N> extends true
    ? [input: CallInput<N>, options?: OperationQueryOptions<N>]
    : [input?: CallInput<N>, options?: OperationQueryOptions<N>];

/** The query of one call, keyed by the factory: for useQuery, prefetching or fetchQuery. */
export function operationQueryOptions<N extends QueryOperationName>(
  api: ApiClient,
  name: N,
  input?: CallInput<N>,
  options?: OperationQueryOptions<N>,
) {
  return queryOptions<ResponseOf<N>, Error, ResponseOf<N>, OperationQueryKey<N>>({
    ...options,
    queryKey: queryKeys.of(name, input),
    queryFn: () => callOperation(api, name, input),
  });
}

/** Reads one call of the contract: `useOperationQuery('listApiKeys')`, `useOperationQuery('listLeadCategories', { params: { id } }, { staleTime: 0 })`. */
export function useOperationQuery<N extends QueryOperationName>(name: N, ...args: QueryArgs<N>) {
  const api = useApiClient();
  const [input, options] = args as [CallInput<N> | undefined, OperationQueryOptions<N> | undefined];
  return useQuery(operationQueryOptions(api, name, input, options));
}

/**
 * How a mutation's answer changes the cached answers of a query operation: `apply` is a pure updater
 * (cached answer, the mutation's answer, its variables) → new answer. With `input` only that one
 * cached answer changes; without it every cached answer of the operation does.
 */
export type CacheUpdate<N extends OperationName> = {
  [Q in QueryOperationName]: {
    query: Q;
    input?:
      CallInput<Q> | ((variables: OperationVariables<N>, answer: ResponseOf<N>) => CallInput<Q>);
    apply: (
      cached: ResponseOf<Q>,
      answer: ResponseOf<N>,
      variables: OperationVariables<N>,
    ) => ResponseOf<Q>;
  };
}[QueryOperationName];

interface LooseCacheUpdate {
  query: QueryOperationName;
  input?: unknown;
  apply: (cached: unknown, answer: unknown, variables: unknown) => unknown;
}

/** Writes a mutation's answer into the cache as its updates say (nothing where no answer is cached yet). */
export function applyCacheUpdates<N extends OperationName>(
  queryClient: QueryClient,
  updates: readonly CacheUpdate<N>[],
  answer: ResponseOf<N>,
  variables: OperationVariables<N>,
): void {
  for (const update of updates as readonly LooseCacheUpdate[]) {
    const write = (cached: unknown) =>
      cached === undefined ? cached : update.apply(cached, answer, variables);
    if (update.input === undefined) {
      queryClient.setQueriesData({ queryKey: queryKeys.all(update.query) }, write);
    } else {
      const input =
        typeof update.input === 'function'
          ? (update.input as (variables: unknown, answer: unknown) => unknown)(variables, answer)
          : update.input;
      queryClient.setQueryData(queryKeys.of(update.query, input as never), write);
    }
  }
}

export interface OperationMutationOptions<N extends OperationName> extends Omit<
  UseMutationOptions<ResponseOf<N>, Error, OperationVariables<N>>,
  'mutationFn'
> {
  /** Cached answers the mutation's answer changes (see CacheUpdate). */
  update?: readonly CacheUpdate<N>[];
  /** Operations whose every cached answer is read again after a success. */
  invalidates?: readonly QueryOperationName[];
}

/**
 * Calls one operation of the contract; on success its `update`s are written into the cache and its
 * `invalidates` read again, before the caller's own onSuccess runs.
 */
export function useOperationMutation<N extends OperationName>(
  name: N,
  { update = [], invalidates = [], onSuccess, ...options }: OperationMutationOptions<N> = {},
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<N>, Error, OperationVariables<N>>({
    ...options,
    mutationFn: (variables) => callOperation(api, name, variables),
    onSuccess: (...args) => {
      const [answer, variables] = args;
      applyCacheUpdates(queryClient, update, answer, variables);
      for (const query of invalidates)
        void queryClient.invalidateQueries({ queryKey: queryKeys.all(query) });
      return onSuccess?.(...args);
    },
  });
}
