import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The ids and types of the events of lead `leadKey` (lead email `email`) queued after event `afterId`,
 * in the order received, at most `limit`: found through the email index (webhook_logs_email).
 */
export function queuedEventsOfLeadAfter(
  db: Kysely<Database>,
  {
    email,
    leadKey,
    afterId,
    limit,
  }: { email: string; leadKey: string; afterId: number; limit: number },
): Promise<{ id: number; eventType: string | null; webhookId: number | null; isTest: number }[]> {
  return db
    .selectFrom('webhook_logs')
    .select(['id', 'event_type as eventType', 'webhook_id as webhookId', 'is_test as isTest'])
    .where('email', '=', email)
    .where('lead_key', '=', leadKey)
    .where('state', '=', 'queued')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
