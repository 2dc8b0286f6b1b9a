import { z } from 'zod';
import { providerBadAnswer } from '../../providers/provider-http.js';
import { SALESFORCE_API_VERSION, salesforceAnswer, type SalesforceConnection } from './request.js';
import { querySalesforce, soqlString } from './soql.js';

/** An API name Salesforce could have (Lead, Email, os_open_count__c): nothing else goes into SOQL text. */
const apiName = /^[A-Za-z][A-Za-z0-9_]*$/;

export function assertApiName(name: string): string {
  if (!apiName.test(name)) throw new Error(`Not a Salesforce API name: ${name}`);
  return name;
}

/** The REST path of a resource under the adapter's API version, for composite subrequests. */
export const restPath = (path: string): string => `/services/data/${SALESFORCE_API_VERSION}${path}`;

/**
 * The oldest Lead or Contact whose field equals the value (SOQL; consistent at once), with `fields`.
 * Converted leads are left out: Salesforce keeps them, but they are no longer worked.
 */
export async function findSalesforceRecord(
  connection: SalesforceConnection,
  object: string,
  by: { field: string; value: string },
  fields: string[],
): Promise<(Record<string, unknown> & { Id: string }) | null> {
  const selected = [...new Set(['Id', ...fields])].map(assertApiName).join(', ');
  const converted = object === 'Lead' ? ' AND IsConverted = false' : '';
  const soql = `SELECT ${selected} FROM ${assertApiName(object)} WHERE ${assertApiName(by.field)} = ${soqlString(by.value)}${converted} ORDER BY CreatedDate ASC LIMIT 1`;
  const records = await querySalesforce(
    connection,
    `finding a ${object} by ${by.field}`,
    soql,
    z.object({ Id: z.string() }).loose(),
  );
  return (records[0] as (Record<string, unknown> & { Id: string }) | undefined) ?? null;
}

export interface CompositeSubrequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A path from /services/data/…; `@{referenceId.id}` refers to an earlier subrequest's answer. */
  url: string;
  referenceId: string;
  body?: unknown;
}

export interface CompositeSubresponse {
  referenceId: string;
  httpStatusCode: number;
  body: unknown;
}

const compositeAnswer = z
  .object({
    compositeResponse: z.array(
      z.object({ referenceId: z.string(), httpStatusCode: z.number(), body: z.unknown() }).loose(),
    ),
  })
  .loose();

/** Salesforce's limit on one composite request. */
export const COMPOSITE_MAX_SUBREQUESTS = 25;

/**
 * POST /composite: up to 25 subrequests in order, as one API call. Each subresponse carries its own
 * status and body (a refusal in Salesforce's words); a refusal of the whole request is returned too.
 */
export async function salesforceComposite(
  connection: SalesforceConnection,
  action: string,
  subrequests: CompositeSubrequest[],
  allOrNone = false,
): Promise<
  | { ok: true; responses: CompositeSubresponse[] }
  | { ok: false; status: number; errorCode: string; message: string }
> {
  if (subrequests.length === 0 || subrequests.length > COMPOSITE_MAX_SUBREQUESTS)
    throw new Error(
      `A composite request takes 1 to ${COMPOSITE_MAX_SUBREQUESTS} subrequests, not ${subrequests.length}`,
    );
  const answer = await salesforceAnswer(
    connection,
    {
      action,
      path: '/composite',
      method: 'POST',
      body: { allOrNone, compositeRequest: subrequests },
    },
    compositeAnswer,
  );
  if (!answer.ok) return answer;
  if (answer.data.compositeResponse.length !== subrequests.length)
    providerBadAnswer('Salesforce', action);
  return { ok: true, responses: answer.data.compositeResponse };
}

/** "REQUIRED_FIELD_MISSING: Required fields are missing: [Company]" from a REST error body. */
export function salesforceWords(body: unknown): string {
  const errors = Array.isArray(body) ? body : [body];
  const texts = errors
    .filter((error): error is Record<string, unknown> => !!error && typeof error === 'object')
    .map((error) =>
      [error.errorCode ?? error.statusCode, error.message]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(': '),
    )
    .filter(Boolean);
  return texts.length > 0 ? texts.join('; ') : 'Salesforce refused the request';
}
