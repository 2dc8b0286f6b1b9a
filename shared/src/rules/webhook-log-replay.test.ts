import type { WebhookLogDelivery } from '../contract/index.js';
import { canReplayWebhookEvent, replayOutcome } from './webhook-log-replay';

const delivery = (state: WebhookLogDelivery['state']): WebhookLogDelivery => ({
  id: 1,
  url: 'https://x.test',
  state,
  attempts: 3,
  lastStatusCode: 500,
  lastError: 'boom',
  nextAttemptAt: null,
  deliveredAt: null,
});
const detail = (overrides: Partial<Parameters<typeof canReplayWebhookEvent>[0]> = {}) => ({
  state: 'failed' as const,
  deliveries: [],
  isTest: false,
  event: {},
  user: { id: 3, email: 'user@example.com' },
  ...overrides,
});
const owner = { id: 3, isAdmin: false };
const admin = { id: 1, isAdmin: true };
const manager = { id: 2, isAdmin: false };

describe('Replay of a webhook event', () => {
  it('is offered to the owner and to an admin on a failed event, not to a manager of someone else’s', () => {
    expect(canReplayWebhookEvent(detail(), owner)).toBe(true);
    expect(canReplayWebhookEvent(detail(), admin)).toBe(true);
    expect(canReplayWebhookEvent(detail(), manager)).toBe(false);
  });

  it('is offered on a dead delivery of a processed event, not on a processed event without failures', () => {
    expect(
      canReplayWebhookEvent(detail({ state: 'processed', deliveries: [delivery('dead')] }), owner),
    ).toBe(true);
    expect(
      canReplayWebhookEvent(
        detail({ state: 'processed', deliveries: [delivery('delivered')] }),
        owner,
      ),
    ).toBe(false);
  });

  it('is never offered on test, refused or unreadable events', () => {
    expect(canReplayWebhookEvent(detail({ isTest: true }), admin)).toBe(false);
    expect(canReplayWebhookEvent(detail({ state: 'refused' }), admin)).toBe(false);
    expect(canReplayWebhookEvent(detail({ state: 'invalid' }), admin)).toBe(false);
    expect(canReplayWebhookEvent(detail({ event: null }), admin)).toBe(false);
  });

  it('says what the replay set going', () => {
    expect(replayOutcome({ id: 1, processing: true, deliveries: 2 })).toBe(
      'Replay started: the event is being processed again and 2 deliveries sent again.',
    );
    expect(replayOutcome({ id: 1, processing: false, deliveries: 1 })).toBe(
      'Replay started: 1 delivery sent again.',
    );
    expect(replayOutcome({ id: 1, processing: false, deliveries: 0 })).toBe(
      'Replay started: nothing needed running again.',
    );
  });
});
