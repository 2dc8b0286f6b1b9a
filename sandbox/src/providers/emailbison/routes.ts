import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { validationError } from './errors.js';
import { paginate } from './paginate.js';
import { isWebhookTarget } from '../../core/webhook-target.js';
import {
  bisonWebhookEvents,
  laravelTime,
  type BisonWebhook,
  type EmailBisonState,
} from './state.js';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const domainPattern = /^(?!-)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

type Kind = 'email' | 'domain';

const models: Record<
  Kind,
  { path: string; model: string; field: Kind; valid: RegExp; invalid: string }
> = {
  email: {
    path: 'blacklisted-emails',
    model: 'BlacklistedEmail',
    field: 'email',
    valid: emailPattern,
    invalid: 'The email field must be a valid email address.',
  },
  domain: {
    path: 'blacklisted-domains',
    model: 'BlacklistedDomain',
    field: 'domain',
    valid: domainPattern,
    invalid: 'The domain field format is invalid.',
  },
};

/** Blacklisted emails and blacklisted domains: list (15 a page), add (422 on a duplicate), read and remove by id or value. */
function blacklistRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<EmailBisonState>,
  kind: Kind,
): void {
  const { path, model, field, valid, invalid } = models[kind];
  const entries = () =>
    (kind === 'email' ? ctx.state.emails : ctx.state.domains) as unknown as {
      id: number;
      created_at: string;
      updated_at: string;
      [key: string]: unknown;
    }[];
  const find = (key: string) =>
    entries().find(
      (entry) =>
        String(entry.id) === key || String(entry[field]).toLowerCase() === key.toLowerCase(),
    );
  const notFound = (reply: FastifyReply, key: string) =>
    reply.code(404).send({ message: `No query results for model [App\\Models\\${model}] ${key}` });

  app.get<{ Querystring: { page?: string } }>(`/api/${path}`, async (request) =>
    paginate(entries(), request.query.page, `${ctx.baseUrl}/api/${path}`),
  );

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `/api/${path}`,
    async (request, reply) => {
      const raw = request.body?.[field];
      if (raw === undefined || raw === null || raw === '')
        return reply.code(422).send(validationError(field, `The ${field} field is required.`));
      if (typeof raw !== 'string' || !valid.test(raw.trim()))
        return reply.code(422).send(validationError(field, invalid));
      const value = raw.trim().toLowerCase();
      if (find(value))
        return reply.code(422).send(validationError(field, `The ${field} has already been taken.`));
      const state = ctx.state;
      const now = laravelTime(ctx.now());
      const entry = { id: state.nextId++, [field]: value, created_at: now, updated_at: now };
      entries().push(entry);
      return reply.code(201).send({ data: entry });
    },
  );

  app.get<{ Params: { key: string } }>(`/api/${path}/:key`, async (request, reply) => {
    const entry = find(request.params.key);
    return entry ? { data: entry } : notFound(reply, request.params.key);
  });

  app.delete<{ Params: { key: string } }>(`/api/${path}/:key`, async (request, reply) => {
    const entry = find(request.params.key);
    if (!entry) return notFound(reply, request.params.key);
    const list = entries();
    list.splice(list.indexOf(entry), 1);
    return { data: { success: true, message: `The ${kind} was removed from the blacklist.` } };
  });
}

export function emailBisonRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<EmailBisonState>,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match || match[1]!.trim() !== ctx.state.apiKey)
      return reply.code(401).send({ message: 'Unauthenticated.' });
    return undefined;
  });

  // Account details of the token's user: what a key check calls.
  app.get('/api/users', async () => ({ data: ctx.state.user }));

  blacklistRoutes(app, ctx, 'email');
  blacklistRoutes(app, ctx, 'domain');

  // POST /api/webhook-url {name, url, events: [...]}: 201 {data: webhook}; Laravel 422s otherwise.
  app.post<{ Body: Record<string, unknown> | undefined }>(
    '/api/webhook-url',
    async (request, reply) => {
      const body = request.body ?? {};
      if (typeof body.name !== 'string' || body.name.trim() === '')
        return reply.code(422).send(validationError('name', 'The name field is required.'));
      if (!isWebhookTarget(body.url))
        return reply.code(422).send(validationError('url', 'The url field must be a valid URL.'));
      const events = body.events;
      if (!Array.isArray(events) || events.length === 0)
        return reply.code(422).send(validationError('events', 'The events field is required.'));
      const unknown = events.find(
        (event) => typeof event !== 'string' || !bisonWebhookEvents.includes(event),
      );
      if (unknown !== undefined)
        return reply.code(422).send(validationError('events', 'The selected events is invalid.'));
      const now = laravelTime(ctx.now());
      const webhook: BisonWebhook = {
        id: ctx.state.nextWebhookId++,
        name: body.name.trim(),
        url: body.url,
        events: events as string[],
        created_at: now,
        updated_at: now,
      };
      ctx.state.webhooks.push(webhook);
      return reply.code(201).send({ data: webhook });
    },
  );

  app.get('/api/webhook-url', async () => ({ data: ctx.state.webhooks }));
}
