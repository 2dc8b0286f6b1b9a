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
import { heyReachRequest } from './request.js';

/** GET /auth/CheckApiKey: 200 (no body) when the key is valid. */
export async function checkHeyReachKey(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<KeyCheck> {
  if (!isSendableKey(credentials.apiKey)) return keyCheckOf(unsendableKey('HeyReach'));
  const action = 'checking the API key';
  const response = await heyReachRequest(endpoints, credentials.apiKey, {
    action,
    path: '/auth/CheckApiKey',
  });
  return keyCheckOf(readAnswer('HeyReach', action, response, credentials.apiKey, z.unknown()));
}
