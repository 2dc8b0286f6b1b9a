import { z } from 'zod';
import { providerBadAnswer } from '../../providers/provider-http.js';
import type { HubSpotConnection } from './request.js';
import {
  HubSpotRefusal,
  hubspotCall,
  inlineAssociations,
  record,
  type HubSpotObjectType,
  type HubSpotRecord,
} from './writes.js';

/** HubSpot's batch endpoints take at most this many inputs a call (providers.md). */
export const HUBSPOT_BATCH_MAX = 100;

/** One input's outcome in a batch: its record, or HubSpot's refusal of that input alone. */
export type BatchOutcome =
  { ok: true; record: HubSpotRecord & { new?: boolean } } | { ok: false; refusal: HubSpotRefusal };

const batchAnswer = z
  .object({
    results: z
      .array(
        record.extend({ objectWriteTraceId: z.string().optional(), new: z.boolean().optional() }),
      )
      .default([]),
    errors: z
      .array(
        z
          .object({
            category: z.string().optional(),
            message: z.string().optional(),
            context: z
              .object({ objectWriteTraceId: z.array(z.string()).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();

const statusOf = (category: string): number =>
  category === 'CONFLICT' ? 409 : category === 'OBJECT_NOT_FOUND' ? 404 : 400;

function checkSize(count: number, action: string): void {
  if (count === 0 || count > HUBSPOT_BATCH_MAX)
    throw new RangeError(`${action}: ${count} inputs (1 to ${HUBSPOT_BATCH_MAX} a call)`);
}

/**
 * One batch write with HubSpot's multi-status (each input its objectWriteTraceId, its index): the
 * written inputs answer their record, a refused one HubSpot's words for it; every input is answered.
 */
async function batchWrite(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  verb: 'create' | 'update' | 'upsert',
  inputs: Record<string, unknown>[],
): Promise<BatchOutcome[]> {
  const action = `${verb === 'create' ? 'creating' : verb === 'update' ? 'updating' : 'upserting'} ${inputs.length} ${type}`;
  checkSize(inputs.length, action);
  const answer = await hubspotCall(
    connection,
    {
      action,
      path: `/crm/v3/objects/${type}/batch/${verb}`,
      method: 'POST',
      body: {
        inputs: inputs.map((input, index) => ({ ...input, objectWriteTraceId: String(index) })),
      },
    },
    batchAnswer,
  );
  const outcomes = new Map<string, BatchOutcome>();
  for (const { objectWriteTraceId: trace, ...written } of answer?.results ?? [])
    if (trace !== undefined) outcomes.set(trace, { ok: true, record: written });
  for (const error of answer?.errors ?? []) {
    const category = error.category ?? '';
    const refusal = new HubSpotRefusal(statusOf(category), category, error.message ?? '', action);
    for (const trace of error.context?.objectWriteTraceId ?? [])
      outcomes.set(trace, { ok: false, refusal });
  }
  return inputs.map((_, index) => {
    const outcome = outcomes.get(String(index));
    if (!outcome) providerBadAnswer('HubSpot', action);
    return outcome;
  });
}

/** Creates up to 100 records in one call, each with its v3 inline associations. */
export const createHubSpotRecords = (
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  inputs: readonly {
    properties: Record<string, string>;
    associations: { toId: string; typeId: number }[];
  }[],
): Promise<BatchOutcome[]> =>
  batchWrite(
    connection,
    type,
    'create',
    inputs.map(({ properties, associations }) => ({
      properties,
      ...inlineAssociations(associations),
    })),
  );

/** Updates up to 100 records by id in one call (HubSpot refuses the same id twice in one call). */
export const updateHubSpotRecords = (
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  inputs: readonly { id: string; properties: Record<string, string> }[],
): Promise<BatchOutcome[]> =>
  batchWrite(
    connection,
    type,
    'update',
    inputs.map(({ id, properties }) => ({ id, properties })),
  );

/**
 * Upserts up to 100 records keyed on one unique property (email, a unique custom one) in one call:
 * each created or updated, never twice (HubSpot refuses the same key twice in one call).
 */
export const upsertHubSpotRecords = (
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  idProperty: string,
  inputs: readonly { value: string; properties: Record<string, string> }[],
): Promise<BatchOutcome[]> =>
  batchWrite(
    connection,
    type,
    'upsert',
    inputs.map(({ value, properties }) => ({ idProperty, id: value, properties })),
  );

const readAnswer = z.object({ results: z.array(record).default([]) }).loose();

/**
 * Up to 100 records by one property that identifies them without search (their id, email, a unique
 * custom property), in one call: each value's record, missing values absent (HubSpot's 207).
 */
export async function readHubSpotRecords(
  connection: HubSpotConnection,
  type: HubSpotObjectType,
  idProperty: string,
  values: readonly string[],
  properties: readonly string[],
): Promise<Map<string, HubSpotRecord>> {
  const action = `reading ${values.length} ${type} by ${idProperty}`;
  checkSize(values.length, action);
  const byId = idProperty === 'hs_object_id';
  const answer = await hubspotCall(
    connection,
    {
      action,
      path: `/crm/v3/objects/${type}/batch/read`,
      method: 'POST',
      body: {
        inputs: values.map((id) => ({ id })),
        properties: [...new Set([...properties, idProperty])],
        ...(byId ? {} : { idProperty }),
      },
    },
    readAnswer,
  );
  const key = (value: string) => (idProperty === 'email' ? value.toLowerCase() : value);
  const found = new Map<string, HubSpotRecord>();
  for (const result of answer?.results ?? []) {
    const value = byId ? result.id : result.properties[idProperty];
    if (value) found.set(key(value), result);
  }
  return new Map(
    values.flatMap((value) => {
      const hit = found.get(key(value));
      return hit ? [[value, hit] as const] : [];
    }),
  );
}
