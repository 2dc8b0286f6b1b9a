import type { Clock } from '../clock.js';
import { sendToWebhookEndpoint, type OutboundGuard } from '../outbound/index.js';
import { answerExcerpt } from './answer-excerpt.js';
import { classifyAttempt, type AttemptResult, type DeliveryOutcome } from './outcome.js';
import { signedHeaders } from './signing.js';

export interface Delivery {
  /** The endpoint's URL (a user's: the guard checks it on every attempt). */
  url: string;
  /** The endpoint's signing secret (`whsec_…`, signingSecretOf). */
  secret: string;
  /** One id per event and endpoint, the same on every attempt: the `webhook-id` receivers deduplicate on. */
  messageId: string;
  /** The event's JSON body, sent as it is. */
  body: string;
  /** The signed `webhook-timestamp`; the clock's now by default (receivers refuse old timestamps, so each attempt is signed anew). */
  timestamp?: Date;
}

/** What one attempt did, to be stored per attempt (Convoy-style). */
export interface AttemptRecord {
  /** ISO-8601. */
  startedAt: string;
  durationMs: number;
  /** null when the endpoint did not answer. */
  statusCode: number | null;
  /** The answer's start, safe characters only (answerExcerpt); null when there was no answer. The status is `statusCode`. */
  answer: string | null;
  /** Why there was no answer (time-out, refused address…); null when the endpoint answered. */
  error: string | null;
}

export interface DeliveryOptions {
  timeoutMs: number;
  clock: Clock;
}

/** One signed POST of an event to an endpoint through the outbound guard. Never throws: a failure is a record and an outcome. */
export async function deliverOnce(
  guard: OutboundGuard,
  delivery: Delivery,
  { timeoutMs, clock }: DeliveryOptions,
): Promise<{ record: AttemptRecord; outcome: DeliveryOutcome }> {
  const started = clock.now();
  const headers = signedHeaders({
    secret: delivery.secret,
    messageId: delivery.messageId,
    timestamp: delivery.timestamp ?? started,
    body: delivery.body,
  });
  let result: AttemptResult;
  let answer: string | null = null;
  try {
    const response = await sendToWebhookEndpoint(guard, {
      url: delivery.url,
      headers,
      body: delivery.body,
      timeoutMs,
    });
    answer = answerExcerpt(response.body);
    result = { statusCode: response.status, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    result = { error };
  }
  const ended = clock.now();
  const record: AttemptRecord = {
    startedAt: started.toISOString(),
    durationMs: Math.max(0, ended.getTime() - started.getTime()),
    statusCode: 'statusCode' in result ? result.statusCode : null,
    answer,
    error: 'error' in result ? errorText(result.error) : null,
  };
  return { record, outcome: classifyAttempt(result, ended) };
}

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
