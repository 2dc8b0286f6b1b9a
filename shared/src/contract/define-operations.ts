import type { z } from 'zod';

/** One call of the REST contract. Path parameters are written {name}. */
export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** 'text' for the few calls that answer plain text (the default is JSON). */
  responseType?: 'json' | 'text';
}

/** Keeps each group's operations literally typed; every group's file ends with one of these. */
export const defineOperations = <const T extends Record<string, OperationSpec>>(operations: T): T =>
  operations;
