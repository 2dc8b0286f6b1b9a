import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.js';
import type { IntakeWebhook } from '../repositories/webhook-events.js';
import { SECRET_KEY_MEMBER } from './secret-key-redaction.js';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether a parsed Smartlead payload carries the webhook's secret key as its `secret_key`. Compared in
 * constant time over digests of equal length, so neither the key's characters nor its length show in
 * how long the answer takes.
 */
export function carriesSecretKey(payload: unknown, required: string): boolean {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const given = (payload as Record<string, unknown>)[SECRET_KEY_MEMBER];
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), digest(required));
}

/** The secret key a webhook's posts must carry: a Smartlead webhook's own, opened; null when none is required. */
export function requiredSecretKeyOf(
  secretBox: SecretBox,
  webhook: Pick<IntakeWebhook, 'platform' | 'sealedSecretKey'>,
): string | null {
  if (webhook.platform !== 'smartlead' || webhook.sealedSecretKey === null) return null;
  return secretBox.open(webhook.sealedSecretKey);
}
