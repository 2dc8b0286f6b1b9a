import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
  type PlatformWebhookCreated,
  type PlatformWebhookInput,
} from '../platform-answer.js';
import { instantlyRequest } from './request.js';

/** Every event, custom labels included: the receiver keeps what it does not map (campaign_completed, …). */
export const INSTANTLY_WEBHOOK_EVENT = 'all_events';

const created = z.looseObject({ id: z.string() });

/** POST /webhooks {name, target_hook_url, event_type: "all_events"}: every campaign of the workspace. */
export async function createInstantlyWebhook(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  webhook: PlatformWebhookInput,
): Promise<PlatformAnswer<PlatformWebhookCreated>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Instantly');
  const action = 'creating the webhook';
  const response = await instantlyRequest(endpoints, credentials.apiKey, {
    action,
    path: '/webhooks',
    method: 'POST',
    body: { name: webhook.name, target_hook_url: webhook.url, event_type: INSTANTLY_WEBHOOK_EVENT },
  });
  const answer = readAnswer('Instantly', action, response, credentials.apiKey, created);
  return answer.ok
    ? { ok: true, data: { ids: [answer.data.id], eventTypes: [INSTANTLY_WEBHOOK_EVENT] } }
    : answer;
}
