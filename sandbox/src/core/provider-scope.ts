import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AnyProvider, ErrorAnswer } from './provider.js';
import { markOutcome } from './request-logging.js';
import type { SandboxRuntime } from './runtime.js';

function send(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.body === undefined) return reply.send();
  return typeof answer.body === 'string'
    ? reply.type('text/plain; charset=utf-8').send(answer.body)
    : reply.send(answer.body);
}

/** The path after the provider's prefix, without the query: what faults and rate-limit rules match on. */
export function relativePath(url: string, prefix: string): string {
  const path = url.split('?')[0] ?? '';
  return path.slice(prefix.length) || '/';
}

/**
 * Registers one provider's routes under its prefix, behind the sandbox's own gate: an injected fault
 * (429 with Retry-After, 500, 410, or a hang that ends in 504) or, with the switch on, a documented rate limit
 * answers before the route does.
 */
export function registerProvider(
  app: FastifyInstance,
  runtime: SandboxRuntime,
  definition: AnyProvider,
): void {
  app.register(
    async (scope) => {
      scope.addHook('preHandler', async (request, reply) => {
        const path = relativePath(request.url, definition.prefix);
        const fault = runtime.faults.take(definition.name, request.method, path);
        if (fault) {
          markOutcome(request, `fault:${fault.type}`);
          if (fault.type === '429') {
            const answer = definition.errors.tooManyRequests(fault.retryAfterSeconds);
            return send(reply, {
              ...answer,
              headers: { ...answer.headers, 'retry-after': String(fault.retryAfterSeconds) },
            });
          }
          if (fault.type === '500') return send(reply, definition.errors.serverError());
          if (fault.type === '410')
            return send(
              reply,
              definition.errors.gone?.() ?? { status: 410, body: { message: 'Gone' } },
            );
          await runtime.hang(fault.hangMs);
          return send(reply, definition.errors.gatewayTimeout());
        }
        const verdict = runtime.limiter.check(definition.name, path);
        if (verdict.limited) {
          markOutcome(request, 'rate-limited');
          const answer =
            definition.errors.rateLimited?.(verdict) ??
            definition.errors.tooManyRequests(verdict.retryAfterSeconds);
          return send(reply, {
            ...answer,
            headers: { 'retry-after': String(verdict.retryAfterSeconds), ...answer.headers },
          });
        }
        return undefined;
      });
      definition.routes(scope, runtime.context(definition.name));
    },
    { prefix: definition.prefix },
  );
}
