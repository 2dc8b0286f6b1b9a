import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { readScopes, scopeProblem } from './auth.js';
import { hubspotError, validationError } from './errors.js';
import { objectTypeOf, type ObjectType } from './model.js';
import type { HubSpotProperty, HubSpotState } from './state.js';
import { recordWrite } from './writes.js';

const schemaWriteScopes = (type: ObjectType) => [
  type === 'companies' ? 'crm.schemas.companies.write' : 'crm.schemas.contacts.write',
];

function typeOrReply(
  request: FastifyRequest<{ Params: { objectType: string } }>,
  reply: FastifyReply,
  scopes: (type: ObjectType) => string[],
): ObjectType | undefined {
  const type = objectTypeOf(request.params.objectType);
  if (!type) {
    void reply
      .code(400)
      .send(validationError(`Unable to infer object type from: ${request.params.objectType}`));
    return undefined;
  }
  const problem = scopeProblem(request, scopes(type));
  if (problem) {
    void reply.code(403).send(problem);
    return undefined;
  }
  return type;
}

function present(property: HubSpotProperty) {
  return {
    updatedAt: '2024-01-10T09:00:00.000Z',
    createdAt: '2024-01-10T09:00:00.000Z',
    calculated: false,
    externalOptions: false,
    archived: false,
    hasUniqueValue: property.name === 'email' || property.hasUniqueValue === true,
    hidden: false,
    displayOrder: -1,
    formField: !property.hubspotDefined,
    modificationMetadata: {
      archivable: !property.hubspotDefined,
      readOnlyDefinition: property.hubspotDefined,
      readOnlyValue: ['hs_object_id', 'createdate', 'lastmodifieddate'].includes(property.name),
    },
    ...property,
  };
}

/** Properties v3: read the definitions (custom os_ ones included), create a custom property or group. */
export function hubspotPropertyRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<HubSpotState>,
): void {
  app.get<{ Params: { objectType: string } }>(
    '/crm/v3/properties/:objectType',
    async (request, reply) => {
      const type = typeOrReply(request, reply, readScopes);
      if (!type) return reply;
      return { results: ctx.state.properties[type].map(present) };
    },
  );

  app.get<{ Params: { objectType: string } }>(
    '/crm/v3/properties/:objectType/groups',
    async (request, reply) => {
      const type = typeOrReply(request, reply, readScopes);
      if (!type) return reply;
      return { results: ctx.state.propertyGroups[type] };
    },
  );

  app.post<{
    Params: { objectType: string };
    Body: { name?: string; label?: string; displayOrder?: number } | undefined;
  }>('/crm/v3/properties/:objectType/groups', async (request, reply) => {
    const type = typeOrReply(request, reply, schemaWriteScopes);
    if (!type) return reply;
    const { name, label } = request.body ?? {};
    if (!name || !label)
      return reply.code(400).send(validationError('Property group name and label are required.'));
    const groups = ctx.state.propertyGroups[type];
    if (groups.some((group) => group.name === name))
      return reply
        .code(409)
        .send(
          hubspotError('OBJECT_ALREADY_EXISTS', `A property group named '${name}' already exists.`),
        );
    const group = {
      name,
      label,
      displayOrder: request.body?.displayOrder ?? groups.length,
      archived: false,
    };
    groups.push(group);
    recordWrite(ctx, {
      action: 'create-property-group',
      objectType: type,
      id: name,
      detail: group,
    });
    return reply.code(201).send(group);
  });

  app.get<{ Params: { objectType: string; name: string } }>(
    '/crm/v3/properties/:objectType/:name',
    async (request, reply) => {
      const type = typeOrReply(request, reply, readScopes);
      if (!type) return reply;
      const property = ctx.state.properties[type].find(
        (candidate) => candidate.name === request.params.name,
      );
      return property
        ? present(property)
        : reply
            .code(404)
            .send(
              hubspotError(
                'OBJECT_NOT_FOUND',
                `Unable to find property ${request.params.name} for object type ${type}`,
              ),
            );
    },
  );

  app.post<{ Params: { objectType: string }; Body: Partial<HubSpotProperty> | undefined }>(
    '/crm/v3/properties/:objectType',
    async (request, reply) => {
      const type = typeOrReply(request, reply, schemaWriteScopes);
      if (!type) return reply;
      const body = request.body ?? {};
      const missing = (['name', 'label', 'type', 'fieldType', 'groupName'] as const).filter(
        (field) => !body[field],
      );
      if (missing.length > 0)
        return reply
          .code(400)
          .send(validationError(`Missing required fields: ${missing.join(', ')}`));
      if (!/^[a-z][a-z0-9_]*$/.test(body.name!))
        return reply
          .code(400)
          .send(
            validationError(
              `Property name ${body.name} is invalid: use lower-case letters, digits and underscores.`,
            ),
          );
      const properties = ctx.state.properties[type];
      if (properties.some((property) => property.name === body.name)) {
        return reply.code(409).send(
          hubspotError('OBJECT_ALREADY_EXISTS', `Property named '${body.name}' already exists.`, {
            subCategory: 'Properties.OBJECT_ALREADY_EXISTS',
          }),
        );
      }
      const property: HubSpotProperty = {
        name: body.name!,
        label: body.label!,
        type: body.type!,
        fieldType: body.fieldType!,
        groupName: body.groupName!,
        description: body.description ?? '',
        options: body.options ?? [],
        hubspotDefined: false,
        ...(body.hasUniqueValue === true ? { hasUniqueValue: true } : {}),
      };
      properties.push(property);
      recordWrite(ctx, {
        action: 'create-property',
        objectType: type,
        id: property.name,
        detail: property,
      });
      return reply.code(201).send(present(property));
    },
  );
}
