import { sendToWebhookEndpoint } from '../outbound/index.js';
import { classifyAttempt } from './outcome.js';
import { signedHeaders } from './signing.js';
/** How much of an endpoint's answer an attempt's record keeps. */
export const ANSWER_RECORD_CHARS = 1024;
/** One signed POST of an event to an endpoint through the outbound guard. Never throws: a failure is a record and an outcome. */
export async function deliverOnce(guard, delivery, { timeoutMs, clock }) {
    const started = clock.now();
    const headers = signedHeaders({ secret: delivery.secret, messageId: delivery.messageId, timestamp: delivery.timestamp ?? started, body: delivery.body });
    let result;
    let answer = null;
    try {
        const response = await sendToWebhookEndpoint(guard, { url: delivery.url, headers, body: delivery.body, timeoutMs });
        answer = response.body.toString('utf8').slice(0, ANSWER_RECORD_CHARS);
        result = { statusCode: response.status, retryAfter: response.headers.get('retry-after') };
    }
    catch (error) {
        result = { error };
    }
    const ended = clock.now();
    const record = {
        startedAt: started.toISOString(),
        durationMs: Math.max(0, ended.getTime() - started.getTime()),
        statusCode: 'statusCode' in result ? result.statusCode : null,
        answer,
        error: 'error' in result ? errorText(result.error) : null,
    };
    return { record, outcome: classifyAttempt(result, ended) };
}
const errorText = (error) => (error instanceof Error ? error.message : String(error));
//# sourceMappingURL=deliver.js.map