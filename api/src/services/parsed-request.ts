import type { OperationName, Operations } from 'shared/contract';
import type { z } from 'zod';

type Parsed<N extends OperationName, K extends string> =
  Operations[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : never;

/** An operation's query as contractRoute hands it on: parsed, defaults applied. */
export type ParsedQuery<N extends OperationName> = Parsed<N, 'query'>;
/** An operation's body as contractRoute hands it on: parsed, defaults applied. */
export type ParsedBody<N extends OperationName> = Parsed<N, 'body'>;
