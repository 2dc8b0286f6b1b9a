import { z } from 'zod';
import { isSendableKey, keyCheckOf, readAnswer, unsendableKey } from '../platform-answer.js';
import { heyReachRequest } from './request.js';
/** GET /auth/CheckApiKey: 200 (no body) when the key is valid. */
export async function checkHeyReachKey(endpoints, credentials) {
    if (!isSendableKey(credentials.apiKey))
        return keyCheckOf(unsendableKey('HeyReach'));
    const action = 'checking the API key';
    const response = await heyReachRequest(endpoints, credentials.apiKey, { action, path: '/auth/CheckApiKey' });
    return keyCheckOf(readAnswer('HeyReach', action, response, credentials.apiKey, z.unknown()));
}
//# sourceMappingURL=check-key.js.map