import type { z } from 'zod';

/**
 * Reads a JSON text column with a schema. Rows are written by the api and by the webhook receiver;
 * a value that does not parse (or does not fit) reads as the fallback rather than failing a listing.
 */
export function readJson<S extends z.ZodType>(
  text: string | null | undefined,
  schema: S,
  fallback: z.output<S>,
): z.output<S> {
  if (text === null || text === undefined || text === '') return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export const writeJson = (value: unknown): string => JSON.stringify(value);
