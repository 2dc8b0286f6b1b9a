import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { notFound } from './errors.js';
import { parseSoql, resolvePath, runSoql, type QuerySource } from './soql.js';
import type { ListViewDef, SalesforceState } from './state.js';
import { canonicalObjectName, querySource } from './visibility.js';

type Params = { version: string; sobject: string; id?: string };

function describeView(view: ListViewDef, version: string) {
  const base = `/services/data/${version}/sobjects/${view.SobjectType}/listviews/${view.Id}`;
  return {
    describeUrl: `${base}/describe`,
    developerName: view.DeveloperName,
    id: view.Id,
    label: view.Name,
    resultsUrl: `${base}/results`,
    soqlCompatible: true,
    url: base,
  };
}

function column(source: QuerySource, objectName: string, path: string, hidden: boolean) {
  const resolved = resolvePath(source, objectName, path);
  return {
    ascendingLabel: resolved.field.type === 'boolean' ? 'False-True' : 'A-Z',
    descendingLabel: resolved.field.type === 'boolean' ? 'True-False' : 'Z-A',
    fieldNameOrPath: resolved.names.join('.'),
    hidden,
    label: resolved.field.label,
    selectListItem: resolved.names.join('.'),
    sortDirection: null,
    sortIndex: null,
    sortable: true,
    type: resolved.field.type,
  };
}

/** The value at a dotted path of a query result record (relationships are nested objects). */
function pathValue(record: Record<string, unknown>, path: string): unknown {
  return (
    path
      .split('.')
      .reduce<unknown>(
        (value, part) =>
          value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : null,
        record,
      ) ?? null
  );
}

/** List views of an object, their describe, and their results (the view's SOQL run now), with limit/offset paging. */
export function salesforceListViewRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  const views = (objectName: string) =>
    ctx.state.listViews.filter((view) => view.SobjectType === objectName);
  const find = (params: Params) => {
    const objectName = canonicalObjectName(ctx.state, params.sobject);
    const view = objectName
      ? views(objectName).find(
          (candidate) =>
            candidate.Id === params.id ||
            candidate.Id.slice(0, 15) === params.id ||
            candidate.DeveloperName === params.id,
        )
      : undefined;
    return view;
  };

  app.get<{ Params: Params }>(
    '/services/data/:version/sobjects/:sobject/listviews',
    async (request, reply) => {
      const objectName = canonicalObjectName(ctx.state, request.params.sobject);
      if (!objectName) return reply.code(404).send(notFound());
      const list = views(objectName).map((view) => describeView(view, request.params.version));
      return {
        done: true,
        listviews: list,
        nextRecordsUrl: null,
        size: list.length,
        sobjectType: objectName,
      };
    },
  );

  app.get<{ Params: Params }>(
    '/services/data/:version/sobjects/:sobject/listviews/:id',
    async (request, reply) => {
      const view = find(request.params);
      return view ? describeView(view, request.params.version) : reply.code(404).send(notFound());
    },
  );

  app.get<{ Params: Params }>(
    '/services/data/:version/sobjects/:sobject/listviews/:id/describe',
    async (request, reply) => {
      const view = find(request.params);
      if (!view) return reply.code(404).send(notFound());
      const source = querySource(ctx.state, request.params.version);
      const parsed = parseSoql(view.query);
      const whereText = /\bWHERE\b(.*?)(\bORDER\b|$)/i.exec(view.query)?.[1]?.trim() ?? null;
      return {
        columns: [
          column(source, view.SobjectType, 'Id', true),
          ...view.columns.map((path) => column(source, view.SobjectType, path, false)),
        ],
        id: view.Id,
        orderBy: parsed.orderBy.map((order) => ({
          fieldNameOrPath: order.field,
          nullsPosition: 'first',
          sortDirection: order.descending ? 'descending' : 'ascending',
        })),
        query: view.query,
        relatedEntityId: null,
        scope: 'everything',
        scopeEntityId: null,
        sobjectType: view.SobjectType,
        whereCondition: whereText ? { text: whereText } : { conditions: [], conjunction: 'and' },
      };
    },
  );

  app.get<{ Params: Params; Querystring: { limit?: string; offset?: string } }>(
    '/services/data/:version/sobjects/:sobject/listviews/:id/results',
    async (request, reply) => {
      const view = find(request.params);
      if (!view) return reply.code(404).send(notFound());
      const limit = Math.min(2000, Math.max(1, Number(request.query.limit ?? 25) || 25));
      const offset = Math.max(0, Number(request.query.offset ?? 0) || 0);
      const source = querySource(ctx.state, request.params.version);
      const all = runSoql(source, view.query).records as Record<string, unknown>[];
      const page = all.slice(offset, offset + limit);
      const columns = [
        column(source, view.SobjectType, 'Id', true),
        ...view.columns.map((path) => column(source, view.SobjectType, path, false)),
      ];
      return {
        columns,
        developerName: view.DeveloperName,
        done: offset + page.length >= all.length,
        id: view.Id,
        label: view.Name,
        records: page.map((record) => ({
          columns: columns.map((entry) => {
            const value = pathValue(record, entry.fieldNameOrPath);
            return {
              fieldNameOrPath: entry.fieldNameOrPath,
              value: value === null ? null : String(value),
            };
          }),
        })),
        size: page.length,
      };
    },
  );
}
