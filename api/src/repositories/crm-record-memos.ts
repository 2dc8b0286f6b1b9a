import type { Kysely } from 'kysely';
import { z } from 'zod';
import { fromFlag, type Database } from '../db/schema.js';
import { readJson, writeJson } from './json-text.js';

/** What the HubSpot writer last knew of a record (a contact, a company) it found or wrote through a lookup. */
export interface RecordMemo {
  recordId: string;
  /** The record's values of the properties the writer reads ('' where it has none). */
  properties: Record<string, string>;
  /** The writer created the record: a property not in `properties` is empty. */
  complete: boolean;
}

/** Lookups whose values are one record whatever their case (HubSpot keeps emails and domains lower-case). */
const caseless = new Set(['email', 'company:domain']);
const lookupKey = (by: { property: string; value: string }): string =>
  `${by.property}=${caseless.has(by.property) ? by.value.trim().toLowerCase() : by.value.trim()}`;
const properties = z.record(z.string(), z.string());

/** The memo of the record `by` leads to, unless older than `notBefore`. */
export async function readRecordMemo(
  db: Kysely<Database>,
  profileId: number,
  by: { property: string; value: string },
  notBefore: string,
): Promise<RecordMemo | undefined> {
  const row = await db
    .selectFrom('crm_record_memos')
    .select(['record_id', 'properties', 'complete'])
    .where('user_profile_id', '=', profileId)
    .where('lookup', '=', lookupKey(by))
    .where('updated_at', '>=', notBefore)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        recordId: row.record_id,
        properties: readJson(row.properties, properties, {}),
        complete: fromFlag(row.complete),
      };
}

export async function saveRecordMemo(
  db: Kysely<Database>,
  profileId: number,
  by: { property: string; value: string },
  memo: RecordMemo,
  now: string,
): Promise<void> {
  const values = {
    record_id: memo.recordId,
    properties: writeJson(memo.properties),
    complete: memo.complete ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('crm_record_memos')
    .values({ user_profile_id: profileId, lookup: lookupKey(by), ...values })
    .onConflict((conflict) => conflict.columns(['user_profile_id', 'lookup']).doUpdateSet(values))
    .execute();
}

export async function forgetRecordMemo(
  db: Kysely<Database>,
  profileId: number,
  by: { property: string; value: string },
): Promise<void> {
  await db
    .deleteFrom('crm_record_memos')
    .where('user_profile_id', '=', profileId)
    .where('lookup', '=', lookupKey(by))
    .execute();
}
