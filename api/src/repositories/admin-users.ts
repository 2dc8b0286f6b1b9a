import type { Kysely } from 'kysely';
import { toFlag, type Database } from '../db/schema.js';
import { normalizeEmail } from './users.js';

/** The organization of that name, created (paid tier) when there is none. */
export async function findOrCreateOrganization(
  db: Kysely<Database>,
  name: string,
  domain: string | null,
): Promise<number> {
  const existing = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto('organizations')
    .values({ name, domain, is_paid_tier: toFlag(true) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Makes `email` an admin of the organization with every flag on: a new user (linked to a sign-in the
 * first time they sign in with that verified email) or an existing one promoted.
 */
export async function saveAdminUser(
  db: Kysely<Database>,
  email: string,
  organizationId: number,
  now: Date,
): Promise<number> {
  const normalized = normalizeEmail(email);
  const admin = {
    role: 'ADMIN' as const,
    organization_id: organizationId,
    can_webhook: 1,
    can_user_account: 1,
    can_block_list: 1,
  };
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalized)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('users').set(admin).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const nickname = normalized.split('@')[0] ?? normalized;
  const { id } = await db
    .insertInto('users')
    .values({
      account_id: '',
      email: normalized,
      nickname,
      picture: '',
      created_at: now.toISOString(),
      ...admin,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
