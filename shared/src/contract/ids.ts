import { z } from 'zod';

/** Ids are 32-bit integers on SQLite and PostgreSQL alike: a larger one is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or a query string (text, coerced to a number). */
export const recordId = z.coerce.number().int().positive().max(MAX_ID);

/** The `{id}` path parameter. */
export const recordIdParams = z.object({ id: recordId });
