import { webhookEventStates } from '../contract/index.js';
import {
  blockListLogFilterKeys,
  blockListLogQueryOf,
  blockListLogStatus,
  categoryBaseFilterLogFilterKeys,
  categoryBaseFilterLogQueryOf,
  emptyLogFilters,
  eventTypeFilter,
  filtersAnything,
  logFiltersFromSearch,
  logFiltersSearch,
  moreItemsRemain,
  normaliseLogEmail,
  webhookLogFilterKeys,
  webhookEventStateOptions,
  webhookLogQueryOf,
  webhookLogStatus,
  webhookLogStateLine,
  logStatusPalette,
} from './log-filters';

const filters = (values: Partial<Record<(typeof webhookLogFilterKeys)[number], string>>) => ({
  ...emptyLogFilters(webhookLogFilterKeys),
  ...values,
});

describe('spec §4 "Infinite-scroll tables": more items remain when totalItems / limit exceeds the pages loaded', () => {
  it.each([
    [0, 20, 0, false],
    [0, 20, 1, false],
    [20, 20, 1, false],
    [21, 20, 1, true],
    [40, 20, 2, false],
    [41, 20, 2, true],
    [5, 20, 0, true],
  ])('%i items, limit %i, %i pages loaded: %s', (totalItems, limit, pages, expected) => {
    expect(moreItemsRemain({ totalItems, limit }, pages)).toBe(expected);
  });
});

describe('spec §5 "Log filters"', () => {
  it('lowercases and trims the email; blank is no filter', () => {
    expect(normaliseLogEmail('  Jane.Doe@ACME.test ')).toBe('jane.doe@acme.test');
    expect(normaliseLogEmail('   ')).toBeUndefined();
  });

  it('treats the event type ANY (any case) and blank as no filter', () => {
    expect(eventTypeFilter('ANY')).toBeUndefined();
    expect(eventTypeFilter('any')).toBeUndefined();
    expect(eventTypeFilter('')).toBeUndefined();
    expect(eventTypeFilter('EMAIL_REPLY')).toBe('EMAIL_REPLY');
  });

  it('starts with blank filters and the event type ANY', () => {
    expect(emptyLogFilters(webhookLogFilterKeys)).toEqual({
      email: '',
      eventType: 'ANY',
      userEmail: '',
      webhookId: '',
      webhookUrl: '',
      hubId: '',
      state: '',
    });
  });

  it('gives a manager or admin every webhook-log filter, normalised', () => {
    const query = webhookLogQueryOf(
      filters({
        email: ' A@B.test',
        eventType: 'EMAIL_SENT',
        userEmail: 'Owner@X.test ',
        webhookId: ' 12 ',
        webhookUrl: ' http://h/webhooks/abc ',
        hubId: '4411',
        state: 'held',
      }),
      {
        managerOrAdmin: true,
      },
    );
    expect(query).toEqual({
      email: 'a@b.test',
      eventType: 'EMAIL_SENT',
      userEmail: 'owner@x.test',
      webhookId: 12,
      webhookUrl: 'http://h/webhooks/abc',
      hubId: '4411',
      state: 'held',
    });
  });

  it('gives a regular user the email, event type and webhook ID only (spec §6)', () => {
    const query = webhookLogQueryOf(
      filters({
        email: 'a@b.test',
        eventType: 'ANY',
        userEmail: 'x@y.test',
        webhookId: '7',
        webhookUrl: 'u',
        hubId: 'h',
      }),
      { managerOrAdmin: false },
    );
    expect(query).toEqual({
      email: 'a@b.test',
      eventType: undefined,
      webhookId: 7,
      state: undefined,
    });
  });

  it('offers every state of the contract once', () => {
    expect(webhookEventStateOptions.map((option) => option.value).sort()).toEqual(
      [...webhookEventStates].sort(),
    );
  });

  it('filters by a known state only (blank or unknown: every state)', () => {
    const stateOf = (state: string) =>
      webhookLogQueryOf(filters({ state }), { managerOrAdmin: false }).state;
    expect(stateOf('held')).toBe('held');
    expect(stateOf(' failed ')).toBe('failed');
    expect(stateOf('')).toBeUndefined();
    expect(stateOf('on-hold')).toBeUndefined();
  });

  it('ignores a webhook ID that is not a whole number', () => {
    expect(
      webhookLogQueryOf(filters({ webhookId: 'abc' }), { managerOrAdmin: true }).webhookId,
    ).toBeUndefined();
    expect(
      webhookLogQueryOf(filters({ webhookId: '0' }), { managerOrAdmin: true }).webhookId,
    ).toBeUndefined();
  });

  it('builds the block-list and category-base-filter queries', () => {
    expect(blockListLogQueryOf({ email: ' X@Y.test ', blockListId: '3' })).toEqual({
      email: 'x@y.test',
      'block-list-id': 3,
    });
    expect(blockListLogQueryOf(emptyLogFilters(blockListLogFilterKeys))).toEqual({
      email: undefined,
      'block-list-id': undefined,
    });
    expect(
      categoryBaseFilterLogQueryOf({
        eventType: 'ANY',
        webhookId: '4',
        campaignId: ' 99 ',
        leadId: '',
        webhookUrl: ' ',
      }),
    ).toEqual({
      eventType: undefined,
      webhookId: 4,
      campaignId: '99',
      leadId: undefined,
      webhookUrl: undefined,
    });
    expect(emptyLogFilters(categoryBaseFilterLogFilterKeys).eventType).toBe('ANY');
  });

  it('tells a query that filters (an empty list: nothing matches) from one that does not (nothing yet)', () => {
    expect(filtersAnything(webhookLogQueryOf(filters({}), { managerOrAdmin: true }))).toBe(false);
    expect(
      filtersAnything(
        webhookLogQueryOf(filters({ email: '   ', eventType: 'ANY', webhookId: 'abc' }), {
          managerOrAdmin: true,
        }),
      ),
    ).toBe(false);
    expect(
      filtersAnything(webhookLogQueryOf(filters({ email: 'a@b.test' }), { managerOrAdmin: false })),
    ).toBe(true);
    // a manager's filter left in the URL filters nothing for a regular user
    expect(
      filtersAnything(webhookLogQueryOf(filters({ hubId: '4411' }), { managerOrAdmin: false })),
    ).toBe(false);
    expect(
      filtersAnything(webhookLogQueryOf(filters({ hubId: '4411' }), { managerOrAdmin: true })),
    ).toBe(true);
    expect(filtersAnything(blockListLogQueryOf({ email: '', blockListId: '3' }))).toBe(true);
  });

  it('keeps only the filters that filter in the URL, and reads them back', () => {
    const search = logFiltersSearch(
      filters({ email: ' a@b.test ', eventType: 'ANY', webhookId: '5' }),
    );
    expect(search).toBe('?email=a%40b.test&webhookId=5');
    expect(logFiltersFromSearch(webhookLogFilterKeys, search)).toEqual(
      filters({ email: 'a@b.test', webhookId: '5' }),
    );
    expect(logFiltersSearch(filters({}))).toBe('');
    expect(logFiltersFromSearch(webhookLogFilterKeys, '?webhookId=3&other=1')).toEqual(
      filters({ webhookId: '3' }),
    );
  });
});

describe('spec §8 "Display of log results"', () => {
  it('shows Error when the results contain errors, Success otherwise', () => {
    expect(
      webhookLogStatus({
        state: 'failed',
        webhookLogResults: { errors: ['HubSpot: contact not found'] },
      }),
    ).toBe('Error');
    expect(webhookLogStatus({ state: 'processed', webhookLogResults: { errors: [] } })).toBe(
      'Success',
    );
  });

  it('shows an event not yet written as Waiting with its place in line (issue 55)', () => {
    const queued = { state: 'queued' as const, webhookLogResults: { errors: [] } };
    expect(webhookLogStatus(queued)).toBe('Waiting');
    expect(webhookLogStateLine({ ...queued, placeInLine: 3 })).toBe('3 in line');
    expect(webhookLogStateLine(queued)).toBe('queued');
    expect(webhookLogStateLine({ state: 'waiting' })).toBe('waiting');
  });

  it('shows an event the category-based filter holds as Held (amber), not as an error', () => {
    const held = {
      state: 'held' as const,
      webhookLogResults: {
        errors: [
          "Held by the category-based filter until the lead gets one of the webhook's categories (Interested)",
        ],
      },
    };
    expect(webhookLogStatus(held)).toBe('Held');
    expect(logStatusPalette[webhookLogStatus(held)]).toBe('orange');
    expect(logStatusPalette.Error).toBe('red');
  });

  it('shows a block-list log as Error, Synced or Pending, and Left list for a member that left the CRM list', () => {
    expect(
      blockListLogStatus({ lastError: 'Rate limited', syncedAt: null, entityDetails: {} }),
    ).toBe('Error');
    expect(
      blockListLogStatus({
        lastError: null,
        syncedAt: '2024-03-01T00:00:00Z',
        entityDetails: { action: 'pushed' },
      }),
    ).toBe('Synced');
    expect(blockListLogStatus({ lastError: null, syncedAt: null, entityDetails: {} })).toBe(
      'Pending',
    );
    expect(
      blockListLogStatus({
        lastError: null,
        syncedAt: null,
        entityDetails: { action: 'removed-from-crm-list' },
      }),
    ).toBe('Left list');
  });
});
