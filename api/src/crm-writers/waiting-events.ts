import type { Deps } from '../deps.js';
import { PROCESS_EVENT, type ProcessEventJob } from '../jobs/job-names.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { intakeJobOptions } from '../receiver/job-options.js';
import { setAsideEvents } from '../repositories/webhook-logs.js';

/**
 * Sends a profile's events parked as 'waiting' (its CRM sign-in was gone when they ran) to be processed
 * again, now that its owner connected it again: one process-event job each, in arrival order, with the
 * lead's ordering key, keyed `event:{id}:resume:{n}` (n: how many times the event was parked, so a second
 * disconnection resumes again and a second sign-in in a row adds nothing). The job runs them although
 * they were never processed — parked events are not. Answers how many jobs were sent.
 */
export async function resumeWaitingEvents(
  deps: Deps,
  queue: JobQueue,
  userProfileId: number,
): Promise<number> {
  const waiting = await deps.db
    .selectFrom('webhook_logs')
    .select(['id', 'lead_key'])
    .where('user_profile_id', '=', userProfileId)
    .where('state', '=', 'waiting')
    .where(setAsideEvents)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (waiting.length === 0) return 0;
  const options = intakeJobOptions(deps.config).process;
  let sent = 0;
  for (const event of waiting) {
    const parked = await deps.db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('webhook_log_id', '=', event.id)
      .where('outcome', '=', 'waiting')
      .executeTakeFirstOrThrow();
    const id = await queue.send<ProcessEventJob>(
      PROCESS_EVENT,
      { logId: event.id },
      {
        ...options,
        key: `event:${event.id}:resume:${Number(parked.n)}`,
        ...(event.lead_key === null ? {} : { orderingKey: event.lead_key }),
      },
    );
    if (id !== null) sent += 1;
  }
  if (sent > 0) queue.wake(PROCESS_EVENT);
  deps.log.info(
    { userProfileId, sent },
    'resumed the events waiting for the CRM to be reconnected',
  );
  return sent;
}
