import {
  createHubSpotRecords,
  readHubSpotRecords,
  updateHubSpotRecords,
  upsertHubSpotRecords,
} from '../adapters/hubspot/batch-writes.js';
import {
  createHubSpotRecord,
  readHubSpotRecord,
  updateHubSpotRecord,
  upsertHubSpotRecord,
  type HubSpotObjectType,
} from '../adapters/hubspot/writes.js';
import type { BatchableCall } from './hubspot-batcher.js';

/** A record to create, with its v3 inline associations. */
export interface CreateInput {
  properties: Record<string, string>;
  associations: { toId: string; typeId: number }[];
}

/** Creating records of one type (engagements): POST /objects/{type}, or batch/create for several. */
export const createCall = (type: HubSpotObjectType): BatchableCall<CreateInput> => ({
  kind: `create:${type}`,
  one: async (connection, { properties, associations }) => ({
    id: await createHubSpotRecord(connection, type, properties, associations),
    properties: {},
  }),
  many: (connection, inputs) => createHubSpotRecords(connection, type, inputs),
});

/** A record to update by its id. */
export interface UpdateInput {
  id: string;
  properties: Record<string, string>;
}

/** Updating records of one type by id: PATCH, or batch/update for several (each record once a call). */
export const updateCall = (type: HubSpotObjectType): BatchableCall<UpdateInput> => ({
  kind: `update:${type}`,
  fits: (input, pending) => pending.every((other) => other.id !== input.id),
  one: async (connection, { id, properties }) => {
    await updateHubSpotRecord(connection, type, id, properties);
    return { id, properties: {} };
  },
  many: (connection, inputs) => updateHubSpotRecords(connection, type, inputs),
});

/**
 * Reading records of one type by a unique property (email, a unique custom one) with the same
 * properties: GET by idProperty, or batch/read for several; a value with no record reads as null.
 */
export const readCall = (
  type: HubSpotObjectType,
  idProperty: string,
  properties: readonly string[],
): BatchableCall<string> => ({
  kind: `read:${type}:${idProperty}:${[...properties].sort().join(',')}`,
  one: (connection, value) =>
    readHubSpotRecord(connection, type, { property: idProperty, value }, [...properties]),
  many: async (connection, values) => {
    const found = await readHubSpotRecords(connection, type, idProperty, values, properties);
    return values.map((value) => ({ ok: true as const, record: found.get(value) ?? null }));
  },
});

/** A record to upsert: the value of the call's unique property, and what to write. */
export interface UpsertInput {
  value: string;
  properties: Record<string, string>;
}

/** Upserting records of one type keyed on one unique property: batch/upsert of one or several (each key once a call). */
export const upsertCall = (
  type: HubSpotObjectType,
  idProperty: string,
): BatchableCall<UpsertInput, { id: string; created: boolean }> => {
  const same = (a: string, b: string) =>
    idProperty === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b;
  return {
    kind: `upsert:${type}:${idProperty}`,
    fits: (input, pending) => pending.every((other) => !same(other.value, input.value)),
    one: (connection, { value, properties }) =>
      upsertHubSpotRecord(connection, type, { property: idProperty, value }, properties),
    many: async (connection, inputs) =>
      (await upsertHubSpotRecords(connection, type, idProperty, inputs)).map((outcome) =>
        outcome.ok
          ? {
              ok: true as const,
              record: { id: outcome.record.id, created: outcome.record.new === true },
            }
          : outcome,
      ),
  };
};
