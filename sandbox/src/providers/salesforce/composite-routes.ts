import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../../core/provider.js';
import { sfErrors } from './errors.js';
import { createRecord, deleteRecord, updateRecord, writableObjects } from './records.js';
import { runSoql, SoqlError } from './soql.js';
import type { SalesforceState, SObjectRecord } from './state.js';
import { upsertByExternalId } from './upsert.js';
import { canonicalObjectName, querySource, visibleMeta } from './visibility.js';

type VersionParams = { version: string };

interface Answer {
  status: number;
  body: unknown;
}

/** The composite API's limits (Salesforce REST docs): 25 subrequests a composite request, 200 records a collection. */
export const COMPOSITE_MAX_SUBREQUESTS = 25;
export const COLLECTION_MAX_RECORDS = 200;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function findRecord(
  state: SalesforceState,
  objectName: string,
  id: string,
): SObjectRecord | undefined {
  return state.records[objectName]?.find(
    (candidate) => candidate.Id === id || candidate.Id.slice(0, 15) === id,
  );
}

function create(ctx: ProviderContext<SalesforceState>, sobject: string, body: unknown): Answer {
  const name = canonicalObjectName(ctx.state, sobject);
  if (!name)
    return { status: 404, body: sfErrors('NOT_FOUND', 'The requested resource does not exist') };
  if (!writableObjects.includes(name))
    return {
      status: 400,
      body: sfErrors('INVALID_TYPE_FOR_OPERATION', `entity type ${name} does not support insert`),
    };
  if (!isObject(body))
    return {
      status: 400,
      body: sfErrors('JSON_PARSER_ERROR', 'The request body must be a JSON object'),
    };
  const result = createRecord(ctx, name, { ...body });
  return result.ok
    ? { status: 201, body: { id: result.record.Id, success: true, errors: [] } }
    : { status: result.status, body: result.body };
}

function update(
  ctx: ProviderContext<SalesforceState>,
  sobject: string,
  id: string,
  body: unknown,
): Answer {
  const name = canonicalObjectName(ctx.state, sobject);
  const record = name ? findRecord(ctx.state, name, id) : undefined;
  if (!name || !record)
    return { status: 404, body: sfErrors('NOT_FOUND', 'The requested resource does not exist') };
  if (!writableObjects.includes(name))
    return {
      status: 400,
      body: sfErrors('INVALID_TYPE_FOR_OPERATION', `entity type ${name} does not support update`),
    };
  if (!isObject(body))
    return {
      status: 400,
      body: sfErrors('JSON_PARSER_ERROR', 'The request body must be a JSON object'),
    };
  const result = updateRecord(ctx, name, record, { ...body });
  return result.ok ? { status: 204, body: null } : { status: result.status, body: result.body };
}

function read(
  ctx: ProviderContext<SalesforceState>,
  version: string,
  sobject: string,
  id: string,
): Answer {
  const name = canonicalObjectName(ctx.state, sobject);
  const record = name ? findRecord(ctx.state, name, id) : undefined;
  if (!name || !record)
    return { status: 404, body: sfErrors('NOT_FOUND', 'The requested resource does not exist') };
  const result: Record<string, unknown> = {
    attributes: { type: name, url: `/services/data/${version}/sobjects/${name}/${record.Id}` },
  };
  for (const field of visibleMeta(ctx.state, name)!.fields)
    result[field.name] = record[field.name] ?? null;
  return { status: 200, body: result };
}

/** One subrequest of a composite request, run like the route it names (sobject create, read, update, delete; query). */
function runSubrequest(
  ctx: ProviderContext<SalesforceState>,
  method: string,
  url: string,
  body: unknown,
): Answer {
  const parsed = new URL(url, 'http://composite.local');
  const match = /^\/services\/data\/(v\d{2}\.0)\/(.+)$/.exec(parsed.pathname);
  if (!match)
    return {
      status: 400,
      body: sfErrors('INVALID_URL', `The URL ${url} is not a REST resource of this version`),
    };
  const [, version, rest] = match as unknown as [string, string, string];
  const parts = rest.split('/');
  if (parts[0] === 'query' && parts.length === 1 && method === 'GET') {
    try {
      return {
        status: 200,
        body: runSoql(querySource(ctx.state, version), parsed.searchParams.get('q') ?? ''),
      };
    } catch (error) {
      if (error instanceof SoqlError)
        return { status: 400, body: sfErrors(error.errorCode, error.message) };
      throw error;
    }
  }
  if (parts[0] === 'sobjects' && parts.length === 2 && method === 'POST')
    return create(ctx, parts[1]!, body);
  if (parts[0] === 'sobjects' && parts.length === 3 && method === 'PATCH')
    return update(ctx, parts[1]!, parts[2]!, body);
  if (parts[0] === 'sobjects' && parts.length === 4 && method === 'PATCH')
    return upsertByExternalId(
      ctx,
      version,
      parts[1]!,
      parts[2]!,
      decodeURIComponent(parts[3]!),
      body,
    );
  if (parts[0] === 'sobjects' && parts.length === 3 && method === 'GET')
    return read(ctx, version, parts[1]!, parts[2]!);
  if (parts[0] === 'sobjects' && parts.length === 3 && method === 'DELETE')
    return deleteRecord(ctx, canonicalObjectName(ctx.state, parts[1]!), parts[2]!);
  return {
    status: 400,
    body: sfErrors(
      'INVALID_URL',
      `The composite API does not run ${method} ${parsed.pathname} in the sandbox`,
    ),
  };
}

/** Replaces `@{referenceId.field}` in a URL or body with the earlier subrequest's answer; the reference that has no value, else. */
function resolveReferences(
  value: string,
  results: Map<string, Answer>,
): { text: string } | { missing: string } {
  let missing: string | undefined;
  const text = value.replace(
    /@\{([A-Za-z0-9_]+)\.([A-Za-z0-9_.[\]]+)\}/g,
    (whole, referenceId: string, path: string) => {
      const answer = results.get(referenceId);
      let current: unknown = answer && answer.status < 300 ? answer.body : undefined;
      for (const key of path.replace(/\[(\d+)\]/g, '.$1').split('.'))
        current =
          isObject(current) || Array.isArray(current)
            ? (current as Record<string, unknown>)[key]
            : undefined;
      if (current === undefined || current === null) {
        missing ??= `${referenceId}.${path}`;
        return whole;
      }
      return String(current);
    },
  );
  return missing === undefined ? { text } : { missing };
}

/** With allOrNone, a failure undoes every write of the request: the records and the write log as they were. */
function snapshot(state: SalesforceState): () => void {
  const records = structuredClone(state.records);
  const writes = state.writes.length;
  return () => {
    state.records = records;
    state.writes.length = writes;
  };
}

/**
 * Composite (`POST /composite`, up to 25 subrequests run in order, one API call, `@{ref.id}` references)
 * and sObject collections (`POST`/`PATCH /composite/sobjects`, up to 200 records).
 */
export function salesforceCompositeRoutes(
  app: FastifyInstance,
  ctx: ProviderContext<SalesforceState>,
): void {
  app.post<{
    Params: VersionParams;
    Body:
      | {
          allOrNone?: boolean;
          compositeRequest?: {
            method?: string;
            url?: string;
            referenceId?: string;
            body?: unknown;
          }[];
        }
      | undefined;
  }>('/services/data/:version/composite', async (request, reply) => {
    const subrequests = request.body?.compositeRequest;
    if (!Array.isArray(subrequests) || subrequests.length === 0)
      return reply
        .code(400)
        .send(
          sfErrors('JSON_PARSER_ERROR', 'compositeRequest is required and must list subrequests'),
        );
    if (subrequests.length > COMPOSITE_MAX_SUBREQUESTS) {
      return reply
        .code(400)
        .send(
          sfErrors(
            'LIMIT_EXCEEDED',
            `Limit Exceeded: the composite request has ${subrequests.length} subrequests; the maximum is ${COMPOSITE_MAX_SUBREQUESTS}`,
          ),
        );
    }
    const references = subrequests.map((subrequest) => subrequest.referenceId);
    if (
      references.some((reference) => !reference || !/^[A-Za-z][A-Za-z0-9_]*$/.test(reference)) ||
      new Set(references).size !== references.length
    ) {
      return reply
        .code(400)
        .send(
          sfErrors(
            'INVALID_INPUT',
            'Every subrequest needs a unique referenceId of letters, digits and underscores, starting with a letter',
          ),
        );
    }
    const allOrNone = request.body?.allOrNone === true;
    const restore = allOrNone ? snapshot(ctx.state) : () => undefined;
    const results = new Map<string, Answer>();
    const answers: {
      body: unknown;
      httpHeaders: Record<string, string>;
      httpStatusCode: number;
      referenceId: string;
    }[] = [];
    let halted = false;
    for (const subrequest of subrequests) {
      const referenceId = subrequest.referenceId!;
      let answer: Answer;
      if (halted)
        answer = {
          status: 400,
          body: sfErrors(
            'PROCESSING_HALTED',
            'The transaction was rolled back since another operation in the same transaction failed.',
          ),
        };
      else {
        const url = resolveReferences(subrequest.url ?? '', results);
        const body =
          subrequest.body === undefined
            ? { text: undefined as string | undefined }
            : resolveReferences(JSON.stringify(subrequest.body), results);
        if ('missing' in url || 'missing' in body) {
          const missing = 'missing' in url ? url.missing : (body as { missing: string }).missing;
          answer = {
            status: 400,
            body: sfErrors(
              'PROCESSING_HALTED',
              `Invalid reference specified. No value for ${missing} found in ${missing.split('.')[0]}.`,
            ),
          };
        } else
          answer = runSubrequest(
            ctx,
            (subrequest.method ?? 'GET').toUpperCase(),
            url.text,
            body.text === undefined ? undefined : JSON.parse(body.text),
          );
      }
      results.set(referenceId, answer);
      answers.push({
        body: answer.body,
        httpHeaders:
          answer.status === 201
            ? { Location: `${subrequest.url ?? ''}/${(answer.body as { id?: string }).id ?? ''}` }
            : {},
        httpStatusCode: answer.status,
        referenceId,
      });
      if (allOrNone && answer.status >= 400 && !halted) {
        halted = true;
        restore();
        // the ones already answered are rolled back too
        for (const earlier of answers.slice(0, -1)) {
          if (earlier.httpStatusCode < 400)
            Object.assign(earlier, {
              httpStatusCode: 400,
              httpHeaders: {},
              body: sfErrors(
                'PROCESSING_HALTED',
                'The transaction was rolled back since another operation in the same transaction failed.',
              ),
            });
        }
      }
    }
    return { compositeResponse: answers };
  });

  const collection =
    (method: 'POST' | 'PATCH') =>
    async (
      request: { body?: { allOrNone?: boolean; records?: unknown[] } },
      reply: { code(status: number): { send(body: unknown): unknown } },
    ) => {
      const records = request.body?.records;
      if (!Array.isArray(records) || records.length === 0)
        return reply
          .code(400)
          .send(sfErrors('JSON_PARSER_ERROR', 'records is required and must list records'));
      if (records.length > COLLECTION_MAX_RECORDS)
        return reply
          .code(400)
          .send(
            sfErrors(
              'EXCEEDED_ID_LIMIT',
              `record limit reached. cannot submit more than ${COLLECTION_MAX_RECORDS} records in this operation`,
            ),
          );
      const allOrNone = request.body?.allOrNone === true;
      const restore = allOrNone ? snapshot(ctx.state) : () => undefined;
      const results: { id?: string; success: boolean; errors: unknown[] }[] = [];
      for (const record of records) {
        const { attributes, id, ...fields } = isObject(record) ? record : {};
        const type =
          isObject(attributes) && typeof attributes.type === 'string' ? attributes.type : '';
        const answer = !type
          ? { status: 400, body: sfErrors('INVALID_TYPE', 'Must send a concrete entity type.') }
          : method === 'POST'
            ? create(ctx, type, fields)
            : update(ctx, type, typeof id === 'string' ? id : '', fields);
        if (answer.status < 300)
          results.push({
            id: method === 'POST' ? (answer.body as { id: string }).id : String(id),
            success: true,
            errors: [],
          });
        else {
          const errors = Array.isArray(answer.body)
            ? answer.body.map((error: Record<string, unknown>) => ({
                statusCode: error.errorCode,
                message: error.message,
                fields: error.fields ?? [],
              }))
            : [];
          results.push({ ...(typeof id === 'string' ? { id } : {}), success: false, errors });
        }
      }
      if (allOrNone && results.some((result) => !result.success)) {
        restore();
        return results.map((result) =>
          result.success
            ? {
                id: result.id,
                success: false,
                errors: [
                  {
                    statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
                    message:
                      'Record rolled back because not all records were valid and the request was using AllOrNone header',
                    fields: [],
                  },
                ],
              }
            : result,
        );
      }
      return results;
    };
  app.post<{
    Params: VersionParams;
    Body: { allOrNone?: boolean; records?: unknown[] } | undefined;
  }>('/services/data/:version/composite/sobjects', collection('POST'));
  app.patch<{
    Params: VersionParams;
    Body: { allOrNone?: boolean; records?: unknown[] } | undefined;
  }>('/services/data/:version/composite/sobjects', collection('PATCH'));
}
