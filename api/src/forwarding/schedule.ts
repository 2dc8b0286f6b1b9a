const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The default: 8 attempts, at 0, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h after the one before (about 31.5 h in all). */
export const DEFAULT_RETRY_SCHEDULE = '0,1m,5m,30m,2h,5h,10h,14h';

/**
 * "0,1m,5m,30m,2h" → the delays in ms before each attempt (the first is before attempt 1, usually 0);
 * as many attempts as entries. Whole numbers with s, m, h or d; a bare number only for 0.
 */
export function parseRetrySchedule(text: string, name = 'FORWARD_RETRY_SCHEDULE'): number[] {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.every((entry) => entry === ''))
    throw new Error(`${name} must list at least one delay, e.g. "${DEFAULT_RETRY_SCHEDULE}"`);
  return entries.map((entry) => {
    if (entry === '0') return 0;
    const match = /^(\d+)\s*([smhd])$/i.exec(entry);
    if (!match)
      throw new Error(
        `${name} entries are whole numbers with s, m, h or d (e.g. 30s, 5m, 2h, 1d) or 0, got "${entry}" in "${text}"`,
      );
    return Number(match[1]) * unitMs[(match[2] ?? 's').toLowerCase() as keyof typeof unitMs];
  });
}

export interface NextDelayInput {
  /** Delays before each attempt, in ms (parseRetrySchedule). */
  schedule: readonly number[];
  /** The attempt that just failed, 1-based. */
  attempt: number;
  /** What the endpoint asked for (Retry-After), if anything. */
  retryAfterMs: number | null;
  /** A number in [0, 1): Math.random in production, fixed in tests. */
  random: number;
}

/**
 * Milliseconds until the next attempt, or null when the schedule's attempts are used up. The scheduled
 * delay gets up to +10 % jitter (so endpoints that failed together are not all retried at once); a
 * Retry-After asking for longer wins.
 */
export function nextDeliveryDelayMs({
  schedule,
  attempt,
  retryAfterMs,
  random,
}: NextDelayInput): number | null {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new Error(`attempt is 1-based, got ${attempt}`);
  const scheduled = schedule[attempt];
  if (scheduled === undefined) return null;
  const jittered = Math.round(scheduled * (1 + 0.1 * Math.min(Math.max(random, 0), 1)));
  return Math.max(jittered, retryAfterMs ?? 0);
}
