import type { OutboundGuard } from './guard.js';
import type { OutboundAnswer } from './transport.js';

export interface WebhookEndpointCall {
  url: string;
  /** Standard Webhooks headers and content-type. */
  headers: Record<string, string>;
  /** The event's original JSON body. */
  body: string;
  timeoutMs: number;
}

/**
 * Sends one event to a webhook endpoint a user saved, through the outbound guard: the endpoint and
 * any redirect it gives must be on a public address (checked on the address connected), and at most
 * the guard's byte cap of its answer is read. Failures are OutboundErrors (refused, unresolved,
 * too-large, timeout, unreachable); an HTTP status is an answer.
 */
export function sendToWebhookEndpoint(
  guard: OutboundGuard,
  call: WebhookEndpointCall,
): Promise<OutboundAnswer> {
  return guard.request('Webhook endpoint', {
    url: call.url,
    method: 'POST',
    headers: call.headers,
    body: call.body,
    timeoutMs: call.timeoutMs,
  });
}
