import type { Backoff } from './job-queue.js';

export interface RetryInput {
  /** The attempt that just failed (1 for the first). */
  attempt: number;
  retryLimit: number;
  backoff: Backoff;
  /** From the failure (a Retry-After), if it gave one. */
  retryAfterMs: number | null;
  permanent: boolean;
  now: Date;
  /** A number in [0, 1): Math.random in production, fixed in tests. */
  random: number;
}

/**
 * When the next attempt may start, or null when the job is dead (a permanent failure, or the last
 * attempt). Exponential backoff with "equal jitter" (half the delay fixed, half random) so retries of
 * many jobs spread out; a Retry-After later than that wins.
 */
export function nextAttemptAt(input: RetryInput): Date | null {
  if (input.permanent || input.attempt > input.retryLimit) return null;
  const exponential = Math.min(
    input.backoff.maxMs,
    input.backoff.baseMs * 2 ** (input.attempt - 1),
  );
  const delay = exponential / 2 + (exponential / 2) * input.random;
  return new Date(input.now.getTime() + Math.max(Math.round(delay), input.retryAfterMs ?? 0));
}
