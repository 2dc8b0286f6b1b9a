import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { notFound, sfErrors } from './errors.js';
import { createRecord, deleteRecord, updateRecord, writableObjects } from './records.js';
import { describeField } from './schema.js';
import { runSoql, SoqlError } from './soql.js';
import type { SalesforceState } from './state.js';
import { upsertByExternalId } from './upsert.js';
import { canonicalObjectName, querySource, toolingSource, visibleMeta } from './visibility.js';

type VersionParams = { version: string };
type ObjectParams = VersionParams & { sobject: string };
type RecordParams = ObjectParams & { id: string };
type ExternalIdParams = ObjectParams & { field: string; value: string };

const versions = [
  { label: "Winter '24", url: '/services/data/v59.0', version: '59.0' },
  { label: "Spring '24", url: '/services/data/v60.0', version: '60.0' },
  { label: "Summer '24", url: '/services/data/v61.0', version: '61.0' },
  { label: "Winter '25", url: '/services/data/v62.0', version: '62.0' },
];

/** REST under /services/data/vXX.X: query, sobject create/read/update, describe (global and per object). */
export function salesforceDataRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const version = (request.params as Partial<VersionParams>).version;
    if (version !== undefined && !/^v\d{2}\.0$/.test(version))
      return reply.code(404).send(notFound());
    return undefined;
  });

  app.get('/services/data', async () => versions);

  app.get<{ Params: VersionParams }>('/services/data/:version', async (request) => {
    const base = `/services/data/${request.params.version}`;
    return {
      sobjects: `${base}/sobjects`,
      query: `${base}/query`,
      tooling: `${base}/tooling`,
      analytics: `${base}/analytics`,
      limits: `${base}/limits`,
    };
  });

  const query =
    (tooling: boolean) =>
    async (
      request: { params: VersionParams; query: { q?: string } },
      reply: { code(status: number): { send(body: unknown): unknown } },
    ) => {
      const q = request.query.q;
      if (!q)
        return reply
          .code(400)
          .send(sfErrors('MALFORMED_QUERY', 'A query string has to be specified'));
      const source = tooling
        ? toolingSource(ctx.state, request.params.version)
        : querySource(ctx.state, request.params.version);
      try {
        return runSoql(source, q);
      } catch (error) {
        if (error instanceof SoqlError)
          return reply.code(400).send(sfErrors(error.errorCode, error.message));
        throw error;
      }
    };
  app.get<{ Params: VersionParams; Querystring: { q?: string } }>(
    '/services/data/:version/query',
    query(false),
  );
  app.get<{ Params: VersionParams; Querystring: { q?: string } }>(
    '/services/data/:version/queryAll',
    query(false),
  );
  app.get<{ Params: VersionParams; Querystring: { q?: string } }>(
    '/services/data/:version/tooling/query',
    query(true),
  );

  app.get<{ Params: VersionParams }>('/services/data/:version/sobjects', async (request) => ({
    encoding: 'UTF-8',
    maxBatchSize: 200,
    sobjects: Object.entries(ctx.state.objects).map(([name, meta]) => ({
      name,
      label: meta.label,
      labelPlural: meta.labelPlural,
      keyPrefix: meta.keyPrefix,
      custom: false,
      createable: meta.createable,
      updateable: meta.updateable,
      queryable: true,
      urls: {
        sobject: `/services/data/${request.params.version}/sobjects/${name}`,
        describe: `/services/data/${request.params.version}/sobjects/${name}/describe`,
      },
    })),
  }));

  app.get<{ Params: ObjectParams }>(
    '/services/data/:version/sobjects/:sobject/describe',
    async (request, reply) => {
      const name = canonicalObjectName(ctx.state, request.params.sobject);
      const meta = name ? visibleMeta(ctx.state, name) : undefined;
      if (!name || !meta) return reply.code(404).send(notFound());
      const base = `/services/data/${request.params.version}/sobjects/${name}`;
      return {
        name,
        label: meta.label,
        labelPlural: meta.labelPlural,
        keyPrefix: meta.keyPrefix,
        custom: false,
        createable: meta.createable,
        updateable: meta.updateable,
        deletable: meta.updateable,
        queryable: true,
        searchable: true,
        fields: meta.fields.map(describeField),
        urls: {
          sobject: base,
          describe: `${base}/describe`,
          rowTemplate: `${base}/{ID}`,
          listviews: `${base}/listviews`,
        },
      };
    },
  );

  app.post<{ Params: ObjectParams; Body: Record<string, unknown> | undefined }>(
    '/services/data/:version/sobjects/:sobject',
    async (request, reply) => {
      const name = canonicalObjectName(ctx.state, request.params.sobject);
      if (!name) return reply.code(404).send(notFound());
      if (!writableObjects.includes(name))
        return reply
          .code(400)
          .send(
            sfErrors('INVALID_TYPE_FOR_OPERATION', `entity type ${name} does not support insert`),
          );
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return reply
          .code(400)
          .send(sfErrors('JSON_PARSER_ERROR', 'The request body must be a JSON object'));
      const result = createRecord(ctx, name, { ...body });
      if (!result.ok) return reply.code(result.status).send(result.body);
      return reply.code(201).send({ id: result.record.Id, success: true, errors: [] });
    },
  );

  app.get<{ Params: RecordParams; Querystring: { fields?: string } }>(
    '/services/data/:version/sobjects/:sobject/:id',
    async (request, reply) => {
      const state = ctx.state;
      const name = canonicalObjectName(state, request.params.sobject);
      const record = name
        ? state.records[name]?.find(
            (candidate) =>
              candidate.Id === request.params.id || candidate.Id.slice(0, 15) === request.params.id,
          )
        : undefined;
      if (!name || !record) return reply.code(404).send(notFound());
      const meta = visibleMeta(state, name)!;
      const wanted = request.query.fields?.split(',').map((field) => field.trim().toLowerCase());
      const result: Record<string, unknown> = {
        attributes: {
          type: name,
          url: `/services/data/${request.params.version}/sobjects/${name}/${record.Id}`,
        },
      };
      for (const field of meta.fields)
        if (!wanted || wanted.includes(field.name.toLowerCase()))
          result[field.name] = record[field.name] ?? null;
      return result;
    },
  );

  app.patch<{ Params: RecordParams; Body: Record<string, unknown> | undefined }>(
    '/services/data/:version/sobjects/:sobject/:id',
    async (request, reply) => {
      const state = ctx.state;
      const name = canonicalObjectName(state, request.params.sobject);
      const record = name
        ? state.records[name]?.find(
            (candidate) =>
              candidate.Id === request.params.id || candidate.Id.slice(0, 15) === request.params.id,
          )
        : undefined;
      if (!name || !record) return reply.code(404).send(notFound());
      if (!writableObjects.includes(name))
        return reply
          .code(400)
          .send(
            sfErrors('INVALID_TYPE_FOR_OPERATION', `entity type ${name} does not support update`),
          );
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return reply
          .code(400)
          .send(sfErrors('JSON_PARSER_ERROR', 'The request body must be a JSON object'));
      const result = updateRecord(ctx, name, record, { ...body });
      if (!result.ok) return reply.code(result.status).send(result.body);
      return reply.code(204).send();
    },
  );

  app.patch<{ Params: ExternalIdParams; Body: Record<string, unknown> | undefined }>(
    '/services/data/:version/sobjects/:sobject/:field/:value',
    async (request, reply) => {
      const { version, sobject, field, value } = request.params;
      const answer = upsertByExternalId(ctx, version, sobject, field, value, request.body);
      return answer.body === null
        ? reply.code(answer.status).send()
        : reply.code(answer.status).send(answer.body);
    },
  );

  app.delete<{ Params: RecordParams }>(
    '/services/data/:version/sobjects/:sobject/:id',
    async (request, reply) => {
      const name = canonicalObjectName(ctx.state, request.params.sobject);
      const answer = deleteRecord(ctx, name, request.params.id);
      return answer.status === 204
        ? reply.code(204).send()
        : reply.code(answer.status).send(answer.body);
    },
  );
}
