import type { FastifyPluginAsync } from 'fastify';
import { globalPlugin } from '../../plugins/global-plugin.js';
import { providerCallLimit } from '../../plugins/provider-call-limit.js';
import { requireSession } from '../../plugins/session.js';
import { meRoutes } from '../me/index.js';
import { usersRoutes } from '../users/index.js';
import { userAccountsRoutes } from '../user-accounts/index.js';
import { webhooksRoutes } from '../webhooks/index.js';
import { blockListsRoutes } from '../block-lists/index.js';
import { logsRoutes } from '../logs/index.js';
import { apiKeysRoutes } from '../api-keys/index.js';
import { platformLookupRoutes } from '../platform-lookups/index.js';
import { crmConnectionRoutes } from '../crm-connections/index.js';
import { integrationRoutes } from '../integrations/index.js';
import { crmLookupRoutes } from '../crm-lookups/index.js';
import { embedKeyRoutes } from '../embed/keys.js';
import { releasesRoutes } from '../releases/index.js';

/** Everything under /api/admin/*: a valid session first (401 otherwise), the per-user limit of provider calls, then the route groups. */
export const adminApiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireSession);
  await app.register(globalPlugin(providerCallLimit), {
    perMinute: app.deps.config.providerCallsPerMinute,
  });
  await app.register(meRoutes);
  await app.register(usersRoutes);
  await app.register(userAccountsRoutes);
  await app.register(webhooksRoutes);
  await app.register(blockListsRoutes);
  await app.register(logsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(platformLookupRoutes);
  await app.register(crmConnectionRoutes);
  await app.register(integrationRoutes);
  await app.register(crmLookupRoutes);
  await app.register(embedKeyRoutes);
  await app.register(releasesRoutes);
};
