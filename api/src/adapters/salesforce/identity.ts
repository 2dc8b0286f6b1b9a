import { z } from 'zod';
import { salesforceRequest, type SalesforceConnection } from './request.js';

/** A cheap authenticated call (userinfo on the instance): answers when the session works, 401 when it ended. */
export async function probeSalesforceConnection(connection: SalesforceConnection): Promise<void> {
  await salesforceRequest(
    connection,
    { action: 'checking the connection', path: '/services/oauth2/userinfo' },
    z.unknown(),
  );
}
