import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  readAnswer,
  unsendableKey,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { smartleadRequest } from './request.js';

const clientList = z.array(
  z.object({ id: z.number().int(), name: z.string(), email: z.string().nullish() }),
);

export interface SmartleadClientInfo {
  id: number;
  name: string;
  email: string | null;
}

/** GET /client/: every client of the key's (agency) account. */
export async function listSmartleadClients(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<PlatformAnswer<SmartleadClientInfo[]>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('Smartlead');
  const action = 'listing clients';
  const response = await smartleadRequest(endpoints, credentials.apiKey, {
    action,
    path: '/client/',
  });
  const answer = readAnswer('Smartlead', action, response, credentials.apiKey, clientList);
  return answer.ok
    ? {
        ok: true,
        data: answer.data.map(({ id, name, email }) => ({ id, name, email: email ?? null })),
      }
    : answer;
}
