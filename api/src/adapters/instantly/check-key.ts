import { z } from 'zod';
import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  keyCheckOf,
  readAnswer,
  unsendableKey,
  type KeyCheck,
  type PlatformCredentials,
} from '../platform-answer.js';
import { instantlyRequest } from './request.js';

/** GET /workspaces/current: the cheapest v2 call that needs a valid key. */
export async function checkInstantlyKey(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<KeyCheck> {
  if (!isSendableKey(credentials.apiKey)) return keyCheckOf(unsendableKey('Instantly'));
  const action = 'checking the API key';
  const response = await instantlyRequest(endpoints, credentials.apiKey, {
    action,
    path: '/workspaces/current',
  });
  return keyCheckOf(readAnswer('Instantly', action, response, credentials.apiKey, z.unknown()));
}
