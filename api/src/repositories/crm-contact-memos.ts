import type { Kysely } from 'kysely';
import { z } from 'zod';
import { fromFlag, type Database } from '../db/schema.js';
import { readJson, writeJson } from './json-text.js';

export interface ContactMemo {
  contactId: string;
  /** The contact's values of the properties the writer reads ('' where it has none). */
  properties: Record<string, string>;
  /** The writer created the contact: a property not in `properties` is empty. */
  complete: boolean;
}

/** Emails are one contact whatever their case (HubSpot keeps them lower-case). */
const lookupKey = (by: { property: string; value: string }): string => `${by.property}=${by.property === 'email' ? by.value.trim().toLowerCase() : by.value.trim()}`;
const properties = z.record(z.string(), z.string());

/** The memo of the contact `by` found, unless older than `notBefore`. */
export async function readContactMemo(db: Kysely<Database>, profileId: number, by: { property: string; value: string }, notBefore: string): Promise<ContactMemo | undefined> {
  const row = await db
    .selectFrom('crm_contact_memos')
    .select(['contact_id', 'properties', 'complete'])
    .where('user_profile_id', '=', profileId)
    .where('lookup', '=', lookupKey(by))
    .where('updated_at', '>=', notBefore)
    .executeTakeFirst();
  return row === undefined ? undefined : { contactId: row.contact_id, properties: readJson(row.properties, properties, {}), complete: fromFlag(row.complete) };
}

export async function saveContactMemo(db: Kysely<Database>, profileId: number, by: { property: string; value: string }, memo: ContactMemo, now: string): Promise<void> {
  const values = { contact_id: memo.contactId, properties: writeJson(memo.properties), complete: memo.complete ? 1 : 0, updated_at: now };
  await db
    .insertInto('crm_contact_memos')
    .values({ user_profile_id: profileId, lookup: lookupKey(by), ...values })
    .onConflict((conflict) => conflict.columns(['user_profile_id', 'lookup']).doUpdateSet(values))
    .execute();
}

export async function forgetContactMemo(db: Kysely<Database>, profileId: number, by: { property: string; value: string }): Promise<void> {
  await db.deleteFrom('crm_contact_memos').where('user_profile_id', '=', profileId).where('lookup', '=', lookupKey(by)).execute();
}
