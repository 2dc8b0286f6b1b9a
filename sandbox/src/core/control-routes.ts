import type { FastifyInstance } from 'fastify';
import type { FaultType } from './faults.js';
import type { RateLimitRule } from './rate-limit.js';
import type { SandboxRuntime } from './runtime.js';

interface FaultBody {
  provider: string;
  type: FaultType;
  route?: string;
  count?: number;
  retryAfterSeconds?: number;
  hangMs?: number;
}

interface RateLimitBody {
  provider?: string;
  enabled: boolean;
  rules?: RateLimitRule[];
}

const faultSchema = {
  type: 'object',
  required: ['provider', 'type'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string' },
    type: { type: 'string', enum: ['429', '500', '410', 'hang'] },
    route: { type: 'string' },
    count: { type: 'integer', minimum: 1 },
    retryAfterSeconds: { type: 'integer', minimum: 0 },
    hangMs: { type: 'integer', minimum: 1 },
  },
};

const rateLimitSchema = {
  type: 'object',
  required: ['enabled'],
  additionalProperties: false,
  properties: {
    provider: { type: 'string' },
    enabled: { type: 'boolean' },
    rules: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'max', 'windowMs'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          max: { type: 'integer', minimum: 1 },
          windowMs: { type: 'integer', minimum: 1 },
          appliesTo: { type: 'string' },
          source: { type: 'string' },
        },
      },
    },
  },
};

/**
 * The control API under /_sandbox: reset to the seeded state, inject faults per provider and route, and
 * switch the documented rate limits on or off.
 */
export function registerControlRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  const unknownProvider = (name: string) => ({
    message: `Unknown provider "${name}". Known: ${runtime.providerNames.join(', ')}`,
  });

  app.post<{ Body: { provider?: string } | null }>('/_sandbox/reset', async (request, reply) => {
    const provider = request.body?.provider;
    if (provider !== undefined && !runtime.has(provider))
      return reply.code(400).send(unknownProvider(provider));
    runtime.reset(provider);
    return { reset: provider === undefined ? runtime.providerNames : [provider] };
  });

  app.get<{ Querystring: { provider?: string } }>('/_sandbox/faults', async (request) => ({
    faults: runtime.faults.list(request.query.provider),
  }));

  app.post<{ Body: FaultBody }>(
    '/_sandbox/faults',
    { schema: { body: faultSchema } },
    async (request, reply) => {
      const body = request.body;
      if (!runtime.has(body.provider)) return reply.code(400).send(unknownProvider(body.provider));
      const fault = runtime.faults.add({
        provider: body.provider,
        type: body.type,
        route: body.route,
        count: body.count ?? 1,
        retryAfterSeconds: body.retryAfterSeconds ?? 1,
        hangMs: body.hangMs ?? runtime.config.hangMs,
      });
      return reply.code(201).send({ fault });
    },
  );

  app.delete<{ Querystring: { provider?: string } }>('/_sandbox/faults', async (request, reply) => {
    runtime.faults.clear(request.query.provider);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/_sandbox/faults/:id', async (request, reply) => {
    if (!runtime.faults.remove(request.params.id))
      return reply.code(404).send({ message: `No fault ${request.params.id}` });
    return reply.code(204).send();
  });

  const describeLimits = () =>
    Object.fromEntries(runtime.providerNames.map((name) => [name, runtime.limiter.describe(name)]));

  app.get('/_sandbox/rate-limits', async () => ({ providers: describeLimits() }));

  app.post<{ Body: RateLimitBody }>(
    '/_sandbox/rate-limits',
    { schema: { body: rateLimitSchema } },
    async (request, reply) => {
      const { provider, enabled, rules } = request.body;
      if (provider !== undefined && !runtime.has(provider))
        return reply.code(400).send(unknownProvider(provider));
      if (rules !== undefined && provider === undefined)
        return reply.code(400).send({ message: 'rules need a provider' });
      for (const name of provider === undefined ? runtime.providerNames : [provider]) {
        if (rules !== undefined)
          runtime.limiter.setRules(
            name,
            rules.map((rule) => ({
              ...rule,
              source: rule.source ?? 'set through the control API',
            })),
          );
        runtime.limiter.setEnabled(name, enabled);
      }
      return { providers: describeLimits() };
    },
  );
}
