import type { QuerySource } from './soql.js';
import type { ObjectMeta } from './schema.js';
import type { SalesforceState } from './state.js';

/**
 * Field-level security: a custom field exists for the connected user only once a FieldPermissions row
 * grants read on it to a permission set the user holds (the System Administrator profile's). Standard
 * fields are always visible.
 */
export function isFieldVisible(
  state: SalesforceState,
  objectName: string,
  fieldName: string,
): boolean {
  return state.records.FieldPermissions!.some(
    (permission) =>
      permission.SobjectType === objectName &&
      String(permission.Field).toLowerCase() === `${objectName}.${fieldName}`.toLowerCase() &&
      permission.PermissionsRead === true &&
      state.userPermissionSetIds.includes(String(permission.ParentId)),
  );
}

/** The object's metadata with only the fields the connected user can see. */
export function visibleMeta(state: SalesforceState, objectName: string): ObjectMeta | undefined {
  const meta = state.objects[objectName];
  if (!meta) return undefined;
  return {
    ...meta,
    fields: meta.fields.filter(
      (field) => !field.custom || isFieldVisible(state, objectName, field.name),
    ),
  };
}

export function canonicalObjectName(state: SalesforceState, name: string): string | undefined {
  return Object.keys(state.objects).find(
    (candidate) => candidate.toLowerCase() === name.toLowerCase(),
  );
}

/** The REST query source over the org, as the connected user sees it. */
export function querySource(state: SalesforceState, version: string): QuerySource {
  return {
    object: (name) => {
      const canonical = canonicalObjectName(state, name);
      const meta = canonical ? visibleMeta(state, canonical) : undefined;
      return canonical && meta ? { name: canonical, meta } : undefined;
    },
    records: (objectName) => state.records[objectName] ?? [],
    byId: (id) => {
      for (const [objectName, records] of Object.entries(state.records)) {
        const record = records.find(
          (candidate) => candidate.Id === id || candidate.Id.slice(0, 15) === id,
        );
        if (record) return { objectName, record };
      }
      return undefined;
    },
    apiPath: (objectName, id) => `/services/data/${version}/sobjects/${objectName}/${id}`,
  };
}

/** The tooling API's view: CustomField records. */
export function toolingSource(state: SalesforceState, version: string): QuerySource {
  const meta: ObjectMeta = {
    label: 'Custom Field',
    labelPlural: 'Custom Fields',
    keyPrefix: '00N',
    createable: true,
    updateable: false,
    fields: ['Id', 'DeveloperName', 'TableEnumOrId', 'FullName', 'CreatedDate'].map((name) => ({
      name,
      label: name,
      type: name === 'Id' ? 'id' : 'string',
    })),
  };
  return {
    object: (name) =>
      name.toLowerCase() === 'customfield' ? { name: 'CustomField', meta } : undefined,
    records: () => state.customFields.map(({ Metadata: _metadata, ...record }) => record),
    byId: () => undefined,
    apiPath: (objectName, id) => `/services/data/${version}/tooling/sobjects/${objectName}/${id}`,
  };
}
