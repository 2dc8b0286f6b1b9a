import type { Clock } from '../clock.js';
import type { IntakeWebhook } from '../repositories/webhook-events.js';

/**
 * The webhooks the receiver looked up, by code, for a second: a platform sends bursts to one URL,
 * and each post would otherwise read the webhook, its owner and its endpoints again. A change (a
 * permission taken away, a deleted webhook, an endpoint added) is seen within that second. Only
 * webhooks that take events are kept: an unknown code or a refused owner is looked up every time, so a
 * permission given back works at once.
 */
export function cachedWebhookLookup(
  find: (code: string) => Promise<IntakeWebhook | undefined>,
  clock: Clock,
  ttlMs = 1000,
  maxEntries = 10_000,
) {
  const entries = new Map<string, { at: number; webhook: Promise<IntakeWebhook | undefined> }>();
  return (code: string): Promise<IntakeWebhook | undefined> => {
    const now = clock.now().getTime();
    const entry = entries.get(code);
    if (entry !== undefined && now - entry.at < ttlMs && now >= entry.at) return entry.webhook;
    const webhook = find(code);
    if (entries.size >= maxEntries) entries.clear();
    entries.set(code, { at: now, webhook });
    webhook.then(
      (found) => found?.ownerCanWebhook !== true && entries.delete(code),
      () => entries.delete(code),
    );
    return webhook;
  };
}
