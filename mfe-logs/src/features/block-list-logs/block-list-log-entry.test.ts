import type { BlockListLog } from 'shared/contract';
import { blockListLogEntry } from './block-list-log-entry';

const row = (entityDetails: Record<string, unknown>, overrides: Partial<BlockListLog> = {}) => ({
  entity: 'lead@acme.example',
  entityDetails,
  syncedAt: '2024-03-08T10:31:00.000Z',
  lastError: null,
  ...overrides,
});

describe('a block-list history row: what the sync did', () => {
  it('tells a pushed entry from one the platform had already', () => {
    expect(
      blockListLogEntry(row({ action: 'pushed', platform: 'smartlead', recordId: '7' })),
    ).toEqual({ entity: 'lead@acme.example', what: 'Pushed to Smartlead' });
    expect(
      blockListLogEntry(row({ action: 'pushed', platform: 'bison', alreadyInPlatform: true })),
    ).toEqual({ entity: 'lead@acme.example', what: "Already in EmailBison's block list" });
  });

  it('says the platform refused an entry, or did or did not remove one', () => {
    expect(
      blockListLogEntry(
        row(
          { action: 'refused', platform: 'instantly' },
          { syncedAt: null, lastError: 'Invalid email' },
        ),
      ).what,
    ).toBe('Refused by Instantly');
    expect(
      blockListLogEntry(row({ action: 'removed-from-platform', platform: 'smartlead' })).what,
    ).toBe("Removed from Smartlead's block list");
    expect(
      blockListLogEntry(
        row(
          { action: 'removed-from-platform', platform: 'smartlead' },
          { syncedAt: null, lastError: 'Not found' },
        ),
      ).what,
    ).toBe('Not removed from Smartlead');
  });

  it("gives a member that left the CRM list the sync's note, and an entry it could not make its reason in the error", () => {
    const note =
      'Left the CRM list; kept in the platform (remove it there by hand if it should no longer be blocked)';
    expect(
      blockListLogEntry(
        row({ action: 'removed-from-crm-list', platform: 'smartlead', note }, { syncedAt: null }),
      ).what,
    ).toBe(note);
    expect(
      blockListLogEntry(row({ action: 'removed-from-crm-list' }, { syncedAt: null })).what,
    ).toBe('Left the CRM list');
    expect(
      blockListLogEntry(
        row({ action: 'not-synced', recordId: '9' }, { syncedAt: null, lastError: 'No email' }),
      ).what,
    ).toBe('Not synced');
  });

  it('names a run by what started it, with its counts, instead of the list name it is stored under', () => {
    const counts = {
      members: 13,
      entries: 13,
      pushed: 12,
      refused: 1,
      removed: 2,
      platformCalls: 1,
    };
    expect(
      blockListLogEntry(
        row({ action: 'run', reason: 'created', ...counts }, { entity: 'newsletter opt-outs' }),
      ),
    ).toEqual({
      entity: 'First sync',
      what: '13 in the CRM list: 12 pushed, 1 not synced, 2 left the list',
    });
    expect(
      blockListLogEntry(
        row({ action: 'run', reason: 'schedule', ...counts, removedFromPlatform: 2 }),
      ).entity,
    ).toBe('Scheduled sync');
    expect(
      blockListLogEntry(
        row({ action: 'run', reason: 'schedule', ...counts, removedFromPlatform: 2 }),
      ).what,
    ).toBe(
      '13 in the CRM list: 12 pushed, 1 not synced, 2 left the list, 2 removed from the platform',
    );
    expect(blockListLogEntry(row({ action: 'run', reason: 'sync-now', ...counts })).entity).toBe(
      'Sync now',
    );
    expect(blockListLogEntry(row({ action: 'run', reason: 'resumed', ...counts })).entity).toBe(
      'Sync after resume',
    );
  });

  it('says a run stopped, or waits for a rate limit, when it ended in an error', () => {
    expect(
      blockListLogEntry(
        row(
          { action: 'run', reason: 'schedule' },
          { syncedAt: null, lastError: 'Invalid API key' },
        ),
      ),
    ).toEqual({ entity: 'Scheduled sync', what: 'Stopped (see the error)' });
    expect(
      blockListLogEntry(
        row(
          { action: 'run', reason: 'schedule', waiting: true },
          { syncedAt: null, lastError: 'Rate limited' },
        ),
      ).what,
    ).toBe("Waiting for the platform's rate limit: it runs again after it");
  });

  it('shows when a row without details was synced, or that it was not', () => {
    expect(blockListLogEntry(row({})).what).toMatch(/^Mar 8, 2024, \d\d:31 (AM|PM)$/);
    expect(blockListLogEntry(row({ action: 'something-new' }, { syncedAt: null })).what).toBe(
      'Not synced',
    );
    expect(blockListLogEntry(row({ action: 42 }, { syncedAt: null })).what).toBe('Not synced');
  });
});
