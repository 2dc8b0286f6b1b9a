import { allEventTypes, type WebhookLog } from 'shared/contract';
import type { WebhookLogRecord } from '../repositories/webhook-logs.js';

/** spec §3 "Webhook log". */
export function toWebhookLog(record: WebhookLogRecord): WebhookLog {
  return {
    id: record.id,
    user: record.user,
    webhookId: record.webhookId,
    webhookUrl: record.webhookUrl,
    hubId: record.hubId,
    eventType: record.eventType,
    smartleadPayload: { path: record.path, payload: record.payload },
    webhookLogResults: { errors: record.errors },
    createdAt: record.createdAt,
  };
}

/** The event-type filter's options: spec §9's 14 types first, then the other types found, in order. */
export function eventTypeOptions(found: readonly string[]): string[] {
  const known = new Set<string>(allEventTypes);
  return [...allEventTypes, ...[...new Set(found)].filter((type) => !known.has(type)).sort()];
}
