import { z } from 'zod';
import { hubspotRequest, type HubSpotConnection } from './request.js';

/** spec §3 "HUBSPOT list": objectTypeId 0-1 contacts, 0-2 companies; hs_list_size is a string. */
export interface HubSpotListInfo {
  listId: string;
  name: string;
  objectTypeId: string;
  processingType: string | null;
  additionalProperties: { hs_list_size: string };
}

const searchPage = z.object({
  lists: z.array(
    z.object({
      listId: z.union([z.string(), z.number()]),
      name: z.string(),
      objectTypeId: z.string(),
      processingType: z.string().nullish(),
      additionalProperties: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
  hasMore: z.boolean().optional(),
  offset: z.number().optional(),
});

const PAGE_SIZE = 500;
const MAX_PAGES = 100;

/** POST /crm/v3/lists/search with hs_list_size, every page (offset paging). */
export async function searchHubSpotLists(
  connection: HubSpotConnection,
  query = '',
): Promise<HubSpotListInfo[]> {
  const lists: HubSpotListInfo[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await hubspotRequest(
      connection,
      {
        action: 'listing lists',
        path: '/crm/v3/lists/search',
        method: 'POST',
        body: { query, count: PAGE_SIZE, offset, additionalProperties: ['hs_list_size'] },
      },
      searchPage,
    );
    for (const list of answer.lists) {
      const size = list.additionalProperties?.hs_list_size;
      lists.push({
        listId: String(list.listId),
        name: list.name,
        objectTypeId: list.objectTypeId,
        processingType: list.processingType ?? null,
        additionalProperties: {
          hs_list_size: typeof size === 'string' || typeof size === 'number' ? String(size) : '0',
        },
      });
    }
    const next = answer.offset ?? offset + answer.lists.length;
    if (!answer.hasMore || answer.lists.length === 0 || next <= offset) break;
    offset = next;
  }
  return lists;
}
