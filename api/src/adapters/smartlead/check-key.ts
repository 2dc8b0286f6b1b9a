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
import { smartleadRequest } from './request.js';

/** A cheap authenticated call (the client list) tells whether Smartlead takes the key. */
export async function checkSmartleadKey(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
): Promise<KeyCheck> {
  if (!isSendableKey(credentials.apiKey)) return keyCheckOf(unsendableKey('Smartlead'));
  const action = 'checking the API key';
  const response = await smartleadRequest(endpoints, credentials.apiKey, {
    action,
    path: '/client/',
  });
  return keyCheckOf(readAnswer('Smartlead', action, response, credentials.apiKey, z.unknown()));
}
