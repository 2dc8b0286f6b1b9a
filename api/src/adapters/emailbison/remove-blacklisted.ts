import type { ProviderEndpoints } from '../../providers/endpoints.js';
import {
  isSendableKey,
  platformMessage,
  refusalOf,
  throwIfPlatformFailed,
  unsendableKey,
  type BeforeCall,
  type BlockRemoveResult,
  type PlatformAnswer,
  type PlatformCredentials,
} from '../platform-answer.js';
import { missingBaseUrlMessage } from './check-key.js';
import { bisonApiBase, bisonRequest } from './request.js';

/**
 * DELETE /api/blacklisted-emails/{email} (a value with "@") or /api/blacklisted-domains/{domain}, one
 * value a call. A 404 means the value is already gone, which is the goal; another 4xx refuses that value
 * with the platform's words; 401/403 stops the removal as an invalid key.
 */
export async function removeFromBisonBlockList(
  endpoints: ProviderEndpoints,
  credentials: PlatformCredentials,
  values: readonly string[],
  beforeCall: BeforeCall,
): Promise<PlatformAnswer<BlockRemoveResult>> {
  if (!isSendableKey(credentials.apiKey)) return unsendableKey('EmailBison');
  const base = bisonApiBase(endpoints, credentials.baseUrl);
  if (!base) return { ok: false, reason: 'rejected', message: missingBaseUrlMessage };
  const result: BlockRemoveResult = { removed: [], refused: [] };
  for (const value of values) {
    const kind = value.includes('@') ? 'emails' : 'domains';
    const action = `removing blacklisted ${kind}`;
    await beforeCall();
    const response = await bisonRequest(endpoints, base, credentials.apiKey, {
      action,
      path: `/api/blacklisted-${kind}/${encodeURIComponent(value)}`,
      method: 'DELETE',
    });
    throwIfPlatformFailed('EmailBison', action, response);
    if (response.status === 401 || response.status === 403)
      return refusalOf('EmailBison', response, credentials.apiKey);
    if (response.status < 400 || response.status === 404) result.removed.push(value);
    else
      result.refused.push({
        value,
        message: `EmailBison refused the removal: ${platformMessage(response.data) ?? `status ${response.status}`}`,
      });
  }
  return { ok: true, data: result };
}
