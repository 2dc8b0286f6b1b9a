import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
  type PlatformLeadCategory,
} from '../platform-answer.js';
import { smartleadRequest } from './request.js';

const categories = z.array(
  z.object({ id: z.number().int(), name: z.string(), created_at: z.string().nullish() }),
);

/** GET /leads/fetch-categories: Smartlead's global and the account's own lead categories. */
export async function smartleadLeadCategories(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<PlatformAnswer<PlatformLeadCategory[]>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Smartlead');
  const action = 'reading lead categories';
  const response = await smartleadRequest(endpoints, credentials.apiKey, {
    action,
    path: '/leads/fetch-categories',
  });
  const answer = readAnswer('Smartlead', action, response, credentials.apiKey, categories);
  return answer.ok
    ? {
        ok: true,
        data: answer.data.map(({ id, name, created_at }) => ({
          id,
          name,
          created_at: created_at ?? null,
        })),
      }
    : answer;
}
