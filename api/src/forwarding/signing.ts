import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** What a forwarded delivery is signed with (Standard Webhooks, as Svix sends them). */
export interface SignedMessage {
  /** `whsec_` and the base64 of the key. */
  secret: string;
  /** The same for every attempt of one delivery: receivers deduplicate on it. */
  messageId: string;
  timestamp: Date;
  body: string;
}

/** The headers of one attempt: `webhook-id`, `webhook-timestamp` (epoch seconds), `webhook-signature` (`v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`). */
export function signedHeaders({
  secret,
  messageId,
  timestamp,
  body,
}: SignedMessage): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}

/** A new endpoint signing secret: `whsec_` and 32 random bytes in base64. */
export const generateEndpointSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
