/** How failures of one key (a client address, an email, a login page) slow it down. */
export interface AttemptPolicy {
  /** Failures allowed before the first wait. */
  freeFailures: number;
  /** The first wait; each failure after it doubles the wait. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts afresh. */
  forgetAfterMs: number;
}

export interface AttemptLimiter {
  /** Milliseconds before `key` may try again; 0 = now. */
  waitMs(key: string): number;
  recordFailure(key: string): void;
  forget(key: string): void;
}

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

/** Keys kept at most; the oldest go first, so a flood of made-up keys cannot fill the memory. */
const MAX_KEYS = 100_000;

/** Counts failures per key in memory, with waits that grow with each failure past the free ones. */
export function createAttemptLimiter(policy: AttemptPolicy, now: () => number): AttemptLimiter {
  const failures = new Map<string, Failures>();

  function current(key: string): Failures | undefined {
    const entry = failures.get(key);
    if (entry && now() - entry.lastAt > policy.forgetAfterMs && entry.blockedUntil <= now()) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    waitMs(key) {
      const entry = current(key);
      return entry ? Math.max(0, entry.blockedUntil - now()) : 0;
    },
    recordFailure(key) {
      const at = now();
      const entry = current(key) ?? { count: 0, lastAt: at, blockedUntil: 0 };
      entry.count += 1;
      entry.lastAt = at;
      if (entry.count >= policy.freeFailures) {
        const doublings = Math.min(entry.count - policy.freeFailures, 30);
        entry.blockedUntil = at + Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
      }
      failures.delete(key);
      failures.set(key, entry);
      if (failures.size > MAX_KEYS) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
    },
    forget(key) {
      failures.delete(key);
    },
  };
}
