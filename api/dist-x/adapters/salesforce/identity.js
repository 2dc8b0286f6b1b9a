import { z } from 'zod';
import { salesforceRequest } from './request.js';
/** A cheap authenticated call (userinfo on the instance): answers when the session works, 401 when it ended. */
export async function probeSalesforceConnection(connection) {
    await salesforceRequest(connection, { action: 'checking the connection', path: '/services/oauth2/userinfo' }, z.unknown());
}
//# sourceMappingURL=identity.js.map