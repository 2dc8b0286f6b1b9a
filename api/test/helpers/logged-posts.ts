import { processStoredEvent } from '../../src/crm-writers/process-event-job.js';
import { planKnownPost, webhookUrlOf } from '../../src/receiver/intake.js';
import { requiredSecretKeyOf } from '../../src/receiver/secret-key-check.js';
import type { EventStep } from '../../src/receiver/process-event.js';
import { findIntakeWebhook } from '../../src/repositories/webhook-events.js';
import { appIntakeStore } from '../../src/services/webhook-receiver.js';
import type { TestApp } from './test-app.js';

/**
 * Webhook log rows made as the product makes them: a platform's post stored by the receiver's intake
 * store (with its jobs), then, when a test says what processing answered, recorded by the process-event
 * job's own code (processStoredEvent) as if the CRM writers had answered those steps.
 */

export interface LoggedPost {
  /** The webhook's code: the post goes to its URL. */
  code: string;
  /** The platform's JSON body. */
  body: object;
  /** When it arrived (the row's createdAt). */
  receivedAt: string;
  /** A post to the test URL (no jobs). */
  test?: boolean;
  /** The steps processing answered; none: not processed yet (queued). */
  steps?: EventStep[];
}

/** What processing answered: every step done. */
export const processed: EventStep[] = [];

/** What processing answered: a step that retrying cannot fix (the row fails with `name: error`). */
export const refusedBy = (name: string, error: string): EventStep[] => [{ name, ok: false, error }];

/** What processing answered: the category-based filter held the event. */
export const heldByFilter = (reason: string): EventStep[] => [
  { name: 'category-based filter', ok: true, skipped: reason, parked: 'held' },
];

/** Stores one post as the receiver would and records its processing; answers its log id. */
export async function logPost(t: TestApp, post: LoggedPost): Promise<number> {
  const { deps, queue } = t.app;
  const webhook = await findIntakeWebhook(deps.db, post.code);
  if (webhook === undefined) throw new Error(`No webhook has the code ${post.code}`);
  const plan = planKnownPost({
    webhook,
    post: {
      code: post.code,
      path: `/webhooks/${post.code}`,
      rawBody: JSON.stringify(post.body),
      headers: { 'content-type': 'application/json' },
    },
    webhookUrl: webhookUrlOf(deps, post.code),
    receivedAt: post.receivedAt,
    test: post.test === true,
    requiredSecretKey: requiredSecretKeyOf(deps.secretBox, webhook),
  });
  const [stored] = await appIntakeStore(deps, queue).store([plan]);
  if (stored?.kind !== 'accepted' || !stored.placed || stored.duplicate)
    throw new Error(`The post was not stored as a new event: ${JSON.stringify(stored)}`);
  const { steps } = post;
  if (steps !== undefined)
    await processStoredEvent(deps, async () => steps, {
      logId: stored.logId,
      attempt: 1,
      lastAttempt: true,
      replay: false,
    });
  return stored.logId;
}
