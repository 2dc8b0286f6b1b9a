import { z } from 'zod';
import { salesforceAnswer, type SalesforceConnection } from './request.js';
import { querySalesforce, soqlString } from './soql.js';

/** spec §3 "SALESFORCE list": a list view of Lead or Contact, or a report. */
export interface SalesforceListInfo {
  Id: string;
  Name: string;
  type: 'ListView' | 'Report';
  SobjectType: string | null;
}

/** A column of a list view or report: what a block list reads emails or domains from. */
export interface SalesforceListField {
  name: string;
  label: string;
  type: string;
}

/** The objects whose list views can feed a block list. */
export const LIST_VIEW_OBJECTS = ['Lead', 'Contact'] as const;

/** Key prefix of ListView ids (reports have 00O). */
export const LIST_VIEW_PREFIX = '00B';

const listViewRecord = z.object({
  Id: z.string(),
  Name: z.string(),
  SobjectType: z.string().nullish(),
});
const reportRecord = z.object({ Id: z.string(), Name: z.string() });
const listViewObject = z.object({ Id: z.string(), SobjectType: z.string().nullish() });

/** SOQL on ListView (Lead and Contact) and on Report, list views first, each by name. */
export async function fetchSalesforceLists(
  connection: SalesforceConnection,
): Promise<SalesforceListInfo[]> {
  const objects = LIST_VIEW_OBJECTS.map(soqlString).join(', ');
  const views = await querySalesforce(
    connection,
    'listing list views',
    `SELECT Id, Name, SobjectType FROM ListView WHERE SobjectType IN (${objects}) ORDER BY Name`,
    listViewRecord,
  );
  const reports = await querySalesforce(
    connection,
    'listing reports',
    'SELECT Id, Name FROM Report ORDER BY Name',
    reportRecord,
  );
  return [
    ...views.map((view) => ({
      Id: view.Id,
      Name: view.Name,
      type: 'ListView' as const,
      SobjectType: view.SobjectType ?? null,
    })),
    ...reports.map((report) => ({
      Id: report.Id,
      Name: report.Name,
      type: 'Report' as const,
      SobjectType: null,
    })),
  ];
}

const listViewDescribe = z.object({
  columns: z.array(
    z.object({
      fieldNameOrPath: z.string(),
      label: z.string().nullish(),
      type: z.string().nullish(),
      hidden: z.boolean().optional(),
    }),
  ),
});

const reportDescribe = z.object({
  reportMetadata: z.object({ detailColumns: z.array(z.string()) }),
  reportExtendedMetadata: z.object({
    detailColumnInfo: z.record(
      z.string(),
      z.object({ label: z.string().nullish(), dataType: z.string().nullish() }),
    ),
  }),
});

async function listViewFields(
  connection: SalesforceConnection,
  id: string,
): Promise<SalesforceListField[] | null> {
  const [view] = await querySalesforce(
    connection,
    'reading a list view',
    `SELECT Id, SobjectType FROM ListView WHERE Id = ${soqlString(id)}`,
    listViewObject,
  );
  if (!view?.SobjectType) return null;
  const action = 'reading the list view columns';
  const answer = await salesforceAnswer(
    connection,
    {
      action,
      path: `/sobjects/${encodeURIComponent(view.SobjectType)}/listviews/${encodeURIComponent(view.Id)}/describe`,
    },
    listViewDescribe,
  );
  if (!answer.ok) return null;
  return answer.data.columns
    .filter((column) => !column.hidden)
    .map((column) => ({
      name: column.fieldNameOrPath,
      label: column.label ?? column.fieldNameOrPath,
      type: column.type ?? 'string',
    }));
}

async function reportFields(
  connection: SalesforceConnection,
  id: string,
): Promise<SalesforceListField[] | null> {
  const answer = await salesforceAnswer(
    connection,
    {
      action: 'reading the report fields',
      path: `/analytics/reports/${encodeURIComponent(id)}/describe`,
    },
    reportDescribe,
  );
  if (!answer.ok) return null;
  const info = answer.data.reportExtendedMetadata.detailColumnInfo;
  return answer.data.reportMetadata.detailColumns.map((column) => ({
    name: column,
    label: info[column]?.label ?? column,
    type: info[column]?.dataType ?? 'string',
  }));
}

/** The fields (columns) of a report or a list view, by its id; null when Salesforce has no such list. */
export function fetchSalesforceListFields(
  connection: SalesforceConnection,
  id: string,
): Promise<SalesforceListField[] | null> {
  return id.startsWith(LIST_VIEW_PREFIX)
    ? listViewFields(connection, id)
    : reportFields(connection, id);
}
