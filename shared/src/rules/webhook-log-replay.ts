import type { CurrentUser, WebhookLogDetail, WebhookLogReplay } from '../contract/index.js';

/** A failure the owner can fix and run again: the event's processing failed, or a delivery gave up. */
export function hasReplayableFailure(
  detail: Pick<WebhookLogDetail, 'state' | 'deliveries'>,
): boolean {
  return (
    detail.state === 'failed' ||
    detail.state === 'expired' ||
    detail.deliveries.some((delivery) => delivery.state === 'dead' || delivery.state === 'failed')
  );
}

/**
 * Replay is offered to the webhook's owner or an admin, on a failed event or a dead delivery; never on a
 * test event, a refused or unreadable post (the api refuses those too).
 */
export function canReplayWebhookEvent(
  detail: Pick<WebhookLogDetail, 'state' | 'deliveries' | 'isTest' | 'event' | 'user'>,
  user: Pick<CurrentUser, 'id' | 'isAdmin'>,
): boolean {
  if (!user.isAdmin && detail.user.id !== user.id) return false;
  if (
    detail.isTest ||
    detail.state === 'refused' ||
    detail.state === 'invalid' ||
    detail.event === null
  )
    return false;
  return hasReplayableFailure(detail);
}

/** What the detail says once a replay has been set going. */
export function replayOutcome({ processing, deliveries }: WebhookLogReplay): string {
  const parts: string[] = [];
  if (processing) parts.push('the event is being processed again');
  if (deliveries > 0)
    parts.push(`${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'} sent again`);
  return parts.length === 0
    ? 'Replay started: nothing needed running again.'
    : `Replay started: ${parts.join(' and ')}.`;
}
