import type { Kysely } from 'kysely';
import {
  findLiveEmbedKey,
  insertEmbedKey,
  listEmbedKeys,
  revokeEmbedKey,
} from '../repositories/embed-keys.js';
import type { Database } from './schema.js';

export const DEMO_EMBED_KEY_NAME = 'Demo page (sandbox)';
const DEMO_ADMIN = 'admin@example.com';
const SHOWN_LENGTH = 'ek_'.length + 6;

/**
 * The embed key of the sandbox's demo page (issue 59), made for the demo admin's organization. `npm
 * start` makes a new key at each start: the one before it is revoked, so one demo key is live.
 */
export async function seedDemoEmbedKey(
  db: Kysely<Database>,
  secret: string,
  now: Date,
): Promise<void> {
  if (await findLiveEmbedKey(db, secret)) return;
  const admin = await db
    .selectFrom('users')
    .select(['id', 'organization_id'])
    .where('email', '=', DEMO_ADMIN)
    .executeTakeFirst();
  if (!admin?.organization_id) return;
  for (const key of await listEmbedKeys(db, admin.organization_id))
    if (key.name === DEMO_EMBED_KEY_NAME && key.revokedAt === null)
      await revokeEmbedKey(db, key.id, now);
  await insertEmbedKey(
    db,
    {
      organizationId: admin.organization_id,
      name: DEMO_EMBED_KEY_NAME,
      prefix: secret.slice(0, SHOWN_LENGTH),
      secret,
      createdBy: admin.id,
    },
    now,
  );
}
