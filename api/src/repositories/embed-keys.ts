import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, EmbedKeysTable } from '../db/schema.js';

/** The row id of a key: its sha256, so the stored rows hold no usable key (the keys are random). */
export const embedKeyHashOf = (key: string): string =>
  createHash('sha256').update(key).digest('hex');

export interface EmbedKeyRecord {
  id: number;
  organizationId: number;
  name: string;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const selectKeys = (db: Kysely<Database>) =>
  db
    .selectFrom('embed_keys')
    .leftJoin('users', 'users.id', 'embed_keys.created_by')
    .selectAll('embed_keys')
    .select('users.email as creator_email');

const toRecord = (
  row: Selectable<EmbedKeysTable> & { creator_email: string | null },
): EmbedKeyRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  prefix: row.prefix,
  createdBy: row.creator_email ?? 'a deleted user',
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export async function listEmbedKeys(
  db: Kysely<Database>,
  organizationId: number,
): Promise<EmbedKeyRecord[]> {
  const rows = await selectKeys(db)
    .where('embed_keys.organization_id', '=', organizationId)
    .orderBy('embed_keys.id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function findEmbedKey(
  db: Kysely<Database>,
  id: number,
): Promise<EmbedKeyRecord | undefined> {
  const row = await selectKeys(db).where('embed_keys.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The live (unrevoked) key with this secret, if any. */
export async function findLiveEmbedKey(
  db: Kysely<Database>,
  key: string,
): Promise<EmbedKeyRecord | undefined> {
  const row = await selectKeys(db)
    .where('embed_keys.key_hash', '=', embedKeyHashOf(key))
    .where('embed_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function insertEmbedKey(
  db: Kysely<Database>,
  key: { organizationId: number; name: string; prefix: string; secret: string; createdBy: number },
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('embed_keys')
    .values({
      organization_id: key.organizationId,
      name: key.name,
      prefix: key.prefix,
      key_hash: embedKeyHashOf(key.secret),
      created_by: key.createdBy,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function revokeEmbedKey(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('embed_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function markEmbedKeyUsed(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('embed_keys')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}
