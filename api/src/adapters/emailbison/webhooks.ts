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
import { missingBaseUrlMessage } from './check-key.js';
import { bisonApiBase, bisonRequest } from './request.js';

/** The EmailBison events the receiver reads, in its subscription names (lower_snake). */
export const BISON_WEBHOOK_EVENTS = [
  'email_sent',
  'manual_email_sent',
  'lead_first_contacted',
  'lead_replied',
  'lead_interested',
  'lead_unsubscribed',
  'email_opened',
  'email_bounced',
  'untracked_reply_received',
] as const;

/** POST /api/webhook-url {name, url, events} at the key's instance: the workspace's events. */
export async function createBisonWebhook(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  webhook: PlatformWebhookInput,
): Promise<PlatformAnswer<PlatformWebhookCreated>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('EmailBison');
  const base = bisonApiBase(endpoints, credentials.baseUrl);
  if (!base) return { ok: false, reason: 'rejected', message: missingBaseUrlMessage };
  const action = 'creating the webhook';
  const response = await bisonRequest(endpoints, base, credentials.apiKey, {
    action,
    path: '/api/webhook-url',
    method: 'POST',
    body: { name: webhook.name, url: webhook.url, events: [...BISON_WEBHOOK_EVENTS] },
  });
  const answer = readAnswer('EmailBison', action, response, credentials.apiKey, z.unknown());
  if (!answer.ok) return answer;
  const id = createdId(answer.data);
  return {
    ok: true,
    data: { ids: id === null ? [] : [id], eventTypes: [...BISON_WEBHOOK_EVENTS] },
  };
}
