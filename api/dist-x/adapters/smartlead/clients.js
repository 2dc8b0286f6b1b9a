import { z } from 'zod';
import { isSendableKey, readAnswer, unsendableKey } from '../platform-answer.js';
import { smartleadRequest } from './request.js';
const clientList = z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullish() }));
/** GET /client/: every client of the key's (agency) account. */
export async function listSmartleadClients(endpoints, credentials) {
    if (!isSendableKey(credentials.apiKey))
        return unsendableKey('Smartlead');
    const action = 'listing clients';
    const response = await smartleadRequest(endpoints, credentials.apiKey, { action, path: '/client/' });
    const answer = readAnswer('Smartlead', action, response, credentials.apiKey, clientList);
    return answer.ok ? { ok: true, data: answer.data.map(({ id, name, email }) => ({ id, name, email: email ?? null })) } : answer;
}
//# sourceMappingURL=clients.js.map