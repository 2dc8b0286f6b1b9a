import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  createdId,
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
  type PlatformWebhookCreated,
  type PlatformWebhookInput,
} from '../platform-answer.js';
import { heyReachRequest } from './request.js';

/** The HeyReach events the receiver reads, in its subscription names (UPPER_SNAKE). */
export const HEYREACH_WEBHOOK_EVENTS = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'MESSAGE_REPLY_RECEIVED',
  'INMAIL_SENT',
  'INMAIL_REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
  'LEAD_TAG_UPDATED',
] as const;

/**
 * POST /webhooks/CreateWebhook {webhookName, webhookUrl, eventType, campaignIds: []} once per event type
 * (a HeyReach webhook has one event type; no campaign ids: every campaign). A refusal stops the rest.
 */
export async function createHeyReachWebhooks(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  webhook: PlatformWebhookInput,
): Promise<PlatformAnswer<PlatformWebhookCreated>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('HeyReach');
  const action = 'creating the webhook';
  const ids: string[] = [];
  for (const eventType of HEYREACH_WEBHOOK_EVENTS) {
    const response = await heyReachRequest(endpoints, credentials.apiKey, {
      action,
      path: '/webhooks/CreateWebhook',
      method: 'POST',
      body: {
        webhookName: `${webhook.name} ${eventType}`,
        webhookUrl: webhook.url,
        eventType,
        campaignIds: [],
      },
    });
    const answer = readAnswer('HeyReach', action, response, credentials.apiKey, z.unknown());
    if (!answer.ok) return answer;
    const id = createdId(answer.data);
    if (id !== null) ids.push(id);
  }
  return { ok: true, data: { ids, eventTypes: [...HEYREACH_WEBHOOK_EVENTS] } };
}
