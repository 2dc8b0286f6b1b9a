import { z } from 'zod';
import { ProviderError } from '../../providers/provider-http.js';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
  type PlatformLeadCategory,
} from '../platform-answer.js';
import { instantlyRequest } from './request.js';

const labelPage = z.object({
  items: z.array(
    z.object({ id: z.string(), label: z.string(), timestamp_created: z.string().nullish() }),
  ),
  next_starting_after: z.string().nullish(),
});

/** Pages read at most (100 labels each): a workspace has a handful; this only stops a runaway cursor. */
const MAX_PAGES = 50;

/** GET /lead-labels, every page (cursor `starting_after`): Instantly's lead labels as lead categories. */
export async function instantlyLeadCategories(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<PlatformAnswer<PlatformLeadCategory[]>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Instantly');
  const action = 'reading lead labels';
  const categories: PlatformLeadCategory[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const response = await instantlyRequest(endpoints, credentials.apiKey, {
      action,
      path: '/lead-labels',
      query: { limit: 100, starting_after: cursor },
    });
    const answer = readAnswer('Instantly', action, response, credentials.apiKey, labelPage);
    if (!answer.ok) return answer;
    categories.push(
      ...answer.data.items.map((item) => ({
        id: item.id,
        name: item.label,
        created_at: item.timestamp_created ?? null,
      })),
    );
    cursor = answer.data.next_starting_after ?? undefined;
    if (!cursor || answer.data.items.length === 0) return { ok: true, data: categories };
  }
  throw new ProviderError(
    'bad-answer',
    'Instantly',
    `Instantly gave more pages than expected while ${action}`,
  );
}
