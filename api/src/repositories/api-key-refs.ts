import type { Kysely } from 'kysely';
import type { Database, Platform } from '../db/schema.js';

/** What webhooks and block lists need to know of an API key: whose it is, its profile and platform (never the key). */
export interface ApiKeyRef {
  id: number;
  userId: number;
  ownerOrganizationId: number | null;
  userProfileId: number;
  platform: Platform;
  description: string;
}

export async function findApiKeyRef(
  db: Kysely<Database>,
  id: number,
): Promise<ApiKeyRef | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'users.organization_id',
      'api_keys.user_profile_id',
      'api_keys.platform',
      'api_keys.description',
    ])
    .where('api_keys.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      ownerOrganizationId: row.organization_id,
      userProfileId: row.user_profile_id,
      platform: row.platform,
      description: row.description,
    }
  );
}
