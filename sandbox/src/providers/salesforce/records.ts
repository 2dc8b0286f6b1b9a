import type { ProviderContext } from '../../core/provider.js';
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
