import { z } from 'zod';
import { isSendableKey, keyCheckOf, readAnswer, unsendableKey } from '../platform-answer.js';
import { instantlyRequest } from './request.js';
/** GET /workspaces/current: the cheapest v2 call that needs a valid key. */
export async function checkInstantlyKey(endpoints, credentials) {
    if (!isSendableKey(credentials.apiKey))
        return keyCheckOf(unsendableKey('Instantly'));
    const action = 'checking the API key';
    const response = await instantlyRequest(endpoints, credentials.apiKey, { action, path: '/workspaces/current' });
    return keyCheckOf(readAnswer('Instantly', action, response, credentials.apiKey, z.unknown()));
}
//# sourceMappingURL=check-key.js.map