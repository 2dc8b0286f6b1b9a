/** Keys kept at most; the oldest go first, so a flood of made-up keys cannot fill the memory. */
const MAX_KEYS = 100_000;
/** Counts failures per key in memory, with waits that grow with each failure past the free ones. */
export function createAttemptLimiter(policy, now) {
    const failures = new Map();
    function current(key) {
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
                if (oldest !== undefined)
                    failures.delete(oldest);
            }
        },
        forget(key) {
            failures.delete(key);
        },
    };
}
//# sourceMappingURL=attempt-limiter.js.map