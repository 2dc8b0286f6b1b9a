import type { OperationName, Operations } from '../contract/index.js';
import type { CallInput } from './create-api-client.js';

/** The operations a screen reads with a query: the contract's GET calls. */
export type QueryOperationName = {
  [N in OperationName]: Operations[N]['method'] extends 'GET' ? N : never;
}[OperationName];

/** The params and query of one call: what tells one cached answer of an operation from another. */
export type QueryKeyInput = { params?: Record<string, unknown>; query?: Record<string, unknown> };

export type OperationQueryKey<N extends OperationName> = readonly [N] | readonly [N, QueryKeyInput];

const isBlank = (value: Record<string, unknown> | undefined): boolean =>
  value === undefined || Object.values(value).every((entry) => entry === undefined);

/**
 * The one query-key factory of every remote: keys are the contract's operation names, so all remotes
 * agree on them in the shell's one QueryClient. `of` names one call's answer (the operation and its
 * params and query; a call without them is the operation alone); `all` names every answer of an
 * operation, whatever its input, for invalidations and cache updates.
 */
export const queryKeys = {
  all: <N extends OperationName>(name: N): readonly [N] => [name],
  of: <N extends OperationName>(name: N, input?: CallInput<N>): OperationQueryKey<N> => {
    const { params, query } = (input ?? {}) as QueryKeyInput;
    const keyed: QueryKeyInput = {};
    if (!isBlank(params)) keyed.params = params;
    if (!isBlank(query)) keyed.query = query;
    return Object.keys(keyed).length === 0 ? [name] : [name, keyed];
  },
};
