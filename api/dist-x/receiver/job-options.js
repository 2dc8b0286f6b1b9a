/**
 * The queue options of an event's jobs. Processing retries a CRM's passing trouble (5xx, time-outs)
 * with the queue's backoff, from 30 s to an hour, 8 attempts in all. Forwarding makes the forwarding
 * schedule's attempts: the handler names each delay (RetryLaterError), the backoff here is only a floor
 * for a failure of the worker itself.
 */
export function intakeJobOptions(config) {
    return {
        process: { retryLimit: 7, backoff: { baseMs: 30_000, maxMs: 3_600_000 } },
        forward: {
            retryLimit: Math.max(0, config.forwarding.schedule.length - 1),
            backoff: { baseMs: 1000, maxMs: 60_000 },
            visibilityTimeoutMs: config.forwarding.timeoutMs + 60_000,
        },
    };
}
//# sourceMappingURL=job-options.js.map