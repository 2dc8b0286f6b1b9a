import { readFixture } from '../../core/fixtures.js';
import type { StateContext } from '../../core/provider.js';
import { associate, type Association } from './associations.js';
import {
  createdProperty,
  modifiedProperty,
  objectTypeIds,
  type CrmObject,
  type ObjectType,
} from './model.js';

export interface HubSpotOwner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  teams: unknown[];
}

export interface HubSpotProperty {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  description: string;
  options: { label: string; value: string; displayOrder: number; hidden: boolean }[];
  hubspotDefined: boolean;
  [key: string]: unknown;
}

export interface ListFilter {
  propertyName: string;
  operator: 'HAS_PROPERTY' | 'EQ';
  value?: string;
}

export interface HubSpotList {
  listId: string;
  name: string;
  objectTypeId: string;
  processingType: 'MANUAL' | 'DYNAMIC' | 'SNAPSHOT';
  createdAt: string;
  updatedAt: string;
  /** Manual and snapshot lists: member record ids. */
  members?: string[];
  /** Dynamic lists: evaluated on every read, so records written through the API join them. */
  filter?: ListFilter;
}

export interface AccessToken {
  token: string;
  refreshToken: string;
  scopes: string[];
  expiresAt: number;
}

export interface RefreshToken {
  token: string;
  scopes: string[];
  createdAt: number;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
}

/** A create, update or association made through the API, for the inspection page. */
export interface HubSpotWrite {
  at: string;
  action:
    'create' | 'update' | 'associate' | 'dissociate' | 'create-property' | 'create-property-group';
  objectType: string;
  id: string;
  detail: unknown;
}

export interface HubSpotPortal {
  hubId: number;
  hubDomain: string;
  appId: number;
  user: { id: number; email: string };
}

export interface HubSpotState {
  portal: HubSpotPortal;
  owners: HubSpotOwner[];
  properties: Record<ObjectType, HubSpotProperty[]>;
  propertyGroups: Record<
    ObjectType,
    { name: string; label: string; displayOrder: number; archived: boolean }[]
  >;
  objects: Record<ObjectType, Map<string, CrmObject>>;
  associations: Association[];
  lists: HubSpotList[];
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
  codes: Map<string, AuthorizationCode>;
  writes: HubSpotWrite[];
  nextId: number;
}

interface HubSpotFixture {
  portal: HubSpotPortal;
  owners: HubSpotOwner[];
  properties: Record<ObjectType, HubSpotProperty[]>;
  companies: { id: string; createdAt: string; properties: Record<string, string> }[];
  contacts: {
    id: string;
    createdAt: string;
    properties: Record<string, string>;
    companyId?: string;
  }[];
  bulkContacts: { count: number; firstId: number; emailDomain: string; createdAt: string };
  lists: (Omit<HubSpotList, 'updatedAt' | 'members'> & {
    members?: string[];
    generated?: 'bulkContacts';
  })[];
}

function crmObject(
  type: ObjectType,
  id: string,
  createdAt: string,
  properties: Record<string, string>,
  origin: CrmObject['origin'],
): CrmObject {
  return {
    id,
    properties: {
      ...properties,
      hs_object_id: id,
      [createdProperty[type]]: createdAt,
      [modifiedProperty[type]]: createdAt,
    },
    createdAt,
    updatedAt: createdAt,
    archived: false,
    searchableAt: 0,
    origin,
  };
}

const bulkFirstNames = [
  'Alex',
  'Blair',
  'Casey',
  'Devon',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jules',
];
const bulkLastNames = [
  'Archer',
  'Bishop',
  'Carter',
  'Dalton',
  'Ellis',
  'Foster',
  'Grant',
  'Hayes',
  'Irwin',
  'Jensen',
];

/** The 10,000 members of the scale-test list, generated the same way on every start: contact n has email scale.test.n@… */
function bulkContacts(spec: HubSpotFixture['bulkContacts']): CrmObject[] {
  return Array.from({ length: spec.count }, (_, index) => {
    const n = index + 1;
    return crmObject(
      'contacts',
      String(spec.firstId + index),
      spec.createdAt,
      {
        email: `scale.test.${n}@${spec.emailDomain}`,
        firstname: bulkFirstNames[index % 10]!,
        lastname: `${bulkLastNames[Math.floor(index / 10) % 10]!} ${n}`,
        company: 'Scale Test Co',
        website: `https://www.${spec.emailDomain}`,
        lifecyclestage: 'lead',
      },
      'bulk',
    );
  });
}

export function createHubSpotState(ctx: StateContext): HubSpotState {
  void ctx;
  const fixture = readFixture<HubSpotFixture>('hubspot');
  const objects: HubSpotState['objects'] = {
    contacts: new Map(),
    companies: new Map(),
    tasks: new Map(),
    emails: new Map(),
    communications: new Map(),
  };
  const associations: Association[] = [];
  for (const company of fixture.companies)
    objects.companies.set(
      company.id,
      crmObject('companies', company.id, company.createdAt, company.properties, 'seed'),
    );
  for (const contact of fixture.contacts) {
    objects.contacts.set(
      contact.id,
      crmObject('contacts', contact.id, contact.createdAt, contact.properties, 'seed'),
    );
    if (contact.companyId) {
      associate(associations, 'contacts', contact.id, 'companies', contact.companyId, 279);
      associate(associations, 'contacts', contact.id, 'companies', contact.companyId, 1);
    }
  }
  const bulk = bulkContacts(fixture.bulkContacts);
  for (const contact of bulk) objects.contacts.set(contact.id, contact);
  const lists: HubSpotList[] = fixture.lists.map(({ generated, ...list }) => ({
    ...list,
    updatedAt: list.createdAt,
    ...(generated === 'bulkContacts' ? { members: bulk.map((contact) => contact.id) } : {}),
  }));
  const groups = (type: ObjectType) =>
    [...new Set(fixture.properties[type].map((property) => property.groupName))].map(
      (name, displayOrder) => ({
        name,
        label: name === 'os_sync' ? 'CRM Sync' : name,
        displayOrder,
        archived: false,
      }),
    );
  return {
    portal: fixture.portal,
    owners: fixture.owners,
    properties: fixture.properties,
    propertyGroups: {
      contacts: groups('contacts'),
      companies: groups('companies'),
      tasks: groups('tasks'),
      emails: groups('emails'),
      communications: groups('communications'),
    },
    objects,
    associations,
    lists,
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    writes: [],
    nextId: 7_000_001,
  };
}

export { objectTypeIds };
