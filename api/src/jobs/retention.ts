import type { Deps } from '../deps.js';
import { deleteEventsBefore } from '../repositories/webhook-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The retention job: deletes events (webhook log rows) received more than `retentionDays` ago, with
 * their deliveries and attempts, and the SQLite queue's finished jobs older than a day (pg-boss
 * archives its own).
 */
export async function deleteExpiredEvents(deps: Deps): Promise<{ events: number; jobs: number }> {
  const now = deps.clock.now().getTime();
  const events = await deleteEventsBefore(
    deps.db,
    new Date(now - deps.config.receiver.retentionDays * DAY_MS).toISOString(),
  );
  const jobs = await deps.db
    .deleteFrom('jobs')
    .where('state', 'in', ['completed', 'failed'])
    .where('updated_at', '<', new Date(now - DAY_MS).toISOString())
    .executeTakeFirst();
  return { events, jobs: Number(jobs.numDeletedRows) };
}

/** The key that makes one retention job an hour, however many workers ask for it. */
export const retentionKeyAt = (now: Date): string => `retention:${now.toISOString().slice(0, 13)}`;
