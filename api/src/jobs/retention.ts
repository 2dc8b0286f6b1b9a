import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the SQLite queue's jobs finished more than a day before `now` (pg-boss archives its own); answers how many. */
export async function deleteFinishedJobs(db: Kysely<Database>, now: Date): Promise<number> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['completed', 'failed'])
    .where('updated_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The key that makes one retention job an hour, however many workers ask for it. */
export const retentionKeyAt = (now: Date): string => `retention:${now.toISOString().slice(0, 13)}`;
