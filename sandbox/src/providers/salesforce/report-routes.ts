import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { notFound } from './errors.js';
import { runSoql } from './soql.js';
import type { ReportDef, SalesforceState } from './state.js';
import { querySource } from './visibility.js';

type Params = { version: string; id: string };

/** The Analytics API's names for field data types. */
const dataTypes: Record<string, string> = {
  string: 'string',
  email: 'email',
  url: 'url',
  phone: 'phone',
  boolean: 'boolean',
  double: 'double',
  date: 'date',
  datetime: 'datetime',
};

function reportMetadata(report: ReportDef) {
  return {
    id: report.Id,
    name: report.Name,
    developerName: report.DeveloperName,
    folderId: '00l8d000000AAAAAA0',
    reportFormat: report.Format.toUpperCase(),
    reportType: report.reportType,
    detailColumns: report.columns.map((column) => column.column),
    groupingsDown: [],
    groupingsAcross: [],
    aggregates: ['RowCount'],
    reportFilters: [],
    hasDetailRows: true,
    scope: 'organization',
  };
}

function extendedMetadata(report: ReportDef) {
  return {
    detailColumnInfo: Object.fromEntries(
      report.columns.map((column) => [
        column.column,
        { label: column.label, dataType: dataTypes[column.dataType] ?? 'string' },
      ]),
    ),
    aggregateColumnInfo: {
      RowCount: {
        label: 'Record Count',
        dataType: 'int',
        acrossGroupingContext: null,
        downGroupingContext: null,
      },
    },
    groupingColumnInfo: {},
  };
}

/** Analytics API: list reports, describe one (its detail columns, i.e. the report's fields) and run it. */
export function salesforceReportRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  const find = (id: string) =>
    ctx.state.reports.find((report) => report.Id === id || report.Id.slice(0, 15) === id);

  app.get<{ Params: { version: string } }>(
    '/services/data/:version/analytics/reports',
    async (request) =>
      ctx.state.reports.map((report) => {
        const url = `/services/data/${request.params.version}/analytics/reports/${report.Id}`;
        return {
          id: report.Id,
          name: report.Name,
          url,
          describeUrl: `${url}/describe`,
          instancesUrl: `${url}/instances`,
        };
      }),
  );

  app.get<{ Params: Params }>(
    '/services/data/:version/analytics/reports/:id/describe',
    async (request, reply) => {
      const report = find(request.params.id);
      if (!report) return reply.code(404).send(notFound());
      return {
        attributes: {
          type: 'Report',
          reportId: report.Id,
          reportName: report.Name,
          describeUrl: `/services/data/${request.params.version}/analytics/reports/${report.Id}/describe`,
        },
        reportMetadata: reportMetadata(report),
        reportExtendedMetadata: extendedMetadata(report),
        reportTypeMetadata: {
          categories: [
            {
              label: `${report.reportType.label} Information`,
              columns: Object.fromEntries(
                report.columns.map((column) => [
                  column.column,
                  {
                    label: column.label,
                    dataType: dataTypes[column.dataType] ?? 'string',
                    filterable: true,
                    filterValues: [],
                  },
                ]),
              ),
            },
          ],
          dataTypeFilterOperatorMap: {},
        },
      };
    },
  );

  const run = async (
    request: { params: Params },
    reply: { code(status: number): { send(body: unknown): unknown } },
  ) => {
    const report = find(request.params.id);
    if (!report) return reply.code(404).send(notFound());
    const fields = report.columns.map((column) => column.field);
    const query = `SELECT Id, ${fields.join(', ')} FROM ${report.sobject}${report.where ? ` WHERE ${report.where}` : ''}`;
    const records = runSoql(querySource(ctx.state, request.params.version), query)
      .records as Record<string, unknown>[];
    return {
      attributes: { type: 'Report', reportId: report.Id, reportName: report.Name },
      allData: true,
      hasDetailRows: true,
      factMap: {
        'T!T': {
          aggregates: [{ label: String(records.length), value: records.length }],
          rows: records.map((record) => ({
            dataCells: report.columns.map((column) => ({
              label:
                record[column.field] === null || record[column.field] === undefined
                  ? '-'
                  : String(record[column.field]),
              value: record[column.field] ?? null,
            })),
          })),
        },
      },
      reportMetadata: reportMetadata(report),
      reportExtendedMetadata: extendedMetadata(report),
    };
  };
  app.get<{ Params: Params }>('/services/data/:version/analytics/reports/:id', run);
  app.post<{ Params: Params }>('/services/data/:version/analytics/reports/:id', run);
}
