import type { z } from 'zod';
import {
  providerBadAnswer,
  providerFailed,
  providerRateLimited,
  type ProviderName,
  type ProviderResponse,
} from '../providers/provider-http.js';

/** What a platform call needs besides the endpoints: the key, and for EmailBison the instance's base URL. */
export interface PlatformCredentials {
  apiKey: string;
  baseUrl?: string | null;
}

/**
 * A platform's answer to a call made with a stored key: the data, or why the platform refused
 * (`invalid-key` for 401/403, `rejected` for another 4xx) with the platform's message. Failures of the
 * platform itself (429, 5xx, time-out, an answer of the wrong shape) are not answers: they throw a ProviderError.
 */
export type PlatformAnswer<T> =
  { ok: true; data: T } | { ok: false; reason: 'invalid-key' | 'rejected'; message: string };

/** The result of a key check: valid, or not with the platform's message. */
export type KeyCheck = { valid: true } | { valid: false; message: string };

export type Refusal = Extract<PlatformAnswer<never>, { ok: false }>;

/** Keys are printable ASCII without spaces: anything else cannot go into a header or query string. */
export const isSendableKey = (apiKey: string): boolean => /^[\x21-\x7e]{1,512}$/.test(apiKey);

export function unsendableKey(provider: ProviderName): Refusal {
  return {
    ok: false,
    reason: 'invalid-key',
    message: `${provider} did not accept the API key: it has characters an API key cannot have`,
  };
}

/**
 * The human text of a JSON error body: `message`, `error`, `error.message` or `title`. A body that is
 * not JSON (an HTML page, a proxy's or another server's text) is never shown: the caller says the status.
 */
export function platformMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  for (const candidate of [
    record.message,
    record.error,
    (record.error as Record<string, unknown> | null | undefined)?.message,
    record.title,
  ]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

/** A platform's message made safe to show: never the key itself, never longer than 300 characters. */
function safeMessage(text: string | undefined, apiKey: string, fallback: string): string {
  const base = text ?? fallback;
  const redacted = apiKey.length >= 4 ? base.split(apiKey).join('***') : base;
  return redacted.length > 300 ? `${redacted.slice(0, 297)}...` : redacted;
}

/** 429 and 5xx mean the platform failed us: a ProviderError naming it and what was being done. */
export function throwIfPlatformFailed(
  provider: ProviderName,
  action: string,
  response: ProviderResponse,
): void {
  if (response.status === 429)
    providerRateLimited(
      provider,
      response,
      `${provider} is limiting requests (status 429) while ${action}; try again later`,
    );
  if (response.status >= 500) providerFailed(provider, action, response.status);
  if (response.status < 200 || (response.status >= 300 && response.status < 400))
    providerFailed(provider, action, response.status);
}

/** A 4xx as an answer: 401 and 403 mean the key is not accepted; anything else is the platform refusing the request. */
export function refusalOf(
  provider: ProviderName,
  response: ProviderResponse,
  apiKey: string,
): Refusal {
  const text = platformMessage(response.data);
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      reason: 'invalid-key',
      message: `${provider} did not accept the API key: ${safeMessage(text, apiKey, `status ${response.status}`)}`,
    };
  }
  return {
    ok: false,
    reason: 'rejected',
    message: `${provider} refused the request: ${safeMessage(text, apiKey, `status ${response.status}`)}`,
  };
}

/**
 * Reads a platform's answer: 2xx parsed with `schema` (a wrong shape is `bad-answer`), 4xx a refusal,
 * 429 `rate-limited`, 5xx `unavailable`.
 */
export function readAnswer<S extends z.ZodType>(
  provider: ProviderName,
  action: string,
  response: ProviderResponse,
  apiKey: string,
  schema: S,
): PlatformAnswer<z.output<S>> {
  throwIfPlatformFailed(provider, action, response);
  if (response.status >= 400) return refusalOf(provider, response, apiKey);
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) providerBadAnswer(provider, action);
  return { ok: true, data: parsed.data };
}

/** A key check from the answer to a cheap authenticated call. */
export function keyCheckOf(answer: PlatformAnswer<unknown>): KeyCheck {
  return answer.ok ? { valid: true } : { valid: false, message: answer.message };
}

/** Splits values into chunks of at most `size` (the platforms' per-call limits). */
export function chunk<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < values.length; index += size)
    chunks.push(values.slice(index, index + size));
  return chunks;
}

/** What a push into a platform's block list did. */
export interface BlockPushResult {
  /** Values sent to the platform. */
  sent: number;
  /** New entries the platform created. */
  added: number;
  /** Values the platform already had (counted as done). */
  alreadyBlocked: number;
  /**
   * Of those, the values themselves where the platform says which (EmailBison, Instantly): the list did
   * not add them, so it never removes them. Instantly's values left out of its answer count here too.
   */
  alreadyPresent: string[];
  /** Values the platform refused (not an email, domain or profile URL it takes). */
  failed: number;
  /** Up to 20 of the platform's messages about refused values. */
  errors: string[];
}

export const emptyPushResult = (): BlockPushResult => ({
  sent: 0,
  added: 0,
  alreadyBlocked: 0,
  alreadyPresent: [],
  failed: 0,
  errors: [],
});

/** A lead category as the platforms give it (spec §3 "Lead category"). */
export interface PlatformLeadCategory {
  id: number | string;
  name: string;
  created_at: string | null;
}

/** A webhook to create on a platform: its name there and the product's URL it posts to. */
export interface PlatformWebhookInput {
  name: string;
  url: string;
}

/** What a platform created: its ids for the webhook(s) and the event names subscribed. */
export interface PlatformWebhookCreated {
  ids: string[];
  eventTypes: string[];
}

/** An id a platform answers as a number or a text, wherever it puts it; null when it gives none. */
export function createdId(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  for (const candidate of [
    record.id,
    record.webhook_id,
    (record.data as Record<string, unknown> | null | undefined)?.id,
  ]) {
    if (typeof candidate === 'number' || (typeof candidate === 'string' && candidate !== ''))
      return String(candidate);
  }
  return null;
}

/** What a removal from a platform's block list did: values removed (or already gone), and refusals per value. */
export interface BlockRemoveResult {
  removed: string[];
  refused: { value: string; message: string }[];
}

/** Called before each platform call, so a removal is paced like a push. */
export type BeforeCall = () => Promise<void>;
