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
import { smartleadRequest } from './request.js';

/** Values sent in one call (Smartlead documents no limit; its list reads page by 1,000). */
export const SMARTLEAD_BLOCK_LIST_BATCH = 1000;

const added = z
  .object({ success: z.boolean().optional(), message: z.string().optional() })
  .passthrough();

/** "12 entries added to block list" → 12; undefined when the message says no number. */
function addedCount(message: string | undefined): number | undefined {
  const match = message ? /(\d+)\s+entr/i.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}

export interface SmartleadBlockListPush {
  /** Email addresses and/or domains. */
  values: readonly string[];
  /** The Smartlead client whose block list gets them; null or left out: the account's global list. */
  clientId?: number | null;
}

/** POST /leads/add-domain-block-list {domain_block_list, client_id}, in batches. A refusal stops the push. */
export async function addToSmartleadBlockList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  push: SmartleadBlockListPush,
): Promise<PlatformAnswer<BlockPushResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Smartlead');
  const action = 'adding entries to the block list';
  const result = emptyPushResult();
  const values = push.values.map((value) => value.trim()).filter((value) => value !== '');
  for (const batch of chunk(values, SMARTLEAD_BLOCK_LIST_BATCH)) {
    const response = await smartleadRequest(endpoints, credentials.apiKey, {
      action,
      path: '/leads/add-domain-block-list',
      method: 'POST',
      body: {
        domain_block_list: batch,
        ...(push.clientId === undefined || push.clientId === null
          ? {}
          : { client_id: push.clientId }),
      },
    });
    const answer = readAnswer('Smartlead', action, response, credentials.apiKey, added);
    if (!answer.ok) return answer;
    const count = addedCount(answer.data.message) ?? batch.length;
    result.sent += batch.length;
    result.added += count;
    result.alreadyBlocked += batch.length - count;
  }
  return { ok: true, data: result };
}
