import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { findApiKeyById } from '../../services/api-key-views.js';
import {
  heyReachListsOf,
  newHeyReachList,
  smartleadClientsOf,
} from '../../services/platform-lookups.js';

const KEY_NOT_FOUND = 'API key not found';

/** The platform parts of spec §7 "Integrations and lookups": Smartlead clients, HeyReach lists. */
export const platformLookupRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listSmartleadClients', {
    handler: async ({ params, access }) =>
      smartleadClientsOf(
        deps,
        access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND),
      ),
  });

  contractRoute(app, 'listHeyReachLists', {
    handler: async ({ params, access }) =>
      heyReachListsOf(deps, access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND)),
  });

  contractRoute(app, 'createHeyReachList', {
    handler: async ({ params, body, access }) =>
      newHeyReachList(
        deps,
        access.require(await findApiKeyById(deps, params.id), KEY_NOT_FOUND),
        body.listName,
      ),
  });
};
