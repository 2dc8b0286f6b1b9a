import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared/contract';
import { HttpError } from '../http/http-error.js';
import { ProviderError } from '../providers/provider-error.js';
import { globalPlugin } from './global-plugin.js';

function statusOf(error: FastifyError | HttpError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * Every error becomes `{ message }` (plus `errors` per field for validation). 4xx messages, the
 * HttpErrors the api raises on purpose and provider failures (a 502) are the client's to read; other
 * 5xx details go to the log only.
 */
export function sendError(error: FastifyError | HttpError | ProviderError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // A provider failure is the api's 502: its message names the provider and what failed.
  if (error instanceof ProviderError) {
    request.log.warn({ provider: error.provider, kind: error.kind, status: error.status, retryAfterMs: error.retryAfterMs, message: error.message }, 'provider call failed');
    return reply.status(502).type('application/json; charset=utf-8').send({ message: error.message } satisfies ErrorBody);
  }
  const status = statusOf(error);
  if (status >= 500 && !(error instanceof HttpError)) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).type('application/json; charset=utf-8').send({ message: 'Something went wrong' } satisfies ErrorBody);
  }
  if (status >= 500) request.log.warn({ err: error }, 'request failed');
  const body: ErrorBody = { message: error.message || 'Bad request' };
  if (error instanceof HttpError && error.errors) body.errors = error.errors;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler(sendError);
});
