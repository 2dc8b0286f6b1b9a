import type { z } from 'zod';
import { badRequest, type HttpError } from './http-error.js';

const describePath = (path: readonly PropertyKey[]): string =>
  path.map((part) => String(part)).join('.');

function describeIssue(issue: z.core.$ZodIssue): { field: string; text: string }[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      field: describePath([...issue.path, key]),
      text: 'Unknown field',
    }));
  }
  return [{ field: describePath(issue.path), text: issue.message }];
}

/**
 * A 400 for a request part (body, path parameters, query) that fails its schema. The message names
 * the first bad field; `errors` has one entry per field.
 */
export function validationError(part: string, error: z.ZodError): HttpError {
  const problems = error.issues.flatMap(describeIssue);
  const errors: Record<string, string> = {};
  for (const { field, text } of problems) errors[field || part] ??= text;
  const first = problems[0];
  if (!first) return badRequest(`Invalid ${part}`);
  const message = first.field
    ? `Invalid ${part}: ${first.field}: ${first.text}`
    : `Invalid ${part}: ${first.text}`;
  return badRequest(message, errors);
}
