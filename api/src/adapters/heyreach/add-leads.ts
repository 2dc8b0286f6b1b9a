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
import { heyReachRequest } from './request.js';

/** AddLeadsToListV2 takes at most 100 leads a call. */
export const HEYREACH_LEADS_PER_CALL = 100;

/** A lead to put on a HeyReach list: the LinkedIn profile URL is what HeyReach matches on. */
export interface HeyReachLeadInput {
  profileUrl: string;
  firstName?: string | null;
  lastName?: string | null;
}

const addedLeads = z.object({
  addedLeadsCount: z.number().int(),
  updatedLeadsCount: z.number().int(),
  failedLeadsCount: z.number().int(),
});

/**
 * POST /list/AddLeadsToListV2 {listId, leads}, 100 leads a call. HeyReach has no public block-list
 * API, so the product keeps a list of profile URLs instead (the block list's heyReachListId). Leads
 * already on the list count as already blocked; leads without a LinkedIn profile URL as failed.
 */
export async function addLeadsToHeyReachList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  listId: number,
  leads: readonly HeyReachLeadInput[],
): Promise<PlatformAnswer<BlockPushResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('HeyReach');
  const action = 'adding leads to a list';
  const result = emptyPushResult();
  const cleaned = leads
    .filter((lead) => lead.profileUrl.trim() !== '')
    .map((lead) => ({
      firstName: lead.firstName ?? '',
      lastName: lead.lastName ?? '',
      profileUrl: lead.profileUrl.trim(),
    }));
  for (const batch of chunk(cleaned, HEYREACH_LEADS_PER_CALL)) {
    const response = await heyReachRequest(endpoints, credentials.apiKey, {
      action,
      path: '/list/AddLeadsToListV2',
      method: 'POST',
      body: { listId, leads: batch },
    });
    const answer = readAnswer('HeyReach', action, response, credentials.apiKey, addedLeads);
    if (!answer.ok) return answer;
    result.sent += batch.length;
    result.added += answer.data.addedLeadsCount;
    result.alreadyBlocked += answer.data.updatedLeadsCount;
    result.failed += answer.data.failedLeadsCount;
    if (answer.data.failedLeadsCount > 0 && result.errors.length < 20)
      result.errors.push(
        `HeyReach refused ${answer.data.failedLeadsCount} lead(s) without a LinkedIn profile URL`,
      );
  }
  return { ok: true, data: result };
}
