import { z } from 'zod';
import { ProviderError } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { heyReachRequest } from './request.js';

export interface HeyReachListInfo {
  id: number;
  name: string;
}

/** GetAll answers at most 100 lists a call. */
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

const listPage = z.object({
  totalCount: z.number().int(),
  items: z.array(z.object({ id: z.number().int(), name: z.string() }).passthrough()),
});
const createdList = z.object({ id: z.number().int(), name: z.string() }).passthrough();

/** POST /list/GetAll {offset, limit, listType}, page after page: the lead lists (USER_LIST) a block list can fill. */
export async function listHeyReachLists(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<PlatformAnswer<HeyReachListInfo[]>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('HeyReach');
  const action = 'listing lists';
  const lists: HeyReachListInfo[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const response = await heyReachRequest(endpoints, credentials.apiKey, {
      action,
      path: '/list/GetAll',
      method: 'POST',
      body: { offset: page * PAGE_SIZE, limit: PAGE_SIZE, listType: 'USER_LIST' },
    });
    const answer = readAnswer('HeyReach', action, response, credentials.apiKey, listPage);
    if (!answer.ok) return answer;
    lists.push(...answer.data.items.map(({ id, name }) => ({ id, name })));
    if (answer.data.items.length < PAGE_SIZE || lists.length >= answer.data.totalCount)
      return { ok: true, data: lists };
  }
  throw new ProviderError(
    'bad-answer',
    'HeyReach',
    `HeyReach gave more pages than expected while ${action}`,
  );
}

/** POST /list/CreateEmptyList {name, type: USER_LIST}: a new lead list, for a block list to fill. */
export async function createHeyReachList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  name: string,
): Promise<PlatformAnswer<HeyReachListInfo>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('HeyReach');
  const action = 'creating a list';
  const response = await heyReachRequest(endpoints, credentials.apiKey, {
    action,
    path: '/list/CreateEmptyList',
    method: 'POST',
    body: { name, type: 'USER_LIST' },
  });
  const answer = readAnswer('HeyReach', action, response, credentials.apiKey, createdList);
  return answer.ok ? { ok: true, data: { id: answer.data.id, name: answer.data.name } } : answer;
}
