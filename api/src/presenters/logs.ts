import { allEventTypes, type WebhookLog, type WebhookLogDetail } from 'shared/contract';
import type { WebhookLogDetailRecord, WebhookLogRecord } from '../repositories/webhook-logs.js';

/**
 * spec §3 "Webhook log". Its errors are the row's own, then those of its deliveries to additional
 * endpoints that ended without success (spec §8: any error makes the row's status Error).
 */
export function toWebhookLog(
  record: WebhookLogRecord,
  deliveryErrors: readonly string[] = [],
): WebhookLog {
  return {
    id: record.id,
    user: record.user,
    webhookId: record.webhookId,
    webhookUrl: record.webhookUrl,
    hubId: record.hubId,
    eventType: record.eventType,
    smartleadPayload: { path: record.path, payload: record.payload },
    webhookLogResults: { errors: [...record.errors, ...deliveryErrors] },
    createdAt: record.createdAt,
    state: record.state,
    duplicates: record.duplicates,
    isTest: record.isTest,
  };
}

/** One log row in full (getWebhookLog). */
export function toWebhookLogDetail(
  record: WebhookLogDetailRecord,
  deliveryErrors: readonly string[] = [],
): WebhookLogDetail {
  return {
    ...toWebhookLog(record, deliveryErrors),
    platform: record.platform,
    receivedAt: record.createdAt,
    headers: record.headers,
    rawBody: record.rawBody,
    event: record.event === null ? null : { ...record.event },
    deliveries: record.deliveries,
    attempts: record.attempts,
  };
}

/** The event-type filter's options: spec §9's 14 types first, then the other types found, in order. */
export function eventTypeOptions(found: readonly string[]): string[] {
  const known = new Set<string>(allEventTypes);
  return [...allEventTypes, ...[...new Set(found)].filter((type) => !known.has(type)).sort()];
}
