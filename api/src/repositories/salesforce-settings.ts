import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Salesforce connected-app settings a user saved (spec §3 "SALESFORCE settings"); the secret stays sealed. */
export interface SalesforceSettingsRecord {
  id: number;
  userId: number;
  ownerOrganizationId: number | null;
  /** https://… My Domain. */
  domain: string;
  consumerKey: string;
  consumerSecretSealed: string;
  createdAt: string;
  /** The profile connected with these settings (the newest), if any. */
  userProfileId: number | null;
  connected: boolean;
}

interface SettingsRow {
  id: number;
  user_id: number;
  owner_organization_id: number | null;
  domain: string;
  consumer_key: string;
  consumer_secret_enc: string;
  created_at: string;
}

async function withProfiles(
  db: Kysely<Database>,
  rows: SettingsRow[],
): Promise<SalesforceSettingsRecord[]> {
  if (rows.length === 0) return [];
  const profiles = await db
    .selectFrom('user_profiles')
    .select(['id', 'salesforce_setting_id', 'status'])
    .where(
      'salesforce_setting_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const own = profiles.filter((profile) => profile.salesforce_setting_id === row.id);
    const newest = own[own.length - 1];
    return {
      id: row.id,
      userId: row.user_id,
      ownerOrganizationId: row.owner_organization_id,
      domain: row.domain,
      consumerKey: row.consumer_key,
      consumerSecretSealed: row.consumer_secret_enc,
      createdAt: row.created_at,
      userProfileId: newest?.id ?? null,
      connected: own.some((profile) => profile.status === 'CONNECTED'),
    };
  });
}

function selectSettings(db: Kysely<Database>) {
  return db
    .selectFrom('salesforce_settings')
    .innerJoin('users', 'users.id', 'salesforce_settings.user_id')
    .select([
      'salesforce_settings.id',
      'salesforce_settings.user_id',
      'users.organization_id as owner_organization_id',
      'salesforce_settings.domain',
      'salesforce_settings.consumer_key',
      'salesforce_settings.consumer_secret_enc',
      'salesforce_settings.created_at',
    ]);
}

export async function findSalesforceSettings(
  db: Kysely<Database>,
  id: number,
): Promise<SalesforceSettingsRecord | undefined> {
  const row = await selectSettings(db).where('salesforce_settings.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [record] = await withProfiles(db, [row]);
  return record;
}

export async function listSalesforceSettingsOfUser(
  db: Kysely<Database>,
  userId: number,
): Promise<SalesforceSettingsRecord[]> {
  const rows = await selectSettings(db)
    .where('salesforce_settings.user_id', '=', userId)
    .orderBy('salesforce_settings.id')
    .execute();
  return withProfiles(db, rows);
}

export interface NewSalesforceSettings {
  userId: number;
  domain: string;
  consumerKey: string;
  consumerSecretSealed: string;
}

export async function createSalesforceSettings(
  db: Kysely<Database>,
  input: NewSalesforceSettings,
  now: Date,
): Promise<SalesforceSettingsRecord> {
  const { id } = await db
    .insertInto('salesforce_settings')
    .values({
      user_id: input.userId,
      domain: input.domain,
      consumer_key: input.consumerKey,
      consumer_secret_enc: input.consumerSecretSealed,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await findSalesforceSettings(db, id);
  if (!created) throw new Error(`Salesforce settings ${id} vanished after insert`);
  return created;
}

/**
 * Deletes the settings and the Salesforce profiles connected with them (the Salesforce screen has no
 * other way to remove a connection); what hangs off those profiles goes with them.
 */
export async function deleteSalesforceSettings(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_profiles')
      .where('salesforce_setting_id', '=', id)
      .where('crm', '=', 'SALESFORCE')
      .execute();
    const result = await trx
      .deleteFrom('salesforce_settings')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}
