const retryable = { 'rate-limited': true, unavailable: true, timeout: true, refused: false, 'bad-answer': false };
/**
 * A provider call that failed. The message is written for a person (the HTTP layer answers it as a
 * 502): it names the provider and what failed, never the URL (it may hold a key) or the remote body.
 */
export class ProviderError extends Error {
    kind;
    provider;
    details;
    retryable;
    constructor(kind, provider, message, details = {}) {
        super(message);
        this.kind = kind;
        this.provider = provider;
        this.details = details;
        this.name = 'ProviderError';
        this.retryable = retryable[kind];
    }
    get status() {
        return this.details.status;
    }
    /** For `rate-limited`: how long the provider asked to wait, when it said. */
    get retryAfterMs() {
        return this.details.retryAfterMs;
    }
}
/**
 * Retry-After in milliseconds: delta-seconds, or an HTTP date measured from `now`. Undefined when
 * absent or unreadable.
 */
export function retryAfterMs(value, now) {
    if (value === null || value === undefined || value.trim() === '')
        return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    const at = Date.parse(trimmed);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
/**
 * A CRM profile whose sign-in the CRM no longer renews (marked DISCONNECTED): its owner must connect it
 * again. Not a provider failure: retrying does not help. The HTTP layer answers 409 with the message.
 */
export class CrmDisconnected extends Error {
    provider;
    userProfileId;
    constructor(provider, userProfileId, message) {
        super(message);
        this.provider = provider;
        this.userProfileId = userProfileId;
        this.name = 'CrmDisconnected';
    }
}
/** A provider the api has no credentials for (its app is not configured). The HTTP layer answers 503. */
export class ProviderNotConfigured extends Error {
    provider;
    constructor(provider, message) {
        super(message);
        this.provider = provider;
        this.name = 'ProviderNotConfigured';
    }
}
//# sourceMappingURL=provider-error.js.map