import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { hubspotError, validationError } from './errors.js';
import { listMembers, presentList } from './lists.js';
import type { HubSpotState } from './state.js';

const listScopes = ['crm.lists.read', 'crm.lists.write'];

interface ListSearch {
  query?: string;
  count?: number;
  offset?: number;
  processingTypes?: string[];
  additionalProperties?: string[];
  listIds?: (string | number)[];
  objectTypeId?: string;
}

/** Lists v3: search lists (contact lists 0-1, company lists 0-2), read one, page through its memberships. */
export function hubspotListRoutes(app: FastifyInstance, ctx: ProviderContext<HubSpotState>): void {
  const notFound = (id: string) =>
    hubspotError('OBJECT_NOT_FOUND', `List does not exist with ID ${id}.`);

  app.post<{ Body: ListSearch | undefined }>(
    '/crm/v3/lists/search',
    { config: { hubspotScopes: listScopes } },
    async (request, reply) => {
      const body = request.body ?? {};
      const count = body.count ?? 20;
      const offset = body.offset ?? 0;
      if (!Number.isInteger(count) || count < 1 || count > 500)
        return reply.code(400).send(validationError('count must be between 1 and 500.'));
      if (!Number.isInteger(offset) || offset < 0)
        return reply.code(400).send(validationError('offset must be a non-negative integer.'));
      const state = ctx.state;
      const query = body.query?.trim().toLowerCase() ?? '';
      const ids = body.listIds?.map(String);
      const lists = state.lists.filter(
        (list) =>
          list.name.toLowerCase().includes(query) &&
          (!body.processingTypes ||
            body.processingTypes.length === 0 ||
            body.processingTypes.includes(list.processingType)) &&
          (!ids || ids.length === 0 || ids.includes(list.listId)) &&
          (!body.objectTypeId || body.objectTypeId === list.objectTypeId),
      );
      const page = lists.slice(offset, offset + count);
      return {
        offset: offset + page.length,
        hasMore: offset + count < lists.length,
        lists: page.map((list) => presentList(state, list, body.additionalProperties)),
        total: lists.length,
      };
    },
  );

  app.get<{ Params: { listId: string } }>(
    '/crm/v3/lists/:listId',
    { config: { hubspotScopes: listScopes } },
    async (request, reply) => {
      const state = ctx.state;
      const list = state.lists.find((candidate) => candidate.listId === request.params.listId);
      if (!list) return reply.code(404).send(notFound(request.params.listId));
      return { list: { ...presentList(state, list), size: listMembers(state, list).length } };
    },
  );

  // PUT …/memberships/add [recordIds]: manual and snapshot lists only (a dynamic list follows its filter).
  app.put<{ Params: { listId: string }; Body: unknown }>(
    '/crm/v3/lists/:listId/memberships/add',
    { config: { hubspotScopes: ['crm.lists.write'] } },
    async (request, reply) => {
      const state = ctx.state;
      const list = state.lists.find((candidate) => candidate.listId === request.params.listId);
      if (!list) return reply.code(404).send(notFound(request.params.listId));
      if (list.filter)
        return reply
          .code(400)
          .send(validationError('Records can only be added to MANUAL or SNAPSHOT lists.'));
      if (!Array.isArray(request.body))
        return reply.code(400).send(validationError('The body must be an array of record ids.'));
      const type = list.objectTypeId === '0-2' ? 'companies' : 'contacts';
      const ids = request.body.map(String);
      const added = ids.filter(
        (id) => state.objects[type].has(id) && !(list.members ?? []).includes(id),
      );
      list.members = [...(list.members ?? []), ...added];
      list.updatedAt = new Date(ctx.now()).toISOString();
      return {
        recordIdsAdded: added,
        recordIdsMissing: ids.filter((id) => !state.objects[type].has(id)),
      };
    },
  );

  // Cursor paging: `after` is the last record id of the previous page; limit 1–250, default 100.
  app.get<{
    Params: { listId: string };
    Querystring: { after?: string; before?: string; limit?: string };
  }>(
    '/crm/v3/lists/:listId/memberships',
    { config: { hubspotScopes: listScopes } },
    async (request, reply) => {
      const state = ctx.state;
      const list = state.lists.find((candidate) => candidate.listId === request.params.listId);
      if (!list) return reply.code(404).send(notFound(request.params.listId));
      const limit = request.query.limit === undefined ? 100 : Number(request.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 250)
        return reply.code(400).send(validationError('limit must be between 1 and 250.'));
      const members = listMembers(state, list);
      const { after, before } = request.query;
      let start = 0;
      let end = members.length;
      if (after !== undefined) start = members.findIndex((id) => Number(id) > Number(after));
      if (start === -1) start = members.length;
      if (before !== undefined) {
        end = members.findIndex((id) => Number(id) >= Number(before));
        if (end === -1) end = members.length;
        start = Math.max(0, end - limit);
      }
      const page = members.slice(start, Math.min(end, start + limit));
      const membershipTimestamp = list.updatedAt;
      const hasNext = start + page.length < members.length && page.length > 0;
      const hasPrev = start > 0 && page.length > 0;
      return {
        results: page.map((recordId) => ({ recordId, membershipTimestamp })),
        paging: {
          ...(hasNext
            ? {
                next: {
                  after: page[page.length - 1]!,
                  link: `${ctx.baseUrl}/crm/v3/lists/${list.listId}/memberships?after=${page[page.length - 1]!}&limit=${limit}`,
                },
              }
            : {}),
          ...(hasPrev
            ? {
                prev: {
                  before: page[0]!,
                  link: `${ctx.baseUrl}/crm/v3/lists/${list.listId}/memberships?before=${page[0]!}&limit=${limit}`,
                },
              }
            : {}),
        },
        total: members.length,
      };
    },
  );
}
