import { z } from 'zod';
import { providerRefused } from '../../providers/provider-http.js';
import { LIST_VIEW_PREFIX } from './lists.js';
import { salesforceRequest, type SalesforceConnection } from './request.js';
import { querySalesforce, soqlString } from './soql.js';

/** A row of a list view or report: its record id (or row number) and the chosen fields' values. */
export interface SalesforceListRecord {
  recordId: string;
  values: Record<string, string | null>;
}

/** List view results come at most 2,000 a page. */
const LIST_VIEW_PAGE = 2000;
const MAX_PAGES = 500;

const listViewObject = z.object({ Id: z.string(), SobjectType: z.string().nullish() });
const listViewResults = z.object({
  done: z.boolean(),
  records: z.array(
    z.object({
      columns: z.array(z.object({ fieldNameOrPath: z.string(), value: z.string().nullish() })),
    }),
  ),
});
const reportRun = z.object({
  reportMetadata: z.object({ detailColumns: z.array(z.string()) }),
  factMap: z.record(
    z.string(),
    z.object({
      rows: z
        .array(
          z.object({
            dataCells: z.array(z.object({ value: z.unknown(), label: z.string().nullish() })),
          }),
        )
        .nullish(),
    }),
  ),
});

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

async function listViewRecords(
  connection: SalesforceConnection,
  id: string,
  fields: readonly string[],
): Promise<SalesforceListRecord[]> {
  const [view] = await querySalesforce(
    connection,
    'reading a list view',
    `SELECT Id, SobjectType FROM ListView WHERE Id = ${soqlString(id)}`,
    listViewObject,
  );
  if (!view?.SobjectType) providerRefused('Salesforce', `Salesforce has no list view ${id}`, 404);
  const records: SalesforceListRecord[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await salesforceRequest(
      connection,
      {
        action: 'reading the list view',
        path: `/sobjects/${encodeURIComponent(view.SobjectType)}/listviews/${encodeURIComponent(view.Id)}/results`,
        query: { limit: LIST_VIEW_PAGE, offset: page * LIST_VIEW_PAGE },
      },
      listViewResults,
    );
    for (const row of answer.records) {
      const cells = new Map(row.columns.map((cell) => [cell.fieldNameOrPath, cell.value ?? null]));
      records.push({
        recordId: cells.get('Id') ?? `${records.length + 1}`,
        values: Object.fromEntries(fields.map((field) => [field, cells.get(field) ?? null])),
      });
    }
    if (answer.done || answer.records.length === 0) break;
  }
  return records;
}

async function reportRecords(
  connection: SalesforceConnection,
  id: string,
  fields: readonly string[],
): Promise<SalesforceListRecord[]> {
  const answer = await salesforceRequest(
    connection,
    {
      action: 'running the report',
      path: `/analytics/reports/${encodeURIComponent(id)}`,
      query: { includeDetails: 'true' },
    },
    reportRun,
  );
  const columns = answer.reportMetadata.detailColumns;
  const rows = answer.factMap['T!T']?.rows ?? [];
  return rows.map((row, index) => ({
    recordId: `${id}:${index + 1}`,
    values: Object.fromEntries(
      fields.map((field) => [field, text(row.dataCells[columns.indexOf(field)]?.value)]),
    ),
  }));
}

/** The rows of a list view (every page) or a report (its detail rows), with the chosen fields' values. */
export function readSalesforceListRecords(
  connection: SalesforceConnection,
  id: string,
  fields: readonly string[],
): Promise<SalesforceListRecord[]> {
  return id.startsWith(LIST_VIEW_PREFIX)
    ? listViewRecords(connection, id, fields)
    : reportRecords(connection, id, fields);
}
