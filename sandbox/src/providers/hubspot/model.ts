/** The CRM object types the sandbox serves, by their API name. */
export type ObjectType = 'contacts' | 'companies' | 'tasks' | 'emails' | 'communications';

export const objectTypeIds: Record<ObjectType, string> = {
  contacts: '0-1',
  companies: '0-2',
  tasks: '0-27',
  emails: '0-49',
  communications: '0-18',
};

const aliases: Record<string, ObjectType> = {
  contacts: 'contacts',
  contact: 'contacts',
  '0-1': 'contacts',
  companies: 'companies',
  company: 'companies',
  '0-2': 'companies',
  tasks: 'tasks',
  task: 'tasks',
  '0-27': 'tasks',
  emails: 'emails',
  email: 'emails',
  '0-49': 'emails',
  communications: 'communications',
  communication: 'communications',
  '0-18': 'communications',
};

/** "contact", "contacts" and "0-1" all name contacts, as in HubSpot's paths. */
export function objectTypeOf(name: string): ObjectType | undefined {
  return aliases[name.toLowerCase()];
}

/** The singular upper-case name HubSpot uses in messages ("CONTACT"). */
export function singular(type: ObjectType): string {
  return type.slice(0, -1).toUpperCase();
}

export interface CrmObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  /** Not found by search before this time (HubSpot's search index lags behind writes). */
  searchableAt: number;
  /** seed: from the fixture; bulk: one of the generated 10,000; api: written through the API. */
  origin: 'seed' | 'bulk' | 'api';
}

/** What a read answers with when the caller names no properties. */
export const defaultProperties: Record<ObjectType, string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  tasks: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  emails: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  communications: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};

/** The property holding the last-modified time, per type. */
export const modifiedProperty: Record<ObjectType, string> = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  tasks: 'hs_lastmodifieddate',
  emails: 'hs_lastmodifieddate',
  communications: 'hs_lastmodifieddate',
};

export const createdProperty: Record<ObjectType, string> = {
  contacts: 'createdate',
  companies: 'createdate',
  tasks: 'hs_createdate',
  emails: 'hs_createdate',
  communications: 'hs_createdate',
};

/** An object as the API returns it, with the requested (or default) properties. */
export function presentObject(object: CrmObject, type: ObjectType, requested?: string[]) {
  const names = requested && requested.length > 0 ? requested : defaultProperties[type];
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = object.properties[name] ?? null;
  return {
    id: object.id,
    properties,
    createdAt: object.createdAt,
    updatedAt: object.updatedAt,
    archived: object.archived,
  };
}

/** After a create or update, HubSpot answers with every property that has a value plus the defaults. */
export function presentWritten(object: CrmObject, type: ObjectType) {
  const names = new Set([
    ...defaultProperties[type],
    ...Object.keys(object.properties).filter((name) => object.properties[name] !== null),
  ]);
  return presentObject(object, type, [...names]);
}

/** Splits "a,b" query values (and repeated ?properties=a&properties=b) into names. */
export function propertyList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? names : undefined;
}
