import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { invalidApiKey } from './errors.js';
import { isWebhookTarget } from '../../core/webhook-target.js';
import {
  smartleadWebhookEvents,
  type SmartleadBlockEntry,
  type SmartleadState,
  type SmartleadWebhook,
} from './state.js';

type Request = FastifyRequest<{
  Querystring: Record<string, string | undefined>;
  Body: Record<string, unknown> | undefined;
}>;

/** Smartlead takes the key as ?api_key=, or in the JSON body of a POST. */
function apiKeyOf(request: Request): string | undefined {
  const fromBody =
    request.body && typeof request.body === 'object' ? request.body.api_key : undefined;
  return request.query.api_key ?? (typeof fromBody === 'string' ? fromBody : undefined);
}

function integer(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) ? parsed : undefined;
}

export function smartleadRoutes(app: FastifyInstance, ctx: ProviderContext<SmartleadState>): void {
  app.addHook('preHandler', async (request, reply) => {
    if (apiKeyOf(request as Request) !== ctx.state.apiKey)
      return reply.code(401).send(invalidApiKey);
    return undefined;
  });

  // GET /client/ → every client of the account (docs: "Fetch All Clients").
  app.get('/api/v1/client', async () => ctx.state.clients);

  // GET /leads/fetch-categories → global and user categories, sorted by id.
  app.get('/api/v1/leads/fetch-categories', async () =>
    [...ctx.state.leadCategories].sort((a, b) => a.id - b.id),
  );

  // POST /leads/add-domain-block-list {domain_block_list: [emails or domains], client_id?}
  app.post('/api/v1/leads/add-domain-block-list', async (request: Request, reply) => {
    const body = request.body ?? {};
    const list = body.domain_block_list;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((value) => typeof value === 'string' && value.trim() !== '')
    ) {
      return reply.code(422).send({ error: 'domain_block_list must be an array' });
    }
    const clientId = body.client_id ?? null;
    if (clientId !== null && !ctx.state.clients.some((client) => client.id === Number(clientId))) {
      return reply.code(404).send({ error: 'Client not found' });
    }
    const state = ctx.state;
    let added = 0;
    for (const raw of list as string[]) {
      const value = raw.trim().toLowerCase();
      const client = clientId === null ? null : Number(clientId);
      if (
        state.blockList.some(
          (entry) => entry.email_or_domain === value && entry.client_id === client,
        )
      )
        continue;
      state.blockList.push({
        id: state.nextBlockId++,
        email_or_domain: value,
        created_at: new Date(ctx.now()).toISOString(),
        source: 'API',
        client_id: client,
      });
      added += 1;
    }
    return { success: true, message: `${added} entries added to block list` };
  });

  // GET /leads/get-domain-block-list?offset=0&limit=100 (max 1000) and filters.
  app.get('/api/v1/leads/get-domain-block-list', async (request: Request, reply) => {
    const offset = integer(request.query.offset, 0);
    const limit = integer(request.query.limit, 100);
    if (offset === undefined || offset < 0)
      return reply.code(422).send({ error: 'Offset must be a non-negative integer' });
    if (limit === undefined || limit < 1 || limit > 1000)
      return reply.code(422).send({ error: 'Limit must be between 1 and 1000' });
    const {
      filter_client_id: clientId,
      filter_email_or_domain: search,
      filter_email_with_domain: domain,
    } = request.query;
    const matches = (entry: SmartleadBlockEntry) =>
      (clientId === undefined || String(entry.client_id) === clientId) &&
      (search === undefined || entry.email_or_domain.includes(search.toLowerCase())) &&
      (domain === undefined ||
        (entry.email_or_domain.includes('@') &&
          entry.email_or_domain.endsWith(`@${domain.toLowerCase()}`)));
    return ctx.state.blockList.filter(matches).slice(offset, offset + limit);
  });

  // DELETE /leads/delete-domain-block-list/:block_list_id
  app.delete<{ Params: { id: string } }>(
    '/api/v1/leads/delete-domain-block-list/:id',
    async (request, reply) => {
      const state = ctx.state;
      const index = state.blockList.findIndex((entry) => String(entry.id) === request.params.id);
      if (index === -1) return reply.code(404).send({ error: 'Block list entry not found' });
      state.blockList.splice(index, 1);
      return { success: true, message: 'Entry deleted successfully' };
    },
  );

  // POST /webhook/create {name, webhook_url, association_type: user|client|campaign, client_id?, email_campaign_id?, event_type_map}
  app.post('/api/v1/webhook/create', async (request: Request, reply) => {
    const body = request.body ?? {};
    const associationType = body.association_type ?? 'user';
    if (typeof body.name !== 'string' || body.name.trim() === '')
      return reply.code(400).send({ error: 'name is required' });
    if (!isWebhookTarget(body.webhook_url))
      return reply.code(400).send({ error: 'webhook_url must be a valid URL' });
    if (
      associationType !== 'user' &&
      associationType !== 'client' &&
      associationType !== 'campaign'
    )
      return reply
        .code(400)
        .send({ error: 'association_type must be one of user, client, campaign' });
    const map = body.event_type_map;
    if (!map || typeof map !== 'object' || Array.isArray(map))
      return reply.code(400).send({ error: 'event_type_map is required' });
    const entries = Object.entries(map as Record<string, unknown>);
    const unknown = entries.find(([event]) => !smartleadWebhookEvents.includes(event));
    if (unknown) return reply.code(400).send({ error: `Unknown event type ${unknown[0]}` });
    if (!entries.some(([, on]) => on === true))
      return reply.code(400).send({ error: 'Select at least one event type' });
    const clientId = associationType === 'client' ? Number(body.client_id) : null;
    if (clientId !== null && !ctx.state.clients.some((client) => client.id === clientId))
      return reply.code(404).send({ error: 'Client not found' });
    const webhook: SmartleadWebhook = {
      id: ctx.state.nextWebhookId++,
      name: body.name.trim(),
      webhook_url: body.webhook_url,
      association_type: associationType,
      client_id: clientId,
      email_campaign_id: associationType === 'campaign' ? Number(body.email_campaign_id) : null,
      event_type_map: Object.fromEntries(entries.map(([event, on]) => [event, on === true])),
      created_at: new Date(ctx.now()).toISOString(),
    };
    ctx.state.webhooks.push(webhook);
    return webhook;
  });

  // GET /webhook → the account's webhooks
  app.get('/api/v1/webhook', async () => ctx.state.webhooks);
}
