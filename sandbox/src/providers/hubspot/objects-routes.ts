import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { associationsOf } from './associations.js';
import { readScopes, scopeProblem, writeScopes } from './auth.js';
import { hubspotError, objectNotFound, uniqueValueConflict, validationError } from './errors.js';
import {
  objectTypeOf,
  presentObject,
  presentWritten,
  propertyList,
  singular,
  type CrmObject,
  type ObjectType,
} from './model.js';
import { checkSearch, matchesSearch, sortResults, type SearchRequest } from './search.js';
import type { HubSpotState } from './state.js';
import { normalizeValues, propertyProblems } from './validate.js';
import {
  applyInline,
  contactWithEmail,
  createObject,
  isUniqueProperty,
  resolveInline,
  takenUniqueValue,
  updateObject,
  withUniqueValue,
  type InlineAssociation,
} from './writes.js';

type Params = { objectType: string; id?: string };
type Query = {
  properties?: string | string[];
  idProperty?: string;
  associations?: string;
  limit?: string;
  after?: string;
  archived?: string;
};

/** Resolves the object type and checks the caller's scopes; answers the error itself when either fails. */
export function typeOrReply(
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  write: boolean,
): ObjectType | undefined {
  const type = objectTypeOf(request.params.objectType);
  if (!type) {
    void reply
      .code(400)
      .send(validationError(`Unable to infer object type from: ${request.params.objectType}`));
    return undefined;
  }
  const problem = scopeProblem(request, write ? writeScopes(type) : readScopes(type));
  if (problem) {
    void reply.code(403).send(problem);
    return undefined;
  }
  return type;
}

export function invalidProperties(problems: unknown[]) {
  return validationError(`Property values were not valid: ${JSON.stringify(problems)}`);
}

function decodeAfter(after: unknown): number {
  const offset = Number(after ?? 0);
  return Number.isInteger(offset) && offset >= 0 ? offset : 0;
}

/** Contacts, companies, tasks and emails: create, read, update, list, search and batch read. */
export function hubspotObjectRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<HubSpotState>,
): void {
  const find = (type: ObjectType, id: string, idProperty?: string): CrmObject | undefined => {
    const state = ctx.state;
    if (idProperty === 'email' && type === 'contacts') return contactWithEmail(state, id);
    if (idProperty && idProperty !== 'hs_object_id')
      return withUniqueValue(state, type, idProperty, id);
    const object = state.objects[type].get(id);
    return object && !object.archived ? object : undefined;
  };

  app.post<{
    Params: Params;
    Body: { properties?: Record<string, unknown>; associations?: InlineAssociation[] } | undefined;
  }>('/crm/v3/objects/:objectType', async (request, reply) => {
    const type = typeOrReply(request, reply, true);
    if (!type) return reply;
    const state = ctx.state;
    const input = request.body?.properties;
    if (!input || typeof input !== 'object' || Array.isArray(input))
      return reply
        .code(400)
        .send(
          validationError('Invalid input JSON: "properties" is required and must be an object.'),
        );
    const values = normalizeValues(state, type, input);
    const problems = propertyProblems(state, type, values, true);
    if (problems.length > 0) return reply.code(400).send(invalidProperties(problems));
    if (type === 'contacts') {
      const existing = contactWithEmail(state, values.email);
      if (existing)
        return reply
          .code(409)
          .send(hubspotError('CONFLICT', `Contact already exists. Existing ID: ${existing.id}`));
    }
    const taken = takenUniqueValue(state, type, values);
    if (taken) return reply.code(409).send(uniqueValueConflict(taken));
    const inline = resolveInline(state, type, request.body?.associations ?? []);
    if ('error' in inline) return reply.code(400).send(validationError(inline.error));
    const object = createObject(ctx, type, values);
    applyInline(ctx, type, object.id, inline.links);
    return reply.code(201).send(presentWritten(object, type));
  });

  app.get<{ Params: Params; Querystring: Query }>(
    '/crm/v3/objects/:objectType',
    async (request, reply) => {
      const type = typeOrReply(request, reply, false);
      if (!type) return reply;
      const limit = Math.min(100, Math.max(1, Number(request.query.limit ?? 10) || 10));
      const offset = decodeAfter(request.query.after);
      const all = [...ctx.state.objects[type].values()].filter((object) => !object.archived);
      const page = all.slice(offset, offset + limit);
      const properties = propertyList(request.query.properties);
      return {
        results: page.map((object) => presentObject(object, type, properties)),
        ...(offset + limit < all.length
          ? {
              paging: {
                next: {
                  after: String(offset + limit),
                  link: `${ctx.baseUrl}/crm/v3/objects/${type}?after=${offset + limit}`,
                },
              },
            }
          : {}),
      };
    },
  );

  app.get<{ Params: Params; Querystring: Query }>(
    '/crm/v3/objects/:objectType/:id',
    async (request, reply) => {
      const type = typeOrReply(request, reply, false);
      if (!type) return reply;
      const object = find(type, request.params.id!, request.query.idProperty);
      if (!object) return reply.code(404).send(objectNotFound(request.params.id!));
      const result: Record<string, unknown> = presentObject(
        object,
        type,
        propertyList(request.query.properties),
      );
      const wanted = (request.query.associations ?? '')
        .split(',')
        .map((name) => objectTypeOf(name.trim()))
        .filter((name): name is ObjectType => name !== undefined);
      if (wanted.length > 0) {
        result.associations = Object.fromEntries(
          wanted.map((to) => [
            to,
            {
              results: associationsOf(ctx.state.associations, type, object.id, to).flatMap((link) =>
                link.associationTypes.map((kind) => ({
                  id: String(link.toObjectId),
                  type: `${singular(type).toLowerCase()}_to_${singular(to).toLowerCase()}`,
                  typeId: kind.typeId,
                })),
              ),
            },
          ]),
        );
      }
      return result;
    },
  );

  app.patch<{
    Params: Params;
    Querystring: Query;
    Body: { properties?: Record<string, unknown> } | undefined;
  }>('/crm/v3/objects/:objectType/:id', async (request, reply) => {
    const type = typeOrReply(request, reply, true);
    if (!type) return reply;
    const state = ctx.state;
    const object = find(type, request.params.id!, request.query.idProperty);
    if (!object) return reply.code(404).send(objectNotFound(request.params.id!));
    const input = request.body?.properties;
    if (!input || typeof input !== 'object' || Array.isArray(input))
      return reply
        .code(400)
        .send(
          validationError('Invalid input JSON: "properties" is required and must be an object.'),
        );
    const values = normalizeValues(state, type, input);
    const problems = propertyProblems(state, type, values, false);
    if (problems.length > 0) return reply.code(400).send(invalidProperties(problems));
    if (type === 'contacts') {
      const existing = contactWithEmail(state, values.email, object.id);
      if (existing)
        return reply
          .code(409)
          .send(hubspotError('CONFLICT', `Contact already exists. Existing ID: ${existing.id}`));
    }
    const taken = takenUniqueValue(state, type, values, object.id);
    if (taken) return reply.code(409).send(uniqueValueConflict(taken));
    return presentWritten(updateObject(ctx, type, object, values), type);
  });

  app.post<{ Params: Params; Body: SearchRequest | undefined }>(
    '/crm/v3/objects/:objectType/search',
    async (request, reply) => {
      const type = typeOrReply(request, reply, false);
      if (!type) return reply;
      const body = request.body ?? {};
      const problem = checkSearch(body);
      if (problem) return reply.code(400).send(validationError(problem));
      const state = ctx.state;
      const now = ctx.now();
      const matches = sortResults(
        [...state.objects[type].values()].filter(
          (object) =>
            !object.archived &&
            object.searchableAt <= now &&
            matchesSearch(object, type, body, state.associations),
        ),
        body,
      );
      const limit = body.limit ?? 10;
      const offset = decodeAfter(body.after);
      const page = matches.slice(offset, offset + limit);
      return {
        total: matches.length,
        results: page.map((object) => presentObject(object, type, body.properties)),
        ...(offset + limit < matches.length
          ? {
              paging: { next: { after: String(offset + limit), link: `?after=${offset + limit}` } },
            }
          : {}),
      };
    },
  );

  app.post<{
    Params: Params;
    Body: { inputs?: { id?: unknown }[]; properties?: string[]; idProperty?: string } | undefined;
  }>('/crm/v3/objects/:objectType/batch/read', async (request, reply) => {
    const type = typeOrReply(request, reply, false);
    if (!type) return reply;
    const inputs = request.body?.inputs;
    if (!Array.isArray(inputs))
      return reply.code(400).send(validationError('Invalid input JSON: "inputs" is required.'));
    if (inputs.length > 100)
      return reply
        .code(400)
        .send(validationError(`Too many inputs: ${inputs.length}. The maximum is 100.`));
    const startedAt = new Date(ctx.now()).toISOString();
    const found: CrmObject[] = [];
    const missing: string[] = [];
    for (const input of inputs) {
      const id = String(input?.id ?? '');
      const object = find(type, id, request.body?.idProperty);
      if (object) {
        if (!found.includes(object)) found.push(object);
      } else missing.push(id);
    }
    const body = {
      status: 'COMPLETE',
      results: found.map((object) => presentObject(object, type, request.body?.properties)),
      ...(missing.length > 0
        ? {
            numErrors: 1,
            errors: [
              {
                status: 'error',
                category: 'OBJECT_NOT_FOUND',
                message: `Could not get some ${singular(type)} objects, they may be deleted or not exist. Check that ids are valid.`,
                context: { ids: missing },
              },
            ],
          }
        : {}),
      startedAt,
      completedAt: new Date(ctx.now()).toISOString(),
    };
    return reply.code(missing.length > 0 ? 207 : 200).send(body);
  });

  // Batch upsert: each input {idProperty, id, properties} updates the record whose unique property has
  // that value, or creates it (email or a custom property with hasUniqueValue; HubSpot's idempotent write).
  app.post<{
    Params: Params;
    Body:
      | {
          inputs?: {
            id?: unknown;
            idProperty?: unknown;
            properties?: Record<string, unknown>;
            objectWriteTraceId?: unknown;
          }[];
        }
      | undefined;
  }>('/crm/v3/objects/:objectType/batch/upsert', async (request, reply) => {
    const type = typeOrReply(request, reply, true);
    if (!type) return reply;
    const state = ctx.state;
    const inputs = request.body?.inputs;
    if (!Array.isArray(inputs) || inputs.length === 0)
      return reply.code(400).send(validationError('Invalid input JSON: "inputs" is required.'));
    if (inputs.length > 100)
      return reply
        .code(400)
        .send(validationError(`Too many inputs: ${inputs.length}. The maximum is 100.`));
    const startedAt = new Date(ctx.now()).toISOString();
    const planned: {
      input: (typeof inputs)[number];
      idProperty: string;
      id: string;
      values: Record<string, string | null>;
    }[] = [];
    for (const input of inputs) {
      const idProperty = typeof input?.idProperty === 'string' ? input.idProperty : '';
      const id = String(input?.id ?? '').trim();
      if (!isUniqueProperty(state, type, idProperty)) {
        return reply
          .code(400)
          .send(
            validationError(
              `${idProperty || '(none)'} is not a unique property of ${type}: upsert needs idProperty to be email or a property with unique values.`,
            ),
          );
      }
      if (id === '')
        return reply
          .code(400)
          .send(validationError('Every input needs an id: the value of its idProperty.'));
      const values = normalizeValues(state, type, input.properties ?? {});
      const existing = find(type, id, idProperty);
      const problems = propertyProblems(state, type, values, !existing);
      if (problems.length > 0) return reply.code(400).send(invalidProperties(problems));
      planned.push({ input, idProperty, id, values });
    }
    const results = planned.map(({ input, idProperty, id, values }) => {
      const existing = find(type, id, idProperty);
      const object = existing
        ? updateObject(ctx, type, existing, values)
        : createObject(ctx, type, {
            ...values,
            [idProperty]: type === 'contacts' && idProperty === 'email' ? id.toLowerCase() : id,
          });
      const trace = typeof input?.objectWriteTraceId === 'string' ? input.objectWriteTraceId : '';
      return {
        ...presentWritten(object, type),
        new: !existing,
        ...(trace ? { objectWriteTraceId: trace } : {}),
      };
    });
    return {
      status: 'COMPLETE',
      results,
      startedAt,
      completedAt: new Date(ctx.now()).toISOString(),
    };
  });
}
