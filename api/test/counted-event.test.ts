import { countNote, raisedCounters } from '../src/crm-writers/counted-event.js';

const guard = { property: 'os_counted_event', key: '12:smartlead:7:EMAIL_OPEN' };
const opens = ['os_open_count'];

describe('raisedCounters: a counter counted once per event (issue 54)', () => {
  it('an event not counted yet: the counter up by the events the write carries, its key beside it', () => {
    expect(
      raisedCounters(opens, { os_open_count: '4', os_counted_event: 'other' }, 1, guard),
    ).toEqual({ os_open_count: 5, os_counted_event: guard.key });
    expect(raisedCounters(opens, {}, 3, guard)).toEqual({
      os_open_count: 3,
      os_counted_event: `${guard.key}#3`,
    });
  });

  it('the same write run again after its update landed: nothing raised, the step says so', () => {
    const landed = { os_open_count: '5', os_counted_event: guard.key };
    expect(raisedCounters(opens, landed, 1, guard)).toEqual({});
    expect(countNote(opens, landed, guard, null)).toBe(
      '; its counters already held this event: not counted twice',
    );
  });

  it('a merged write run again carrying more opens than its first run: only the new ones counted', () => {
    const landed = { os_open_count: '7', os_counted_event: `${guard.key}#3` };
    expect(raisedCounters(opens, landed, 5, guard)).toEqual({
      os_open_count: 9,
      os_counted_event: `${guard.key}#5`,
    });
    expect(countNote(opens, landed, guard, null, 5)).toBe(
      '; 3 of its 5 events counted by an earlier run: not counted twice',
    );
    // fewer: its followers were recorded as carried before the crash
    expect(raisedCounters(opens, landed, 1, guard)).toEqual({});
  });

  it('without the property: raised as before, the step says it is not guarded', () => {
    expect(raisedCounters(opens, { os_open_count: '2' }, 1, null)).toEqual({ os_open_count: 3 });
    expect(
      countNote(opens, { os_open_count: '2' }, null, 'Lead has no os_counted_event__c field'),
    ).toBe(' (counters not guarded against a second count: Lead has no os_counted_event__c field)');
  });
});
