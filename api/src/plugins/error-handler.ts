import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared/contract';
import { asHttpError } from '../http/domain-status.js';
import { HttpError } from '../http/http-error.js';
import {
  CrmDisconnected,
  ProviderError,
  ProviderNotConfigured,
} from '../providers/provider-error.js';
import { globalPlugin } from './global-plugin.js';

function statusOf(error: Error): number {
  const status = (error as Partial<FastifyError>).statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * Every error becomes `{ message }` (plus `errors` per field for validation). 4xx messages, the
 * HttpErrors the api raises on purpose and provider failures (a 502) are the client's to read; other
 * 5xx details go to the log only.
 */
/** What the api answers for the adapters' errors: a provider failing (502), a CRM profile to connect again (409), a provider not set up (503). */
function adapterStatus(error: unknown): number | undefined {
  if (error instanceof ProviderError) return 502;
  if (error instanceof CrmDisconnected) return 409;
  if (error instanceof ProviderNotConfigured) return 503;
  return undefined;
}

export function sendError(
  thrown: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // A service's refusal reaching a route that is not a contract route (OAuth callbacks, pages).
  const error = asHttpError(thrown) as FastifyError | HttpError | Error;
  // The adapters' messages are written for the client: they name the provider and what failed.
  const adapterAnswer = adapterStatus(error);
  if (adapterAnswer !== undefined) {
    const details =
      error instanceof ProviderError
        ? { kind: error.kind, status: error.status, retryAfterMs: error.retryAfterMs }
        : {};
    request.log.warn(
      { error: error.name, ...details, message: error.message },
      'provider call failed',
    );
    return reply
      .status(adapterAnswer)
      .type('application/json; charset=utf-8')
      .send({ message: error.message } satisfies ErrorBody);
  }
  const status = statusOf(error);
  if (status >= 500 && !(error instanceof HttpError)) {
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ message: 'Something went wrong' } satisfies ErrorBody);
  }
  if (status >= 500) request.log.warn({ err: error }, 'request failed');
  const body: ErrorBody = { message: error.message || 'Bad request' };
  if (error instanceof HttpError && error.errors) body.errors = error.errors;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export const errorHandlerPlugin = globalPlugin(async (app) => {
  app.setErrorHandler(sendError);
});
