import type { ProviderContext } from '../../core/provider.js';
import { notFound, sfErrors } from './errors.js';
import { errorsFor } from './record-errors.js';
import { findField } from './schema.js';
import { sfTime, type SObjectRecord, type SalesforceState } from './state.js';
import { duplicateValueProblem } from './unique-values.js';
import { visibleMeta } from './visibility.js';

export type WriteResult =
  { ok: true; record: SObjectRecord } | { ok: false; status: number; body: unknown };

const keyPrefixes: Record<string, string> = {
  Lead: '00Q',
  Contact: '003',
  Task: '00T',
  EmailMessage: '02s',
  EmailMessageRelation: '0C5',
  FieldPermissions: '01k',
};

/** Object types the API can create and update here. */
export const writableObjects = Object.keys(keyPrefixes);

function fullName(record: SObjectRecord): string {
  return [record.FirstName, record.LastName]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
}

/** Creates a record after the checks Salesforce makes: known, writable fields; required fields; references. */
export function createRecord(
  ctx: ProviderContext<SalesforceState>,
  objectName: string,
  input: Record<string, unknown>,
): WriteResult {
  const state = ctx.state;
  const meta = visibleMeta(state, objectName)!;
  const problem =
    errorsFor(state, objectName, meta, input, 'create') ??
    duplicateValueProblem(state, objectName, meta, input, null);
  if (problem) return { ok: false, ...problem };
  const now = sfTime(ctx.now());
  const record: SObjectRecord = { Id: state.ids.next(keyPrefixes[objectName]!) };
  for (const field of meta.fields) {
    if (field.defaultValue !== undefined) record[field.name] = field.defaultValue;
    else if (field.type === 'boolean') record[field.name] = false;
    else if (field.name !== 'Id') record[field.name] = null;
  }
  for (const [name, value] of Object.entries(input)) record[findField(meta, name)!.name] = value;
  if (findField(meta, 'OwnerId') && !input.OwnerId) record.OwnerId = state.connectedUserId;
  if (findField(meta, 'Name') && (objectName === 'Lead' || objectName === 'Contact'))
    record.Name = fullName(record);
  if (objectName === 'EmailMessageRelation')
    record.RelationObjectType =
      Object.entries(state.records).find(([, records]) =>
        records.some((candidate) => candidate.Id === input.RelationId),
      )?.[0] ?? null;
  Object.assign(record, { CreatedDate: now, LastModifiedDate: now, SystemModstamp: now });
  state.records[objectName]!.push(record);
  state.writes.push({
    at: now,
    action: 'create',
    sobject: objectName,
    id: record.Id,
    detail: input,
  });
  return { ok: true, record };
}

export function updateRecord(
  ctx: ProviderContext<SalesforceState>,
  objectName: string,
  record: SObjectRecord,
  input: Record<string, unknown>,
): WriteResult {
  const state = ctx.state;
  const meta = visibleMeta(state, objectName)!;
  const problem =
    errorsFor(state, objectName, meta, input, 'update') ??
    duplicateValueProblem(state, objectName, meta, input, record);
  if (problem) return { ok: false, ...problem };
  const now = sfTime(ctx.now());
  for (const [name, value] of Object.entries(input)) record[findField(meta, name)!.name] = value;
  if (objectName === 'Lead' || objectName === 'Contact') record.Name = fullName(record);
  Object.assign(record, { LastModifiedDate: now, SystemModstamp: now });
  state.writes.push({
    at: now,
    action: 'update',
    sobject: objectName,
    id: record.Id,
    detail: input,
  });
  return { ok: true, record };
}

/** Deletes a record (to the recycle bin, as far as the sandbox keeps one): 204, or 404 / 400 in Salesforce's words. */
export function deleteRecord(
  ctx: ProviderContext<SalesforceState>,
  objectName: string | undefined,
  id: string,
): { status: number; body: unknown } {
  const records = objectName ? ctx.state.records[objectName] : undefined;
  const index =
    records?.findIndex((candidate) => candidate.Id === id || candidate.Id.slice(0, 15) === id) ??
    -1;
  if (!objectName || !records || index < 0) return { status: 404, body: notFound() };
  if (!writableObjects.includes(objectName))
    return {
      status: 400,
      body: sfErrors(
        'INVALID_TYPE_FOR_OPERATION',
        `entity type ${objectName} does not support delete`,
      ),
    };
  const [removed] = records.splice(index, 1);
  ctx.state.writes.push({
    at: sfTime(ctx.now()),
    action: 'delete',
    sobject: objectName,
    id: removed!.Id,
    detail: {},
  });
  return { status: 204, body: null };
}
