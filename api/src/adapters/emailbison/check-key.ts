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
import { bisonApiBase, bisonRequest } from './request.js';

export const missingBaseUrlMessage = 'EmailBison needs the base URL of your instance';

/** GET /api/users (the token's own account) at the key's instance. */
export async function checkBisonKey(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<KeyCheck> {
  if (!isSendableKey(credentials.apiKey)) return keyCheckOf(unsendableKey('EmailBison'));
  const base = bisonApiBase(endpoints, credentials.baseUrl);
  if (!base) return { valid: false, message: missingBaseUrlMessage };
  const action = 'checking the API key';
  const response = await bisonRequest(endpoints, base, credentials.apiKey, {
    action,
    path: '/api/users',
  });
  return keyCheckOf(readAnswer('EmailBison', action, response, credentials.apiKey, z.unknown()));
}
