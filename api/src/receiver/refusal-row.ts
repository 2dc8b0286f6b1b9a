import type { IntakeWebhook, NewWebhookEvent } from '../repositories/webhook-events.js';
import { refusedBodyRow } from './refused-body.js';

/** A post to a live webhook that was not taken (413, 429): the log row its owner reads, body cut, its secret redacted. */
export function webhookRefusalRow(
  webhook: IntakeWebhook,
  post: {
    webhookUrl: string;
    path: string;
    headers: Record<string, string>;
    rawBody: string | null;
    receivedAt: string;
  },
  message: string,
  state: 'invalid' | 'refused',
): NewWebhookEvent {
  return {
    userId: webhook.userId,
    userProfileId: webhook.userProfileId,
    webhookId: webhook.id,
    webhookUrl: post.webhookUrl,
    hubId: webhook.hubId,
    platform: webhook.platform,
    state,
    isTest: false,
    dedupeKey: null,
    headers: post.headers,
    event: null,
    leadKey: null,
    path: post.path,
    receivedAt: post.receivedAt,
    ...refusedBodyRow(post.rawBody, [message], webhook.platform),
  };
}
