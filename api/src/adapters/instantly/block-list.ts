import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  chunk,
  emptyPushResult,
  isSendableKey,
  readAnswer,
  unsendableKey,
  type BlockPushResult,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { instantlyRequest } from './request.js';

/** bulk-create takes 1 to 1,000 values a call. */
export const INSTANTLY_BULK_LIMIT = 1000;

const bulkCreated = z.object({
  items: z.array(z.object({ id: z.string(), bl_value: z.string() }).passthrough()),
  valid_count: z.number().int().optional(),
  invalid_count: z.number().int().optional(),
});

/**
 * POST /block-lists-entries/bulk-create {bl_values}, 1,000 at a time. Values already blocked count as
 * valid without a new entry; invalid ones (Instantly takes Latin-only emails and domains) are counted.
 */
export async function addToInstantlyBlockList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  values: readonly string[],
): Promise<PlatformAnswer<BlockPushResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Instantly');
  const action = 'adding entries to the block list';
  const result = emptyPushResult();
  const cleaned = values.map((value) => value.trim()).filter((value) => value !== '');
  for (const batch of chunk(cleaned, INSTANTLY_BULK_LIMIT)) {
    const response = await instantlyRequest(endpoints, credentials.apiKey, {
      action,
      path: '/block-lists-entries/bulk-create',
      method: 'POST',
      body: { bl_values: batch },
    });
    const answer = readAnswer('Instantly', action, response, credentials.apiKey, bulkCreated);
    if (!answer.ok) return answer;
    const invalid = answer.data.invalid_count ?? 0;
    const valid = answer.data.valid_count ?? batch.length - invalid;
    result.sent += batch.length;
    result.added += answer.data.items.length;
    result.alreadyBlocked += Math.max(0, valid - answer.data.items.length);
    // the values it made no entry for: already there (or refused; either way not this list's to remove)
    const createdValues = new Set(
      answer.data.items.map((item) => item.bl_value.trim().toLowerCase()),
    );
    result.alreadyPresent.push(...batch.filter((value) => !createdValues.has(value.toLowerCase())));
    result.failed += invalid;
    if (invalid > 0 && result.errors.length < 20)
      result.errors.push(
        `Instantly refused ${invalid} value(s) that are not a valid email or domain`,
      );
  }
  return { ok: true, data: result };
}
