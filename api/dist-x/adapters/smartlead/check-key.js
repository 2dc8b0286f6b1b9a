import { z } from 'zod';
import { isSendableKey, keyCheckOf, readAnswer, unsendableKey } from '../platform-answer.js';
import { smartleadRequest } from './request.js';
/** A cheap authenticated call (the client list) tells whether Smartlead takes the key. */
export async function checkSmartleadKey(endpoints, credentials) {
    if (!isSendableKey(credentials.apiKey))
        return keyCheckOf(unsendableKey('Smartlead'));
    const action = 'checking the API key';
    const response = await smartleadRequest(endpoints, credentials.apiKey, { action, path: '/client/' });
    return keyCheckOf(readAnswer('Smartlead', action, response, credentials.apiKey, z.unknown()));
}
//# sourceMappingURL=check-key.js.map