import type { ProviderContext } from '../../core/provider.js';
import { sfErrors } from './errors.js';
import { createRecord, updateRecord, writableObjects } from './records.js';
import { findField } from './schema.js';
import type { SalesforceState } from './state.js';
import { canonicalObjectName, visibleMeta } from './visibility.js';

export interface UpsertAnswer {
  status: number;
  body: unknown;
}

/**
 * Upsert by external id (`PATCH /sobjects/{object}/{field}/{value}`): no record holds the value, one is
 * created (201, created: true); one does, it is updated (200 with created: false from API 46.0, 204
 * before); several do, 300. The field must be an external id the connected user can see.
 */
export function upsertByExternalId(
  ctx: ProviderContext<SalesforceState>,
  version: string,
  sobject: string,
  fieldName: string,
  value: string,
  body: unknown,
): UpsertAnswer {
  const name = canonicalObjectName(ctx.state, sobject);
  const meta = name ? visibleMeta(ctx.state, name) : undefined;
  if (!name || !meta)
    return { status: 404, body: sfErrors('NOT_FOUND', 'The requested resource does not exist') };
  const field = findField(meta, fieldName);
  if (!field?.externalId)
    return {
      status: 404,
      body: sfErrors(
        'NOT_FOUND',
        `Provided external ID field does not exist or is not accessible: ${fieldName}`,
      ),
    };
  if (!writableObjects.includes(name))
    return {
      status: 400,
      body: sfErrors('INVALID_TYPE_FOR_OPERATION', `entity type ${name} does not support upsert`),
    };
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return {
      status: 400,
      body: sfErrors('JSON_PARSER_ERROR', 'The request body must be a JSON object'),
    };
  const wanted = value.toLowerCase();
  const matches = (ctx.state.records[name] ?? []).filter(
    (record) =>
      record[field.name] !== null &&
      record[field.name] !== undefined &&
      String(record[field.name]).toLowerCase() === wanted,
  );
  if (matches.length > 1)
    return {
      status: 300,
      body: matches.map((record) => `/services/data/${version}/sobjects/${name}/${record.Id}`),
    };
  const input = { ...(body as Record<string, unknown>), [field.name]: value };
  if (matches.length === 0) {
    const created = createRecord(ctx, name, input);
    return created.ok
      ? { status: 201, body: { id: created.record.Id, success: true, errors: [], created: true } }
      : { status: created.status, body: created.body };
  }
  const updated = updateRecord(ctx, name, matches[0]!, input);
  if (!updated.ok) return { status: updated.status, body: updated.body };
  return Number(version.slice(1)) >= 46
    ? { status: 200, body: { id: updated.record.Id, success: true, errors: [], created: false } }
    : { status: 204, body: null };
}
