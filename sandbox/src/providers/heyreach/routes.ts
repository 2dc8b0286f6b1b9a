import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { heyReachError } from './errors.js';
import { isWebhookTarget } from '../../core/webhook-target.js';
import {
  heyReachWebhookEvents,
  normalizeProfileUrl,
  presentList,
  type HeyReachLead,
  type HeyReachListType,
  type HeyReachState,
  type HeyReachWebhook,
} from './state.js';

const linkedInProfile =
  /^https?:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\/(in|sales\/lead|sales\/people)\/[^/?#\s]+\/?$/i;
const listTypes: HeyReachListType[] = ['USER_LIST', 'COMPANY_LIST'];

type Body = Record<string, unknown> | undefined;

function paging(
  body: Body,
  maxLimit: number,
): { offset: number; limit: number } | { error: string } {
  const offset = body?.offset ?? 0;
  const limit = body?.limit ?? 10;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    return { error: 'Offset must be a non-negative integer.' };
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    return { error: `Limit must be between 1 and ${maxLimit}.` };
  return { offset, limit };
}

export function heyReachRoutes(app: FastifyInstance, ctx: ProviderContext<HeyReachState>): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.headers['x-api-key'] !== ctx.state.apiKey)
      return reply.code(401).send(heyReachError('Invalid API key.'));
    return undefined;
  });

  const findList = (id: unknown) => ctx.state.lists.find((list) => list.id === Number(id));

  // 200 with no body when the key is valid.
  app.get('/api/public/auth/CheckApiKey', async (_request, reply) => reply.code(200).send());

  app.post<{ Body: Body }>('/api/public/list/GetAll', async (request, reply) => {
    const page = paging(request.body, 100);
    if ('error' in page) return reply.code(400).send(heyReachError(page.error));
    const keyword =
      typeof request.body?.keyword === 'string' ? request.body.keyword.toLowerCase() : undefined;
    const listType = request.body?.listType;
    const lists = ctx.state.lists.filter(
      (list) =>
        (keyword === undefined || list.name.toLowerCase().includes(keyword)) &&
        (listType === undefined || listType === null || list.listType === listType),
    );
    return {
      totalCount: lists.length,
      items: lists.slice(page.offset, page.offset + page.limit).map(presentList),
    };
  });

  app.get<{ Querystring: { listId?: string } }>(
    '/api/public/list/GetById',
    async (request, reply) => {
      const list = findList(request.query.listId);
      return list
        ? presentList(list)
        : reply.code(404).send(heyReachError(`List ${request.query.listId ?? ''} was not found.`));
    },
  );

  app.post<{ Body: Body }>('/api/public/list/CreateEmptyList', async (request, reply) => {
    const name = request.body?.name;
    const type = request.body?.type ?? request.body?.listType ?? 'USER_LIST';
    if (typeof name !== 'string' || name.trim() === '')
      return reply.code(400).send(heyReachError('The Name field is required.'));
    if (!listTypes.includes(type as HeyReachListType))
      return reply.code(400).send(heyReachError('Type must be USER_LIST or COMPANY_LIST.'));
    const state = ctx.state;
    const list = {
      id: state.nextListId++,
      name: name.trim(),
      listType: type as HeyReachListType,
      creationTime: new Date(ctx.now()).toISOString(),
      campaignIds: [],
      leads: [],
    };
    state.lists.push(list);
    return presentList(list);
  });

  // At most 100 leads a call; a lead already in the list is updated, one without a LinkedIn profile URL fails.
  app.post<{ Body: Body }>('/api/public/list/AddLeadsToListV2', async (request, reply) => {
    const list = findList(request.body?.listId);
    const leads = request.body?.leads;
    if (!list)
      return reply
        .code(404)
        .send(heyReachError(`List ${String(request.body?.listId ?? '')} was not found.`));
    if (list.listType !== 'USER_LIST')
      return reply.code(400).send(heyReachError('Leads can only be added to a USER_LIST.'));
    if (!Array.isArray(leads) || leads.length === 0)
      return reply.code(400).send(heyReachError('The Leads field is required.'));
    if (leads.length > 100)
      return reply.code(400).send(heyReachError('You can add at most 100 leads per request.'));
    const counts = { addedLeadsCount: 0, updatedLeadsCount: 0, failedLeadsCount: 0 };
    // the list's leads by profile URL, once a call (a list of 10,000 leads is matched in linear time)
    const byUrl = new Map(
      list.leads.map((existing, position) => [normalizeProfileUrl(existing.profileUrl), position]),
    );
    for (const raw of leads as Partial<HeyReachLead>[]) {
      if (
        !raw ||
        typeof raw.profileUrl !== 'string' ||
        !linkedInProfile.test(raw.profileUrl.trim())
      ) {
        counts.failedLeadsCount += 1;
        continue;
      }
      const key = normalizeProfileUrl(raw.profileUrl);
      const lead: HeyReachLead = {
        ...raw,
        profileUrl: raw.profileUrl.trim(),
        firstName: raw.firstName ?? null,
        lastName: raw.lastName ?? null,
        addedAt: new Date(ctx.now()).toISOString(),
      };
      const index = byUrl.get(key) ?? -1;
      if (index === -1) {
        byUrl.set(key, list.leads.length);
        list.leads.push(lead);
        counts.addedLeadsCount += 1;
      } else {
        list.leads[index] = { ...list.leads[index], ...lead, addedAt: list.leads[index]!.addedAt };
        counts.updatedLeadsCount += 1;
      }
    }
    return counts;
  });

  app.post<{ Body: Body }>('/api/public/list/GetLeadsFromList', async (request, reply) => {
    const list = findList(request.body?.listId);
    if (!list)
      return reply
        .code(404)
        .send(heyReachError(`List ${String(request.body?.listId ?? '')} was not found.`));
    const page = paging(request.body, 1000);
    if ('error' in page) return reply.code(400).send(heyReachError(page.error));
    const keyword =
      typeof request.body?.keyword === 'string' ? request.body.keyword.toLowerCase() : undefined;
    const profile =
      typeof request.body?.leadProfileUrl === 'string'
        ? normalizeProfileUrl(request.body.leadProfileUrl)
        : undefined;
    const leads = list.leads.filter(
      (lead) =>
        (profile === undefined || normalizeProfileUrl(lead.profileUrl) === profile) &&
        (keyword === undefined ||
          `${lead.firstName ?? ''} ${lead.lastName ?? ''} ${lead.companyName ?? ''}`
            .toLowerCase()
            .includes(keyword)),
    );
    return {
      totalCount: leads.length,
      items: leads.slice(page.offset, page.offset + page.limit).map((lead) => ({
        profileUrl: lead.profileUrl,
        firstName: lead.firstName,
        lastName: lead.lastName,
        location: lead.location ?? null,
        companyName: lead.companyName ?? null,
        position: lead.position ?? null,
        about: lead.about ?? null,
        emailAddress: lead.emailAddress ?? null,
        customFields: lead.customUserFields ?? [],
        tags: [],
      })),
    };
  });

  // POST /webhooks/CreateWebhook {webhookName, webhookUrl, eventType, campaignIds}: one event type a webhook.
  app.post<{ Body: Body }>('/api/public/webhooks/CreateWebhook', async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.webhookName !== 'string' || body.webhookName.trim() === '')
      return reply.code(400).send(heyReachError('WebhookName is required.'));
    if (!isWebhookTarget(body.webhookUrl))
      return reply.code(400).send(heyReachError('WebhookUrl must be a valid URL.'));
    if (typeof body.eventType !== 'string' || !heyReachWebhookEvents.includes(body.eventType))
      return reply.code(400).send(heyReachError('EventType is not valid.'));
    const campaignIds = body.campaignIds ?? [];
    if (!Array.isArray(campaignIds) || !campaignIds.every((id) => Number.isInteger(id)))
      return reply.code(400).send(heyReachError('CampaignIds must be a list of campaign ids.'));
    const webhook: HeyReachWebhook = {
      id: ctx.state.nextWebhookId++,
      webhookName: body.webhookName.trim(),
      webhookUrl: body.webhookUrl,
      eventType: body.eventType,
      campaignIds: campaignIds as number[],
      isActive: true,
      creationTime: new Date(ctx.now()).toISOString(),
    };
    ctx.state.webhooks.push(webhook);
    return webhook;
  });

  app.post('/api/public/webhooks/GetAllWebhooks', async () => ({
    totalCount: ctx.state.webhooks.length,
    items: ctx.state.webhooks,
  }));
}
