import { formatDateTime, NO_DATE } from './dates';

describe('date display (spec §9: en-US, short month, two-digit hour and minute)', () => {
  it.each([
    ['2024-03-07T09:05:00.000Z', 'Mar 7, 2024, 09:05 AM'],
    ['2024-12-31T23:59:00Z', 'Dec 31, 2024, 11:59 PM'],
    ['2025-01-01T00:00:00Z', 'Jan 1, 2025, 12:00 AM'],
  ])('%s → %s', (iso, text) => {
    expect(formatDateTime(iso, 'UTC')).toBe(text);
  });

  it('formats Dates and epoch milliseconds alike', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 6, 4, 13, 7)), 'UTC')).toBe(
      'Jul 4, 2024, 01:07 PM',
    );
    expect(formatDateTime(Date.UTC(2024, 6, 4, 13, 7), 'UTC')).toBe('Jul 4, 2024, 01:07 PM');
  });

  it('shows the time in the given zone', () => {
    expect(formatDateTime('2024-03-07T09:05:00Z', 'America/New_York')).toBe(
      'Mar 7, 2024, 04:05 AM',
    );
  });

  it('each zone keeps its own format, whichever was asked first', () => {
    expect(formatDateTime('2024-03-07T09:05:00Z', 'UTC')).toBe('Mar 7, 2024, 09:05 AM');
    expect(formatDateTime('2024-03-07T09:05:00Z', 'Asia/Tokyo')).toBe('Mar 7, 2024, 06:05 PM');
    expect(formatDateTime('2024-03-07T09:05:00Z', 'UTC')).toBe('Mar 7, 2024, 09:05 AM');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
    expect(formatDateTime('')).toBe(NO_DATE);
    expect(formatDateTime('not a date')).toBe(NO_DATE);
  });
});
