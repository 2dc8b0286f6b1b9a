import type { TestWebhookResult } from 'shared/contract';
import type { Deps } from '../deps.js';
import { deliveryErrorsOf } from '../repositories/webhook-deliveries.js';
import { findWebhookEvent } from '../repositories/webhook-logs.js';
import { processStoredEvent } from '../crm-writers/process-event-job.js';
import { forwardDelivery } from '../forwarding/forward-event-job.js';
import { takeWebhookPost, type ReceivedPost } from './intake.js';
import type { IntakeStore } from './intake-store.js';
import { intakeMessages } from './intake-messages.js';
import type { EventProcessor } from './process-event.js';

/**
 * The test URL: the event goes through the whole pipeline at once — stored and logged as a test,
 * processed, forwarded once to each matching endpoint (no retries) — and the answer lists every
 * step's error.
 */
export async function runTestPost(
  deps: Deps,
  store: IntakeStore,
  processor: EventProcessor,
  post: ReceivedPost,
): Promise<TestWebhookResult | null> {
  const taken = await takeWebhookPost(deps, store, post, { test: true });
  if (taken.kind === 'unknown') return null;
  if (taken.kind !== 'accepted') return { success: false, errors: [taken.message] };
  if (taken.placed) {
    await processStoredEvent(deps, processor, {
      logId: taken.logId,
      attempt: 1,
      lastAttempt: true,
      replay: false,
    });
    for (const deliveryId of taken.deliveryIds)
      await forwardDelivery(deps, { deliveryId, attempt: 1, once: true });
  }
  const stored = await findWebhookEvent(deps.db, taken.logId);
  const errors = [
    ...(stored?.errors ?? [intakeMessages.unknownCode]),
    ...((await deliveryErrorsOf(deps.db, [taken.logId])).get(taken.logId) ?? []),
  ];
  return { success: errors.length === 0, errors };
}
