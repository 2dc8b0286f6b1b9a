import { fixtureById, normaliseEvent, payloadAt } from 'shared/events';
import { eventOfRow } from '../src/repositories/webhook-logs.js';

const reply = JSON.stringify(
  payloadAt(fixtureById('smartlead.email-reply')!, new Date('2026-11-25T10:00:00Z')),
);

describe('the event of a stored post, read again from its raw body', () => {
  it('is what intake normalised', () => {
    const atIntake = normaliseEvent('smartlead', JSON.parse(reply));
    expect(atIntake.ok).toBe(true);
    expect(eventOfRow({ platform: 'smartlead', state: 'processed', raw_body: reply })).toEqual(
      atIntake.ok ? atIntake.event : null,
    );
  });

  it('is none for a refused or unreadable post, whatever its body says', () => {
    expect(eventOfRow({ platform: 'smartlead', state: 'refused', raw_body: reply })).toBeNull();
    expect(
      eventOfRow({ platform: 'smartlead', state: 'invalid', raw_body: '{"event_type":' }),
    ).toBeNull();
    expect(eventOfRow({ platform: null, state: 'refused', raw_body: reply })).toBeNull();
  });

  it('is none for JSON its platform cannot place', () => {
    expect(
      eventOfRow({ platform: 'smartlead', state: 'failed', raw_body: '{"hello":"world"}' }),
    ).toBeNull();
  });
});
