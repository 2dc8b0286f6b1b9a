import type { Kysely } from 'kysely';

/**
 * What the HubSpot writer last knew of a record it found or wrote (issue "Events become CRM records": no
 * more than two CRM requests per event, never twice): a contact by its lookup, a company by its domain;
 * its id and the properties the writer reads before writing, per profile. Events of one lead are
 * written one at a time, so the writer that wrote a contact last knows it best: the next event of the
 * lead writes by id without reading it again, and a company created moments ago is not searched for
 * (HubSpot's search lags) and created again. `complete`: the writer created the record, so a property
 * not in the memo is empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_record_memos')
    .addColumn('user_profile_id', 'integer', (col) =>
      col.notNull().references('user_profiles.id').onDelete('cascade'),
    )
    .addColumn('lookup', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('properties', 'text', (col) => col.notNull())
    .addColumn('complete', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('crm_record_memos_pk', ['user_profile_id', 'lookup'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crm_record_memos').execute();
}
