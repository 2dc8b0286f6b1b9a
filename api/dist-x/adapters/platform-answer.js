import { providerBadAnswer, providerFailed, providerRateLimited } from '../providers/provider-http.js';
/** Keys are printable ASCII without spaces: anything else cannot go into a header or query string. */
export const isSendableKey = (apiKey) => /^[\x21-\x7e]{1,512}$/.test(apiKey);
export function unsendableKey(provider) {
    return { ok: false, reason: 'invalid-key', message: `${provider} did not accept the API key: it has characters an API key cannot have` };
}
/**
 * The human text of a JSON error body: `message`, `error`, `error.message` or `title`. A body that is
 * not JSON (an HTML page, a proxy's or another server's text) is never shown: the caller says the status.
 */
export function platformMessage(data) {
    if (!data || typeof data !== 'object')
        return undefined;
    const record = data;
    for (const candidate of [record.message, record.error, record.error?.message, record.title]) {
        if (typeof candidate === 'string' && candidate.trim() !== '')
            return candidate.trim();
    }
    return undefined;
}
/** A platform's message made safe to show: never the key itself, never longer than 300 characters. */
function safeMessage(text, apiKey, fallback) {
    const base = text ?? fallback;
    const redacted = apiKey.length >= 4 ? base.split(apiKey).join('***') : base;
    return redacted.length > 300 ? `${redacted.slice(0, 297)}...` : redacted;
}
/** 429 and 5xx mean the platform failed us: a ProviderError naming it and what was being done. */
export function throwIfPlatformFailed(provider, action, response) {
    if (response.status === 429)
        providerRateLimited(provider, response, `${provider} is limiting requests (status 429) while ${action}; try again later`);
    if (response.status >= 500)
        providerFailed(provider, action, response.status);
    if (response.status < 200 || (response.status >= 300 && response.status < 400))
        providerFailed(provider, action, response.status);
}
/** A 4xx as an answer: 401 and 403 mean the key is not accepted; anything else is the platform refusing the request. */
export function refusalOf(provider, response, apiKey) {
    const text = platformMessage(response.data);
    if (response.status === 401 || response.status === 403) {
        return { ok: false, reason: 'invalid-key', message: `${provider} did not accept the API key: ${safeMessage(text, apiKey, `status ${response.status}`)}` };
    }
    return { ok: false, reason: 'rejected', message: `${provider} refused the request: ${safeMessage(text, apiKey, `status ${response.status}`)}` };
}
/**
 * Reads a platform's answer: 2xx parsed with `schema` (a wrong shape is `bad-answer`), 4xx a refusal,
 * 429 `rate-limited`, 5xx `unavailable`.
 */
export function readAnswer(provider, action, response, apiKey, schema) {
    throwIfPlatformFailed(provider, action, response);
    if (response.status >= 400)
        return refusalOf(provider, response, apiKey);
    const parsed = schema.safeParse(response.data);
    if (!parsed.success)
        providerBadAnswer(provider, action);
    return { ok: true, data: parsed.data };
}
/** A key check from the answer to a cheap authenticated call. */
export function keyCheckOf(answer) {
    return answer.ok ? { valid: true } : { valid: false, message: answer.message };
}
/** Splits values into chunks of at most `size` (the platforms' per-call limits). */
export function chunk(values, size) {
    const chunks = [];
    for (let index = 0; index < values.length; index += size)
        chunks.push(values.slice(index, index + size));
    return chunks;
}
export const emptyPushResult = () => ({ sent: 0, added: 0, alreadyBlocked: 0, alreadyPresent: [], failed: 0, errors: [] });
/** An id a platform answers as a number or a text, wherever it puts it; null when it gives none. */
export function createdId(data) {
    if (!data || typeof data !== 'object')
        return null;
    const record = data;
    for (const candidate of [record.id, record.webhook_id, record.data?.id]) {
        if (typeof candidate === 'number' || (typeof candidate === 'string' && candidate !== ''))
            return String(candidate);
    }
    return null;
}
//# sourceMappingURL=platform-answer.js.map