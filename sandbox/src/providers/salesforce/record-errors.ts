import { sfErrors } from './errors.js';
import { findField, type ObjectMeta } from './schema.js';
import type { SalesforceState } from './state.js';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem Salesforce would report for this create or update, as {status, body}; else undefined. */
export function errorsFor(
  state: SalesforceState,
  objectName: string,
  meta: ObjectMeta,
  input: Record<string, unknown>,
  operation: 'create' | 'update',
) {
  const unknown = Object.keys(input).find(
    (name) => name !== 'attributes' && !findField(meta, name),
  );
  if (unknown)
    return {
      status: 400,
      body: sfErrors(
        'INVALID_FIELD',
        `No such column '${unknown}' on sobject of type ${objectName}`,
      ),
    };
  delete input.attributes;
  const locked = Object.keys(input).filter((name) => {
    const field = findField(meta, name)!;
    return operation === 'create'
      ? field.createable === false
      : (field.updateable ?? field.createable) === false;
  });
  if (locked.length > 0) {
    return {
      status: 400,
      body: sfErrors(
        'INVALID_FIELD_FOR_INSERT_UPDATE',
        `Unable to create/update fields: ${locked.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        locked,
      ),
    };
  }
  if (operation === 'create') {
    const missing = meta.fields
      .filter(
        (field) =>
          field.nillable === false &&
          field.createable !== false &&
          field.defaultValue === undefined &&
          field.name !== 'Id',
      )
      .filter((field) => {
        const value = Object.entries(input).find(
          ([name]) => name.toLowerCase() === field.name.toLowerCase(),
        )?.[1];
        return value === undefined || value === null || value === '';
      });
    if (missing.length > 0) {
      const names = missing.map((field) => field.name);
      return {
        status: 400,
        body: sfErrors(
          'REQUIRED_FIELD_MISSING',
          `Required fields are missing: [${names.join(', ')}]`,
          names,
        ),
      };
    }
  }
  for (const [name, value] of Object.entries(input)) {
    const field = findField(meta, name)!;
    if (value === null) continue;
    if (field.type === 'boolean' && typeof value !== 'boolean')
      return {
        status: 400,
        body: sfErrors(
          'JSON_PARSER_ERROR',
          `Cannot deserialize instance of boolean from VALUE_STRING value ${JSON.stringify(value)} for field ${field.name}`,
        ),
      };
    if (
      field.type === 'email' &&
      (typeof value !== 'string' || (value !== '' && !emailPattern.test(value)))
    ) {
      return {
        status: 400,
        body: sfErrors(
          'INVALID_EMAIL_ADDRESS',
          `${field.label}: invalid email address: ${String(value)}`,
          [field.name],
        ),
      };
    }
    if (
      ['string', 'textarea', 'url', 'phone', 'combobox'].includes(field.type) &&
      typeof value === 'string' &&
      field.length &&
      value.length > field.length
    ) {
      return {
        status: 400,
        body: sfErrors(
          'STRING_TOO_LONG',
          `${field.label}: data value too large: ${value.slice(0, 40)}... (max length=${field.length})`,
          [field.name],
        ),
      };
    }
    if (field.type === 'reference') {
      const target =
        typeof value === 'string'
          ? Object.entries(state.records).find(([, records]) =>
              records.some((record) => record.Id === value || record.Id.slice(0, 15) === value),
            )
          : undefined;
      const allowed = field.referenceTo ?? [];
      if (
        !target ||
        (allowed.length > 0 &&
          !allowed.includes(target[0]) &&
          state.objects[allowed[0]!] !== undefined)
      ) {
        return {
          status: 400,
          body: sfErrors('INVALID_CROSS_REFERENCE_KEY', `invalid cross reference id`, [field.name]),
        };
      }
    }
  }
  if (objectName === 'FieldPermissions') return fieldPermissionErrors(state, input, operation);
  if (objectName === 'EmailMessage') return emailMessageErrors(state, input);
  if (objectName === 'EmailMessageRelation') return emailMessageRelationErrors(input);
  return undefined;
}

function fieldPermissionErrors(
  state: SalesforceState,
  input: Record<string, unknown>,
  operation: 'create' | 'update',
) {
  if (operation === 'update') return undefined;
  const parent = state.records.PermissionSet!.find((set) => set.Id === input.ParentId);
  if (!parent)
    return {
      status: 400,
      body: sfErrors('FIELD_INTEGRITY_EXCEPTION', 'Parent ID: id value of incorrect type', [
        'ParentId',
      ]),
    };
  const [objectName, fieldName] = String(input.Field ?? '').split('.');
  const meta = objectName ? state.objects[objectName] : undefined;
  if (!meta || objectName !== input.SobjectType || !fieldName || !findField(meta, fieldName)) {
    return {
      status: 400,
      body: sfErrors(
        'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        `Field Name: bad value for restricted picklist field: ${String(input.Field)}`,
        ['Field'],
      ),
    };
  }
  if (input.PermissionsEdit === true && input.PermissionsRead !== true) {
    return {
      status: 400,
      body: sfErrors(
        'FIELD_INTEGRITY_EXCEPTION',
        'Permission Read Field is required when Permission Edit Field is enabled',
        ['PermissionsRead'],
      ),
    };
  }
  const duplicate = state.records.FieldPermissions!.find(
    (permission) =>
      permission.ParentId === input.ParentId &&
      String(permission.Field).toLowerCase() === String(input.Field).toLowerCase(),
  );
  if (duplicate)
    return {
      status: 400,
      body: sfErrors(
        'DUPLICATE_VALUE',
        `duplicate value found: <unknown> duplicates value on record with id: ${duplicate.Id}`,
        [],
      ),
    };
  return undefined;
}

const recordType = (state: SalesforceState, id: unknown): string | undefined =>
  typeof id === 'string'
    ? Object.entries(state.records).find(([, records]) =>
        records.some((record) => record.Id === id || record.Id.slice(0, 15) === id),
      )?.[0]
    : undefined;

/** A real org relates an email to a "What" (Account, Opportunity, Case) only: a person goes through EmailMessageRelation. */
function emailMessageErrors(state: SalesforceState, input: Record<string, unknown>) {
  const type = recordType(state, input.RelatedToId);
  if (type === 'Lead' || type === 'Contact') {
    return {
      status: 400,
      body: sfErrors(
        'FIELD_INTEGRITY_EXCEPTION',
        `Related To ID: id value of incorrect type: ${String(input.RelatedToId)}`,
        ['RelatedToId'],
      ),
    };
  }
  return undefined;
}

const relationTypes = ['FromAddress', 'ToAddress', 'CcAddress', 'BccAddress'];

function emailMessageRelationErrors(input: Record<string, unknown>) {
  if (input.RelationType !== undefined && !relationTypes.includes(String(input.RelationType))) {
    return {
      status: 400,
      body: sfErrors(
        'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        `Relation Type: bad value for restricted picklist field: ${String(input.RelationType)}`,
        ['RelationType'],
      ),
    };
  }
  if (input.RelationId === undefined && input.RelationAddress === undefined) {
    return {
      status: 400,
      body: sfErrors('REQUIRED_FIELD_MISSING', 'Required fields are missing: [RelationId]', [
        'RelationId',
      ]),
    };
  }
  return undefined;
}
