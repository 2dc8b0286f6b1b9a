import type { TestWebhookResult } from 'shared/contract';
import type { Deps } from '../deps.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { intakeMessages } from '../receiver/intake-messages.js';
import { keptHeaders } from '../receiver/kept-headers.js';
import type { EventProcessor } from '../receiver/process-event.js';
import { runTestPost } from '../receiver/test-post.js';
import { findIntakeWebhook } from '../repositories/webhook-events.js';
import type { WebhookRecord } from '../repositories/webhooks.js';
import { notFound } from './domain-errors.js';
import { appIntakeStore } from './webhook-receiver.js';
import { findWebhookById } from './webhook-views.js';

/** What the test URL answers for a code no live webhook has. */
export const unknownWebhookMessage = intakeMessages.unknownCode;

/** The live webhook a code is the URL of, for the policy check; undefined when there is none. */
export async function findWebhookOfCode(
  deps: Pick<Deps, 'db'>,
  code: string,
): Promise<WebhookRecord | undefined> {
  const webhook = await findIntakeWebhook(deps.db, code);
  return webhook === undefined ? undefined : findWebhookById(deps, webhook.id);
}

/**
 * A post to the test URL, run through the receiver's whole pipeline at once (receiver/test-post.ts):
 * every step's error in the answer.
 */
export async function sendTestPost(
  deps: Deps,
  queue: JobQueue,
  processor: EventProcessor,
  post: {
    code: string;
    path: string;
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<TestWebhookResult> {
  const result = await runTestPost(deps, appIntakeStore(deps, queue), processor, {
    ...post,
    headers: keptHeaders(post.headers),
  });
  if (result === null) throw notFound(unknownWebhookMessage);
  return result;
}
