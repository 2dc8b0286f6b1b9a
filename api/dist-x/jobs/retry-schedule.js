/**
 * When the next attempt may start, or null when the job is dead (a permanent failure, or the last
 * attempt). Exponential backoff with "equal jitter" (half the delay fixed, half random) so retries of
 * many jobs spread out; a Retry-After later than that wins.
 */
export function nextAttemptAt(input) {
    if (input.permanent || input.attempt > input.retryLimit)
        return null;
    const exponential = Math.min(input.backoff.maxMs, input.backoff.baseMs * 2 ** (input.attempt - 1));
    const delay = exponential / 2 + (exponential / 2) * input.random;
    return new Date(input.now.getTime() + Math.max(Math.round(delay), input.retryAfterMs ?? 0));
}
//# sourceMappingURL=retry-schedule.js.map