import { z } from 'zod';
import { providerBadAnswer } from '../../providers/provider-http.js';
import {
  hubspotFetch,
  hubspotMessage,
  throwIfHubSpotFailed,
  type HubSpotCall,
  type HubSpotConnection,
} from './request.js';

/**
 * HubSpot refused a write or read (a 4xx other than 401, 403 and 429): a validation error, a missing
 * record, a conflict. Not retried; the writers log it as a failed step with HubSpot's own words.
 */
export class HubSpotRefusal extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    readonly hubspotMessage: string,
    action: string,
  ) {
    super(
      `HubSpot refused ${action} (status ${status}${category ? ` ${category}` : ''}): ${hubspotMessage}`,
    );
    this.name = 'HubSpotRefusal';
  }
}

/** One call whose 4xx refusal (other than 401/403/429) is a HubSpotRefusal; a 404 is null when `notFoundIsNull`. */
export async function hubspotCall<S extends z.ZodType>(
  connection: HubSpotConnection,
  call: HubSpotCall,
  schema: S,
  notFoundIsNull = false,
): Promise<z.output<S> | null> {
  const response = await hubspotFetch(connection, call);
  const { status } = response;
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
    if (status === 404 && notFoundIsNull) return null;
    const data = response.data as { category?: unknown } | null;
    throw new HubSpotRefusal(
      status,
      typeof data?.category === 'string' ? data.category : '',
      hubspotMessage(response.data) ?? `status ${status}`,
      call.action,
    );
  }
  throwIfHubSpotFailed(call.action, response);
  const parsed = schema.safeParse(response.data ?? {});
  if (!parsed.success) providerBadAnswer('HubSpot', call.action);
  return parsed.data;
}

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
}

export const record = z
  .object({ id: z.string(), properties: z.record(z.string(), z.string().nullable()).default({}) })
  .loose();
const searchAnswer = z.object({ results: z.array(record) }).loose();
const upsertAnswer = z
  .object({ results: z.array(record.extend({ new: z.boolean().optional() })) })
  .loose();
const anything = z.unknown();

export type HubSpotObjectType = 'contacts' | 'companies' | 'emails' | 'communications' | 'tasks';

/**
 * A record by a property that identifies it without search (consistent at once): its id
 * (`hs_object_id`), or a unique property (`idProperty`: contact email, a unique custom property). Null when none.
 */
export async function readHubSpotRecord(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  by: { property: string; value: string },
  properties: string[],
): Promise<HubSpotRecord | null> {
  const byId = by.property === 'hs_object_id';
  if (byId && !/^\d+$/.test(by.value)) return null;
  return hubspotCall(
    connection,
    {
      action: `reading a ${type.slice(0, -1)} by ${by.property}`,
      path: `/crm/v3/objects/${type}/${encodeURIComponent(by.value)}`,
      query: { properties: properties.join(','), ...(byId ? {} : { idProperty: by.property }) },
    },
    record,
    true,
  );
}

/** The oldest record whose property equals the value, by CRM search (eventually consistent: seconds behind writes). */
export async function searchHubSpotRecord(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  by: { property: string; value: string },
  properties: string[],
): Promise<HubSpotRecord | null> {
  const answer = await hubspotCall(
    connection,
    {
      action: `searching ${type} by ${by.property}`,
      path: `/crm/v3/objects/${type}/search`,
      method: 'POST',
      body: {
        filterGroups: [
          { filters: [{ propertyName: by.property, operator: 'EQ', value: by.value }] },
        ],
        properties,
        sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
        limit: 1,
      },
    },
    searchAnswer,
  );
  return answer?.results[0] ?? null;
}

/** Batch upsert of one record keyed on a unique property (email or a unique custom one): created or updated, never twice. */
export async function upsertHubSpotRecord(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  key: { property: string; value: string },
  properties: Record<string, string>,
): Promise<{ id: string; created: boolean }> {
  const answer = await hubspotCall(
    connection,
    {
      action: `upserting a ${type.slice(0, -1)} by ${key.property}`,
      path: `/crm/v3/objects/${type}/batch/upsert`,
      method: 'POST',
      body: { inputs: [{ idProperty: key.property, id: key.value, properties }] },
    },
    upsertAnswer,
  );
  const result = answer?.results[0];
  if (!result) providerBadAnswer('HubSpot', `upserting a ${type.slice(0, -1)}`);
  return { id: result.id, created: result.new === true };
}

/** v3 inline associations of a create: none, or `associations` with HubSpot-defined type ids. */
export const inlineAssociations = (associations: { toId: string; typeId: number }[]) =>
  associations.length > 0
    ? {
        associations: associations.map(({ toId, typeId }) => ({
          to: { id: toId },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId }],
        })),
      }
    : {};

/** Creates a record, with v3 inline associations (one call: a retry never leaves it unassociated). */
export async function createHubSpotRecord(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  properties: Record<string, string>,
  associations: { toId: string; typeId: number }[] = [],
): Promise<string> {
  const answer = await hubspotCall(
    connection,
    {
      action: `creating a ${type.slice(0, -1)}`,
      path: `/crm/v3/objects/${type}`,
      method: 'POST',
      body: {
        properties,
        ...inlineAssociations(associations),
      },
    },
    record,
  );
  return answer!.id;
}

export async function updateHubSpotRecord(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  id: string,
  properties: Record<string, string>,
): Promise<void> {
  await hubspotCall(
    connection,
    {
      action: `updating a ${type.slice(0, -1)}`,
      path: `/crm/v3/objects/${type}/${id}`,
      method: 'PATCH',
      body: { properties },
    },
    record,
  );
}

/** Associations v4 with the given HubSpot-defined types (e.g. contact→company 279 and 1 "Primary"). */
export async function associateHubSpotRecords(
  connection: HubSpotConnection,
  from: { type: HubSpotObjectType; id: string },
  to: { type: HubSpotObjectType; id: string },
  typeIds: number[],
): Promise<void> {
  await hubspotCall(
    connection,
    {
      action: `associating a ${from.type.slice(0, -1)} with a ${to.type.slice(0, -1)}`,
      path: `/crm/v4/objects/${from.type}/${from.id}/associations/${to.type}/${to.id}`,
      method: 'PUT',
      body: typeIds.map((associationTypeId) => ({
        associationCategory: 'HUBSPOT_DEFINED',
        associationTypeId,
      })),
    },
    anything,
  );
}

const propertyList = z
  .object({
    results: z.array(
      z
        .object({
          name: z.string(),
          hasUniqueValue: z.boolean().optional(),
          archived: z.boolean().optional(),
        })
        .loose(),
    ),
  })
  .loose();

/** An object type's properties' names and which hold unique values (for upsert keys). */
export async function readHubSpotPropertyNames(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
): Promise<{ names: Set<string>; unique: Set<string> }> {
  const answer = await hubspotCall(
    connection,
    { action: `listing ${type.slice(0, -1)} properties`, path: `/crm/v3/properties/${type}` },
    propertyList,
  );
  const live = (answer?.results ?? []).filter((property) => property.archived !== true);
  return {
    names: new Set(live.map((property) => property.name)),
    unique: new Set(
      live.filter((property) => property.hasUniqueValue === true).map((property) => property.name),
    ),
  };
}

/** Creates a property group of an object type; one that exists already (409) counts as done. */
export async function createHubSpotPropertyGroup(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  group: { name: string; label: string },
): Promise<void> {
  try {
    await hubspotCall(
      connection,
      {
        action: `creating the ${type.slice(0, -1)} property group ${group.name}`,
        path: `/crm/v3/properties/${type}/groups`,
        method: 'POST',
        body: group,
      },
      anything,
    );
  } catch (error) {
    if (!(error instanceof HubSpotRefusal && error.status === 409)) throw error;
  }
}

/** Creates a property of an object type; one that exists already (409) counts as done. */
export async function createHubSpotProperty(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  definition: { name: string } & Record<string, unknown>,
): Promise<void> {
  try {
    await hubspotCall(
      connection,
      {
        action: `creating the ${type.slice(0, -1)} property ${definition.name}`,
        path: `/crm/v3/properties/${type}`,
        method: 'POST',
        body: definition,
      },
      anything,
    );
  } catch (error) {
    if (!(error instanceof HubSpotRefusal && error.status === 409)) throw error;
  }
}
