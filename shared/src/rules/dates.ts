/** What a date cell shows when there is no date (or it does not parse). */
export const NO_DATE = '—';

// making a formatter costs far more than formatting (a fraction of a millisecond each): a list of
// dates, a log table scrolling, reuses one per time zone
const formatters = new Map<string | undefined, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * spec §9 "Date display format": en-US, short month, two-digit hour and minute, e.g.
 * "Mar 7, 2024, 09:05 AM". `timeZone` defaults to the browser's; tests pin it.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NO_DATE;
  return formatterFor(timeZone).format(date);
}
