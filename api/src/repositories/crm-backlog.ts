import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The events of CRM profile `userProfileId` received from `since` (ISO) on that were queued for it: what
 * arrived in its line between two looks at the backlog. Read through webhook_logs_created_at (a few
 * seconds' rows); copies are counted on their first row, tests and refusals have no lead key.
 */
export async function countEventsReceivedSince(
  db: Kysely<Database>,
  userProfileId: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('webhook_logs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', since)
    .where('user_profile_id', '=', userProfileId)
    .where('lead_key', 'is not', null)
    .where('is_test', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
