import { sfErrors } from './errors.js';
import { findField, type ObjectMeta } from './schema.js';
import type { SalesforceState, SObjectRecord } from './state.js';

/**
 * Salesforce keeps a unique field's values unique on its object (text compared without case, as a
 * unique field is by default): a create or update that would hold another record's value is refused
 * with DUPLICATE_VALUE, naming that record.
 */
export function duplicateValueProblem(
  state: SalesforceState,
  objectName: string,
  meta: ObjectMeta,
  input: Record<string, unknown>,
  self: SObjectRecord | null,
): { status: number; body: unknown } | undefined {
  for (const [name, value] of Object.entries(input)) {
    const field = findField(meta, name);
    if (!field?.unique || value === null || value === undefined || value === '') continue;
    const wanted = String(value).toLowerCase();
    const holder = (state.records[objectName] ?? []).find(
      (record) =>
        record !== self &&
        record[field.name] !== null &&
        record[field.name] !== undefined &&
        String(record[field.name]).toLowerCase() === wanted,
    );
    if (holder)
      return {
        status: 400,
        body: sfErrors(
          'DUPLICATE_VALUE',
          `duplicate value found: ${field.name} duplicates value on record with id: ${holder.Id}`,
          [field.name],
        ),
      };
  }
  return undefined;
}
