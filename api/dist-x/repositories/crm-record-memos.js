import { z } from 'zod';
import { fromFlag } from '../db/schema.js';
import { readJson, writeJson } from './json-text.js';
/** Lookups whose values are one record whatever their case (HubSpot keeps emails and domains lower-case). */
const caseless = new Set(['email', 'company:domain']);
const lookupKey = (by) => `${by.property}=${caseless.has(by.property) ? by.value.trim().toLowerCase() : by.value.trim()}`;
const properties = z.record(z.string(), z.string());
/** The memo of the record `by` leads to, unless older than `notBefore`. */
export async function readRecordMemo(db, profileId, by, notBefore) {
    const row = await db
        .selectFrom('crm_record_memos')
        .select(['record_id', 'properties', 'complete'])
        .where('user_profile_id', '=', profileId)
        .where('lookup', '=', lookupKey(by))
        .where('updated_at', '>=', notBefore)
        .executeTakeFirst();
    return row === undefined ? undefined : { recordId: row.record_id, properties: readJson(row.properties, properties, {}), complete: fromFlag(row.complete) };
}
export async function saveRecordMemo(db, profileId, by, memo, now) {
    const values = { record_id: memo.recordId, properties: writeJson(memo.properties), complete: memo.complete ? 1 : 0, updated_at: now };
    await db
        .insertInto('crm_record_memos')
        .values({ user_profile_id: profileId, lookup: lookupKey(by), ...values })
        .onConflict((conflict) => conflict.columns(['user_profile_id', 'lookup']).doUpdateSet(values))
        .execute();
}
export async function forgetRecordMemo(db, profileId, by) {
    await db.deleteFrom('crm_record_memos').where('user_profile_id', '=', profileId).where('lookup', '=', lookupKey(by)).execute();
}
//# sourceMappingURL=crm-record-memos.js.map