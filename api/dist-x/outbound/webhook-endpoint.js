/**
 * Sends one event to a webhook endpoint a user saved, through the outbound guard: the endpoint and
 * any redirect it gives must be on a public address (checked on the address connected), and at most
 * the guard's byte cap of its answer is read. Failures are OutboundErrors (refused, unresolved,
 * too-large, timeout, unreachable); an HTTP status is an answer.
 */
export function sendToWebhookEndpoint(guard, call) {
    return guard.request('Webhook endpoint', { url: call.url, method: 'POST', headers: call.headers, body: call.body, timeoutMs: call.timeoutMs });
}
//# sourceMappingURL=webhook-endpoint.js.map