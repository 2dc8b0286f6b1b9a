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
import { smartleadRequest } from './request.js';

/** The Smartlead events the receiver reads (spec §9 email events, in Smartlead's names). */
export const SMARTLEAD_WEBHOOK_EVENTS = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_REPLY',
  'EMAIL_BOUNCE',
  'LEAD_CATEGORY_UPDATED',
  'LEAD_UNSUBSCRIBED',
] as const;

/**
 * POST /webhook/create {name, webhook_url, association_type: "user", event_type_map}: a user-level
 * webhook, so every campaign of the key's account posts to the URL.
 */
export async function createSmartleadWebhook(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  webhook: PlatformWebhookInput,
): Promise<PlatformAnswer<PlatformWebhookCreated>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Smartlead');
  const action = 'creating the webhook';
  const response = await smartleadRequest(endpoints, credentials.apiKey, {
    action,
    path: '/webhook/create',
    method: 'POST',
    body: {
      name: webhook.name,
      webhook_url: webhook.url,
      association_type: 'user',
      event_type_map: Object.fromEntries(SMARTLEAD_WEBHOOK_EVENTS.map((event) => [event, true])),
    },
  });
  const answer = readAnswer('Smartlead', action, response, credentials.apiKey, z.unknown());
  if (!answer.ok) return answer;
  const id = createdId(answer.data);
  return {
    ok: true,
    data: { ids: id === null ? [] : [id], eventTypes: [...SMARTLEAD_WEBHOOK_EVENTS] },
  };
}
