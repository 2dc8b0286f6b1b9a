export const defaultSendOptions = {
    retryLimit: 7,
    backoff: { baseMs: 60_000, maxMs: 14 * 3_600_000 },
    visibilityTimeoutMs: 5 * 60_000,
};
//# sourceMappingURL=job-queue.js.map