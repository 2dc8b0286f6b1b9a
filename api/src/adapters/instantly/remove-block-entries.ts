import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  chunk,
  isSendableKey,
  readAnswer,
  unsendableKey,
  type BeforeCall,
  type BlockRemoveResult,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { INSTANTLY_BULK_LIMIT } from './block-list.js';
import { instantlyRequest } from './request.js';

const entryPage = z.object({
  items: z.array(z.object({ id: z.string(), bl_value: z.string() }).passthrough()),
  next_starting_after: z.string().optional(),
});
const deleted = z.array(z.object({ id: z.string() }).passthrough());

/**
 * Removes values from the workspace's block list: bulk-delete takes entry ids, so the list is read
 * (100 a page, until every value is found) for the ids of these exact values, then
 * POST /block-lists-entries/bulk-delete {ids} 1,000 at a time. A value not in the list is already gone.
 */
export async function removeFromInstantlyBlockList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  values: readonly string[],
  beforeCall: BeforeCall,
): Promise<PlatformAnswer<BlockRemoveResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Instantly');
  const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
  const ids = new Map<string, string>();
  let startingAfter: string | undefined;
  do {
    await beforeCall();
    const action = 'reading the block list';
    const response = await instantlyRequest(endpoints, credentials.apiKey, {
      action,
      path: '/block-lists-entries',
      query: { limit: 100, starting_after: startingAfter },
    });
    const answer = readAnswer('Instantly', action, response, credentials.apiKey, entryPage);
    if (!answer.ok) return answer;
    for (const item of answer.data.items)
      if (wanted.has(item.bl_value.toLowerCase())) ids.set(item.bl_value.toLowerCase(), item.id);
    startingAfter = answer.data.next_starting_after;
  } while (startingAfter !== undefined && ids.size < wanted.size);
  for (const batch of chunk([...ids.values()], INSTANTLY_BULK_LIMIT)) {
    await beforeCall();
    const action = 'removing entries from the block list';
    const response = await instantlyRequest(endpoints, credentials.apiKey, {
      action,
      path: '/block-lists-entries/bulk-delete',
      method: 'POST',
      body: { ids: batch },
    });
    const answer = readAnswer('Instantly', action, response, credentials.apiKey, deleted);
    if (!answer.ok) return answer;
  }
  return { ok: true, data: { removed: [...wanted], refused: [] } };
}
