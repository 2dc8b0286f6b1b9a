import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Whose rows a list reads: one user's, or every member's of a dashboard organization. */
export type OwnerScope =
  { kind: 'own'; userId: number } | { kind: 'organization'; organizationId: number };

/** The ids of an organization's users, as a subquery for `where(user_id, 'in', …)`. */
export function organizationMembers(db: Kysely<Database>, organizationId: number) {
  return db
    .selectFrom('users')
    .select('users.id')
    .where('users.organization_id', '=', organizationId);
}
