import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskSecrets, maskUrl, type LoggedRequest } from './request-log.js';
import type { SandboxRuntime } from './runtime.js';

const entries = new WeakMap<FastifyRequest, LoggedRequest>();

/** Remembers what the sandbox itself decided for a request (a fault or the rate limit), for the log. */
export function markOutcome(request: FastifyRequest, outcome: string): void {
  const entry = entries.get(request);
  if (entry) entry.outcome = outcome;
}

/**
 * Logs every request under a provider's prefix, matched route or not: what arrived (body with secrets
 * masked) and what was answered.
 */
export function addRequestLogging(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.addHook('onRequest', async (request) => {
    const provider = runtime.providerFor(request.url);
    if (!provider) return;
    const entry = runtime.log(provider.name).add({
      at: new Date(runtime.now()).toISOString(),
      method: request.method,
      url: maskUrl(request.url),
      body: undefined,
    });
    entries.set(request, entry);
  });
  app.addHook('preHandler', async (request) => {
    const entry = entries.get(request);
    if (entry && request.body !== undefined) entry.body = maskSecrets(request.body);
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = entries.get(request);
    if (entry) entry.status = reply.statusCode;
  });
}
