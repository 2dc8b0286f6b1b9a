import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { instantlyError } from './errors.js';
import { isWebhookTarget } from '../../core/webhook-target.js';
import {
  blockEntry,
  instantlyWebhookEvents,
  type InstantlyBlockEntry,
  type InstantlyState,
  type InstantlyWebhook,
} from './state.js';

/** An address or a domain with Latin letters only: Instantly does not take non-Latin characters. */
const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const domainPattern = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function isBlockableValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    (emailPattern.test(value.trim()) || domainPattern.test(value.trim()))
  );
}

function page<T extends { id: string }>(
  items: T[],
  limitRaw: string | undefined,
  startingAfter: string | undefined,
) {
  const limit = limitRaw === undefined ? 100 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return { error: 'querystring/limit must be >= 1 and <= 100' } as const;
  // The cursor is the last id of the previous page; ids are time-ordered, so an unknown cursor resumes after it.
  const at =
    startingAfter === undefined ? -1 : items.findIndex((item) => item.id === startingAfter);
  const later =
    startingAfter === undefined ? 0 : items.findIndex((item) => item.id > startingAfter);
  const from = at !== -1 ? at + 1 : later === -1 ? items.length : later;
  const slice = items.slice(from, from + limit);
  const more = from + limit < items.length;
  return {
    items: slice,
    ...(more && slice.length > 0 ? { next_starting_after: slice[slice.length - 1]!.id } : {}),
  };
}

export function instantlyRoutes(app: FastifyInstance, ctx: ProviderContext<InstantlyState>): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined)
      return reply
        .code(401)
        .send(instantlyError(401, 'Unauthorized', 'Missing Authorization header'));
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match)
      return reply
        .code(401)
        .send(instantlyError(401, 'Unauthorized', 'Invalid authorization header'));
    if (match[1]!.trim() !== ctx.state.apiKey)
      return reply.code(401).send(instantlyError(401, 'Unauthorized', 'Invalid API key'));
    return undefined;
  });

  app.get('/api/v2/workspaces/current', async () => ctx.state.workspace);

  app.get<{
    Querystring: {
      limit?: string;
      starting_after?: string;
      search?: string;
      interest_status?: string;
    };
  }>('/api/v2/lead-labels', async (request, reply) => {
    const { search, interest_status: interest } = request.query;
    const labels = ctx.state.leadLabels.filter(
      (label) =>
        (search === undefined || label.label.toLowerCase().includes(search.toLowerCase())) &&
        (interest === undefined || label.interest_status_label === interest),
    );
    const result = page(labels, request.query.limit, request.query.starting_after);
    if ('error' in result)
      return reply.code(400).send(instantlyError(400, 'Bad Request', result.error!));
    return result;
  });

  app.get<{ Params: { id: string } }>('/api/v2/lead-labels/:id', async (request, reply) => {
    const label = ctx.state.leadLabels.find((candidate) => candidate.id === request.params.id);
    return label ?? reply.code(404).send(instantlyError(404, 'Not Found', 'Resource not found'));
  });

  // Single entry. An existing value answers with the entry already there (idempotent; not documented).
  app.post<{ Body: { bl_value?: unknown } | undefined }>(
    '/api/v2/block-lists-entries',
    async (request, reply) => {
      const value = request.body?.bl_value;
      if (value === undefined)
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', "body must have required property 'bl_value'"));
      if (!isBlockableValue(value))
        return reply
          .code(400)
          .send(
            instantlyError(400, 'Bad Request', 'body/bl_value must be a valid email or domain'),
          );
      const state = ctx.state;
      const normalized = value.trim().toLowerCase();
      const existing = state.blockList.find((entry) => entry.bl_value === normalized);
      if (existing) return existing;
      const entry = blockEntry(state, normalized, ctx.now());
      state.blockList.push(entry);
      return entry;
    },
  );

  // 1 to 1000 values; invalid ones are counted, not created; values already blocked count as valid.
  app.post<{ Body: { bl_values?: unknown } | undefined }>(
    '/api/v2/block-lists-entries/bulk-create',
    async (request, reply) => {
      const values = request.body?.bl_values;
      if (values === undefined)
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', "body must have required property 'bl_values'"));
      if (!Array.isArray(values))
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', 'body/bl_values must be array'));
      if (values.length < 1)
        return reply
          .code(400)
          .send(
            instantlyError(400, 'Bad Request', 'body/bl_values must NOT have fewer than 1 items'),
          );
      if (values.length > 1000)
        return reply
          .code(400)
          .send(
            instantlyError(400, 'Bad Request', 'body/bl_values must NOT have more than 1000 items'),
          );
      const state = ctx.state;
      const items: InstantlyBlockEntry[] = [];
      let valid = 0;
      let invalid = 0;
      // the values already blocked, once a call (a block list of 10,000 entries is matched in linear time)
      const blocked = new Set(state.blockList.map((entry) => entry.bl_value));
      for (const value of values) {
        if (!isBlockableValue(value)) {
          invalid += 1;
          continue;
        }
        valid += 1;
        const normalized = value.trim().toLowerCase();
        if (blocked.has(normalized)) continue;
        const entry = blockEntry(state, normalized, ctx.now());
        blocked.add(normalized);
        state.blockList.push(entry);
        items.push(entry);
      }
      return { items, valid_count: valid, invalid_count: invalid };
    },
  );

  // 1 to 1000 entry ids; answers the entries deleted (ids not in the list are skipped).
  app.post<{ Body: { ids?: unknown } | undefined }>(
    '/api/v2/block-lists-entries/bulk-delete',
    async (request, reply) => {
      const ids = request.body?.ids;
      if (ids === undefined)
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', "body must have required property 'ids'"));
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', 'body/ids must be array of strings'));
      if (ids.length < 1)
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', 'body/ids must NOT have fewer than 1 items'));
      if (ids.length > 1000)
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', 'body/ids must NOT have more than 1000 items'));
      const state = ctx.state;
      const wanted = new Set(ids);
      const deleted = state.blockList.filter((entry) => wanted.has(entry.id));
      state.blockList = state.blockList.filter((entry) => !wanted.has(entry.id));
      return deleted;
    },
  );

  app.get<{
    Querystring: {
      limit?: string;
      starting_after?: string;
      domains_only?: string;
      search?: string;
    };
  }>('/api/v2/block-lists-entries', async (request, reply) => {
    const { domains_only: domainsOnly, search } = request.query;
    const entries = ctx.state.blockList.filter(
      (entry) =>
        (domainsOnly !== 'true' || entry.is_domain) &&
        (search === undefined || entry.bl_value.includes(search.toLowerCase())),
    );
    const result = page(entries, request.query.limit, request.query.starting_after);
    if ('error' in result)
      return reply.code(400).send(instantlyError(400, 'Bad Request', result.error!));
    return result;
  });

  app.get<{ Params: { id: string } }>('/api/v2/block-lists-entries/:id', async (request, reply) => {
    const entry = ctx.state.blockList.find((candidate) => candidate.id === request.params.id);
    return entry ?? reply.code(404).send(instantlyError(404, 'Not Found', 'Resource not found'));
  });

  app.delete<{ Params: { id: string } }>(
    '/api/v2/block-lists-entries/:id',
    async (request, reply) => {
      const state = ctx.state;
      const entry = state.blockList.find((candidate) => candidate.id === request.params.id);
      if (!entry)
        return reply.code(404).send(instantlyError(404, 'Not Found', 'Resource not found'));
      state.blockList = state.blockList.filter((candidate) => candidate !== entry);
      return entry;
    },
  );

  // POST /webhooks {target_hook_url, event_type?, name?, campaign?, headers?, custom_interest_value?}
  app.post<{ Body: Record<string, unknown> | undefined }>(
    '/api/v2/webhooks',
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.target_hook_url === undefined)
        return reply
          .code(400)
          .send(
            instantlyError(
              400,
              'Bad Request',
              "body must have required property 'target_hook_url'",
            ),
          );
      if (!isWebhookTarget(body.target_hook_url))
        return reply
          .code(400)
          .send(instantlyError(400, 'Bad Request', 'body/target_hook_url must match format "uri"'));
      const eventType = body.event_type ?? null;
      if (
        eventType !== null &&
        (typeof eventType !== 'string' || !instantlyWebhookEvents.includes(eventType))
      ) {
        return reply
          .code(400)
          .send(
            instantlyError(
              400,
              'Bad Request',
              'body/event_type must be equal to one of the allowed values',
            ),
          );
      }
      const now = ctx.now();
      const webhook: InstantlyWebhook = {
        id: ctx.state.newId(now),
        organization: ctx.state.workspace.id,
        campaign: typeof body.campaign === 'string' ? body.campaign : null,
        name: typeof body.name === 'string' ? body.name : null,
        target_hook_url: body.target_hook_url,
        event_type: eventType,
        custom_interest_value:
          typeof body.custom_interest_value === 'number' ? body.custom_interest_value : null,
        headers:
          body.headers && typeof body.headers === 'object'
            ? (body.headers as Record<string, string>)
            : null,
        timestamp_created: new Date(now).toISOString(),
        status: 1,
      };
      ctx.state.webhooks.push(webhook);
      return webhook;
    },
  );

  app.get('/api/v2/webhooks', async () => ({ items: ctx.state.webhooks }));
}
