import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import {
  associate,
  associationsOf,
  defaultTypeId,
  definitionOf,
  dissociate,
  type AssociationType,
} from './associations.js';
import { scopeProblem, writeScopes, readScopes } from './auth.js';
import { objectNotFound, validationError } from './errors.js';
import { objectTypeIds, objectTypeOf, type ObjectType } from './model.js';
import type { HubSpotState } from './state.js';
import { recordWrite } from './writes.js';

type PairParams = { fromType: string; fromId: string; toType: string; toId: string };

function resolveTypes(
  request: FastifyRequest<{ Params: { fromType: string; toType: string } }>,
  reply: FastifyReply,
  write: boolean,
): [ObjectType, ObjectType] | undefined {
  const from = objectTypeOf(request.params.fromType);
  const to = objectTypeOf(request.params.toType);
  if (!from || !to) {
    void reply
      .code(400)
      .send(
        validationError(
          `Unable to infer object type from: ${!from ? request.params.fromType : request.params.toType}`,
        ),
      );
    return undefined;
  }
  const problem = scopeProblem(
    request,
    write ? [...writeScopes(from), ...writeScopes(to)] : readScopes(from),
  );
  if (problem) {
    void reply.code(403).send(problem);
    return undefined;
  }
  return [from, to];
}

/** Associations v4: default and labelled associations between two records, listing, removal, batches. */
export function hubspotAssociationRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<HubSpotState>,
): void {
  const exists = (type: ObjectType, id: string) => ctx.state.objects[type].has(id);

  const link = (from: ObjectType, fromId: string, to: ObjectType, toId: string, typeId: number) => {
    associate(ctx.state.associations, from, fromId, to, toId, typeId);
    recordWrite(ctx, {
      action: 'associate',
      objectType: from,
      id: fromId,
      detail: { to, toId, associationTypeId: typeId },
    });
  };

  // PUT …/associations/default/{toObjectType}/{toObjectId}: the unlabelled association, both directions.
  app.put<{ Params: PairParams }>(
    '/crm/v4/objects/:fromType/:fromId/associations/default/:toType/:toId',
    async (request, reply) => {
      const types = resolveTypes(request, reply, true);
      if (!types) return reply;
      const [from, to] = types;
      const { fromId, toId } = request.params;
      if (!exists(from, fromId)) return reply.code(404).send(objectNotFound(fromId));
      if (!exists(to, toId)) return reply.code(404).send(objectNotFound(toId));
      const typeId = defaultTypeId(from, to);
      if (typeId === undefined)
        return reply.code(400).send(validationError(`${from} cannot be associated with ${to}`));
      link(from, fromId, to, toId, typeId);
      const inverse = definitionOf(from, to, typeId)!.inverse;
      const now = new Date(ctx.now()).toISOString();
      return {
        status: 'COMPLETE',
        results: [
          {
            from: { id: fromId },
            to: { id: toId },
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
          },
          {
            from: { id: toId },
            to: { id: fromId },
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: inverse },
          },
        ],
        startedAt: now,
        completedAt: now,
      };
    },
  );

  // PUT …/associations/{toObjectType}/{toObjectId} with [{associationCategory, associationTypeId}].
  app.put<{ Params: PairParams; Body: Partial<AssociationType>[] | undefined }>(
    '/crm/v4/objects/:fromType/:fromId/associations/:toType/:toId',
    async (request, reply) => {
      const types = resolveTypes(request, reply, true);
      if (!types) return reply;
      const [from, to] = types;
      const { fromId, toId } = request.params;
      if (!exists(from, fromId)) return reply.code(404).send(objectNotFound(fromId));
      if (!exists(to, toId)) return reply.code(404).send(objectNotFound(toId));
      const specs = Array.isArray(request.body) ? request.body : [];
      if (specs.length === 0)
        return reply
          .code(400)
          .send(validationError('The body must list at least one association type.'));
      const invalid = specs.find((spec) => !definitionOf(from, to, Number(spec.associationTypeId)));
      if (invalid)
        return reply
          .code(400)
          .send(
            validationError(
              `${String(invalid.associationTypeId)} is not a valid association type id from ${from} to ${to}`,
            ),
          );
      for (const spec of specs) link(from, fromId, to, toId, Number(spec.associationTypeId));
      return reply.code(201).send({
        fromObjectTypeId: objectTypeIds[from],
        fromObjectId: Number(fromId),
        toObjectTypeId: objectTypeIds[to],
        toObjectId: Number(toId),
        labels: specs
          .map((spec) => definitionOf(from, to, Number(spec.associationTypeId))?.label)
          .filter((label): label is string => !!label),
      });
    },
  );

  app.get<{
    Params: { fromType: string; fromId: string; toType: string };
    Querystring: { limit?: string; after?: string };
  }>('/crm/v4/objects/:fromType/:fromId/associations/:toType', async (request, reply) => {
    const types = resolveTypes(request, reply, false);
    if (!types) return reply;
    const [from, to] = types;
    if (!exists(from, request.params.fromId))
      return reply.code(404).send(objectNotFound(request.params.fromId));
    const all = associationsOf(ctx.state.associations, from, request.params.fromId, to);
    const limit = Math.min(500, Math.max(1, Number(request.query.limit ?? 500) || 500));
    const offset = Math.max(0, Number(request.query.after ?? 0) || 0);
    return {
      results: all.slice(offset, offset + limit),
      ...(offset + limit < all.length
        ? { paging: { next: { after: String(offset + limit) } } }
        : {}),
    };
  });

  app.delete<{ Params: PairParams }>(
    '/crm/v4/objects/:fromType/:fromId/associations/:toType/:toId',
    async (request, reply) => {
      const types = resolveTypes(request, reply, true);
      if (!types) return reply;
      const [from, to] = types;
      const state = ctx.state;
      state.associations = dissociate(
        state.associations,
        from,
        request.params.fromId,
        to,
        request.params.toId,
      );
      recordWrite(ctx, {
        action: 'dissociate',
        objectType: from,
        id: request.params.fromId,
        detail: { to, toId: request.params.toId },
      });
      return reply.code(204).send();
    },
  );

  // Batches: default associations, labelled associations, and reading the associations of many records.
  app.post<{
    Params: { fromType: string; toType: string };
    Body:
      | {
          inputs?: {
            from?: { id?: unknown };
            to?: { id?: unknown };
            types?: Partial<AssociationType>[];
          }[];
        }
      | undefined;
  }>('/crm/v4/associations/:fromType/:toType/batch/*', async (request, reply) => {
    const operation = (request.params as { '*'?: string })['*']?.replace(/\/$/, '');
    const write = operation !== 'read';
    const types = resolveTypes(request, reply, write);
    if (!types) return reply;
    const [from, to] = types;
    const inputs = Array.isArray(request.body?.inputs) ? request.body!.inputs : [];
    const now = new Date(ctx.now()).toISOString();
    if (operation === 'read') {
      const results = inputs.map((input) => {
        const id = String((input as { id?: unknown }).id ?? input.from?.id ?? '');
        return { from: { id }, to: associationsOf(ctx.state.associations, from, id, to) };
      });
      return { status: 'COMPLETE', results, startedAt: now, completedAt: now };
    }
    if (operation !== 'create' && operation !== 'associate/default')
      return reply.code(404).send(validationError(`Unknown batch operation ${String(operation)}`));
    const results: unknown[] = [];
    for (const input of inputs) {
      const fromId = String(input.from?.id ?? '');
      const toId = String(input.to?.id ?? '');
      if (!exists(from, fromId) || !exists(to, toId))
        return reply
          .code(400)
          .send(
            validationError(
              `No ${!exists(from, fromId) ? from : to} with id ${!exists(from, fromId) ? fromId : toId}`,
            ),
          );
      const typeIds =
        operation === 'create'
          ? (input.types ?? []).map((type) => Number(type.associationTypeId))
          : [defaultTypeId(from, to)!];
      for (const typeId of typeIds) {
        if (!definitionOf(from, to, typeId))
          return reply
            .code(400)
            .send(
              validationError(`${typeId} is not a valid association type id from ${from} to ${to}`),
            );
        link(from, fromId, to, toId, typeId);
        results.push({
          from: { id: fromId },
          to: { id: toId },
          associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
        });
      }
    }
    return reply.code(201).send({ status: 'COMPLETE', results, startedAt: now, completedAt: now });
  });
}
