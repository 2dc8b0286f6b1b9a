import { eventLaneOf } from './event-lanes';

describe('event lanes (issue 55)', () => {
  it('puts replies, InMail replies, category changes, accepted connections, unsubscribes and bounces first', () => {
    for (const type of [
      'EMAIL_REPLY',
      'REPLY_RECEIVED',
      'LEAD_CATEGORY_UPDATED',
      'CONNECTION_REQUEST_ACCEPTED',
      'LEAD_UNSUBSCRIBED',
      'EMAIL_BOUNCE',
    ] as const)
      expect([type, eventLaneOf(type)]).toEqual([type, 'first']);
  });

  it('puts sends, opens, clicks, other activity and untyped events after', () => {
    for (const type of [
      'EMAIL_SENT',
      'EMAIL_OPEN',
      'EMAIL_LINK_CLICK',
      'CONNECTION_REQUEST_SENT',
      'MESSAGE_SENT',
      'FOLLOW_SENT',
      'LIKED_POST',
      'VIEWED_PROFILE',
      null,
    ] as const)
      expect([type, eventLaneOf(type)]).toEqual([type, 'after']);
  });
});
