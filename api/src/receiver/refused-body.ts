import type { Platform } from '../db/schema.js';
import { intakeMessages } from './intake-messages.js';
import { redactedBody } from './secret-key-redaction.js';

/** The bytes of a refused post's body (400, 403, 410) that its log row keeps: enough to see what came. */
export const REFUSED_BODY_KEPT_BYTES = 4 * 1024;

/** A refused post's body as its log row keeps it: whole when small, else its first bytes and its full size. */
export type KeptBody =
  { cut: false; body: string | null } | { cut: true; body: string; receivedBytes: number };

/**
 * Keeps the first `limit` bytes of a body in UTF-8, ending on a whole character (TextEncoder's
 * encodeInto writes only whole characters), so a refused post cannot fill the disk.
 */
export function keptRefusedBody(
  rawBody: string | undefined | null,
  limit = REFUSED_BODY_KEPT_BYTES,
): KeptBody {
  if (rawBody === undefined || rawBody === null) return { cut: false, body: null };
  // a UTF-16 unit is at most 3 bytes in UTF-8: a short string cannot be over the limit
  if (rawBody.length * 3 <= limit) return { cut: false, body: rawBody };
  const receivedBytes = Buffer.byteLength(rawBody, 'utf8');
  if (receivedBytes <= limit) return { cut: false, body: rawBody };
  const { read } = new TextEncoder().encodeInto(rawBody, new Uint8Array(limit));
  return { cut: true, body: rawBody.slice(0, read), receivedBytes };
}

/**
 * A refused post's stored body and the errors its owner reads: the cut said, when the body was cut;
 * the kept part's secret redacted for the webhook's platform (secret-key-redaction.ts).
 */
export function refusedBodyRow(
  rawBody: string | undefined | null,
  errors: readonly string[],
  platform: Platform | null,
): { rawBody: string | null; errors: string[] } {
  const kept = keptRefusedBody(rawBody);
  const body = kept.body === null ? null : redactedBody(platform, kept.body);
  if (!kept.cut) return { rawBody: body, errors: [...errors] };
  return {
    rawBody: body,
    errors: [...errors, intakeMessages.bodyCut(REFUSED_BODY_KEPT_BYTES, kept.receivedBytes)],
  };
}
