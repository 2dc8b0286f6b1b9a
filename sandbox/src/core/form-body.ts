import type { FastifyInstance } from 'fastify';

/**
 * Parses application/x-www-form-urlencoded bodies (OAuth token requests, consent forms) into a plain
 * object of strings; a repeated key keeps its last value.
 */
export function addFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const result: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) result[key] = value;
      done(null, result);
    },
  );
}
