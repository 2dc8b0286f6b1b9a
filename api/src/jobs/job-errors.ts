/** Fails this attempt and asks for the next one no sooner than `retryAfterMs` from now (a Retry-After). */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** Fails the job for good: retrying cannot help (a 410, a refused request). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * The Retry-After an error carries, in milliseconds: any error with a numeric `retryAfterMs` (this
 * module's RetryLaterError, the typed provider errors), so the queue needs no import of the adapters.
 */
export function retryAfterMsOf(error: unknown): number | null {
  if (error === null || typeof error !== 'object' || !('retryAfterMs' in error)) return null;
  const value = (error as { retryAfterMs: unknown }).retryAfterMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export const isPermanent = (error: unknown): boolean => error instanceof PermanentJobError;

/**
 * A rate limit said wait (a provider's 429 or the shared limiter, both a `rate-limited` provider error
 * with its Retry-After): the job runs again then without using one of its attempts, so a busy account
 * delays its events but never kills them.
 */
export const isRateLimited = (error: unknown): boolean =>
  error !== null &&
  typeof error === 'object' &&
  (error as { kind?: unknown }).kind === 'rate-limited' &&
  retryAfterMsOf(error) !== null;

/** What the queue records of a failure. */
export const errorText = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
