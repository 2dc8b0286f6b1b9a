import type { InternalEvent } from 'shared/events';
import type { Deps } from '../deps.js';
import { leadKeyOf } from '../receiver/lead-key.js';
import { queuedEventsOfLeadAfter } from '../repositories/lead-followers.js';
import { recordProcessAttempt } from '../repositories/webhook-events.js';
import { findWebhookEvent, type StoredEvent } from '../repositories/webhook-logs.js';

/** Events that only count up on the contact: of one lead, several waiting together are one write (issue 55). */
const mergeable = new Set(['EMAIL_OPEN', 'EMAIL_LINK_CLICK']);
/** The most events one write carries. */
const MERGE_AT_MOST = 100;

export interface Follower {
  id: number;
  event: InternalEvent;
}

/**
 * The events of the lead of `stored` waiting right behind it that its write can carry: the same type
 * (opens, or clicks) of the same webhook, up to the first other event of the lead. Their jobs wait behind
 * this one (one ordering key), so nothing else writes them meanwhile.
 */
export async function mergeableFollowers(
  deps: Pick<Deps, 'db'>,
  stored: StoredEvent,
  event: InternalEvent,
  userProfileId: number,
): Promise<Follower[]> {
  const email = event.lead.email?.trim().toLowerCase();
  if (stored.isTest || !email || event.eventType === null || !mergeable.has(event.eventType))
    return [];
  const queued = await queuedEventsOfLeadAfter(deps.db, {
    email,
    leadKey: leadKeyOf(userProfileId, event),
    afterId: stored.id,
    limit: MERGE_AT_MOST - 1,
  });
  const followers: Follower[] = [];
  for (const row of queued) {
    if (row.eventType !== event.eventType || row.webhookId !== stored.webhookId || row.isTest)
      break;
    const follower = await findWebhookEvent(deps.db, row.id);
    if (follower?.event == null || follower.processedAt !== null) break;
    followers.push({ id: row.id, event: follower.event });
  }
  return followers;
}

/** Each carried event's own log row: processed, by the write of event `carrierId`. */
export async function recordCarried(
  deps: Pick<Deps, 'db' | 'clock'>,
  followers: readonly Follower[],
  carrierId: number,
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const step = { name: 'contact', ok: true, detail: `carried by the write of event #${carrierId}` };
  for (const { id } of followers)
    await recordProcessAttempt(
      deps.db,
      {
        logId: id,
        deliveryId: null,
        kind: 'process',
        attempt: 1,
        startedAt: at,
        durationMs: 0,
        statusCode: null,
        answer: JSON.stringify([step]),
        error: null,
        outcome: 'succeeded',
      },
      { state: 'processed', errors: [], at },
    );
}
