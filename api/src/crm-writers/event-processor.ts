import type { Deps } from '../deps.js';
import { CrmDisconnected } from '../providers/provider-error.js';
import type { EventProcessor, EventStep } from '../receiver/process-event.js';
import { findUserProfile } from '../repositories/user-profiles.js';
import { findWebhook } from '../repositories/webhooks.js';
import { applyCategoryFilter } from './category-filter.js';
import { crmEventKey } from './event-key.js';
import { mergeableFollowers, recordCarried } from './merged-activity.js';
import { writeEventToCrm, type WriteStep } from './write-event.js';

/** The log's words for events set aside. */
export const processorMessages = {
  webhookDeleted: 'The webhook was deleted',
  profileDeleted: 'The CRM profile of the webhook was deleted',
  waiting: 'Waiting for the CRM to be reconnected',
} as const;

/** A writer's step as the log shows it: what it did, why it did nothing, or why it failed. */
const toEventStep = (step: WriteStep): EventStep => ({
  name: step.name,
  ok: step.ok,
  ...(step.error !== undefined ? { error: step.error } : {}),
  ...(step.skipped !== undefined ? { skipped: step.skipped } : {}),
  ...(step.detail !== undefined ? { detail: step.detail } : {}),
});

/**
 * The process-event job of issue "Events become CRM records": the event's webhook and CRM profile are
 * read fresh (settings changed since the post apply), the category-based filter may hold the event,
 * drop it (a category the webhook does not allow) or release the lead's held ones (applyCategoryFilter),
 * then writeEventToCrm writes it. Retryable provider failures are
 * thrown on (the queue retries them); a profile whose sign-in is gone parks the event as 'waiting'
 * until its owner connects it again (resumeWaitingEvents), so no retries are spent on it.
 */
export const crmEventProcessor: EventProcessor = async (deps: Deps, { stored, event, queue }) => {
  const webhook =
    stored.webhookId === null ? undefined : await findWebhook(deps.db, stored.webhookId);
  if (webhook === undefined)
    return [{ name: 'webhook', ok: true, skipped: processorMessages.webhookDeleted }];
  const profile = await findUserProfile(deps.db, webhook.userProfileId);
  if (profile === undefined)
    return [{ name: 'CRM profile', ok: true, skipped: processorMessages.profileDeleted }];

  // test posts go straight through: the filter is for the platform's own events
  const filter = stored.isTest ? {} : await applyCategoryFilter(deps, { stored, event, webhook });
  if (filter.hold !== undefined)
    return [{ name: 'category-based filter', ok: true, skipped: filter.hold, parked: 'held' }];
  if (filter.drop !== undefined) return [filter.drop];

  let steps: EventStep[];
  try {
    const eventKey = crmEventKey({
      webhookId: webhook.id,
      logId: stored.id,
      isTest: stored.isTest,
      dedupeKey: event.dedupeKey,
    });
    // a HubSpot lead's opens (or clicks) waiting behind this one: one write, the latest time, count + n
    const followers =
      profile.crm === 'HUBSPOT' ? await mergeableFollowers(deps, stored, event, profile.id) : [];
    const written = await writeEventToCrm(deps, {
      webhook,
      profile,
      event: followers.at(-1)?.event ?? event,
      eventKey,
      carries: 1 + followers.length,
    });
    steps = written.steps.map(toEventStep);
    if (followers.length > 0 && steps.every((step) => step.ok)) {
      await recordCarried(deps, followers, stored.id);
      steps.push({
        name: 'merged',
        ok: true,
        detail: `carried ${followers.length} more: ${followers.map(({ id }) => `#${id}`).join(', ')}`,
      });
    }
  } catch (error) {
    // a test post shows the disconnection at once; a real event waits for the reconnection
    if (error instanceof CrmDisconnected && !stored.isTest)
      return [{ name: 'CRM', ok: true, skipped: processorMessages.waiting, parked: 'waiting' }];
    throw error;
  }
  return filter.release ? [await filter.release(queue), ...steps] : steps;
};
