import type { FastifyPluginAsync } from 'fastify';
import { createHeyReachList, listHeyReachLists } from '../../adapters/heyreach/index.js';
import { listSmartleadClients } from '../../adapters/smartlead/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/http-error.js';
import { findApiKey } from '../../repositories/api-keys.js';
import { credentialsOf, requirePlatform } from '../../services/api-keys.js';

/** The platform parts of spec §7 "Integrations and lookups": Smartlead clients, HeyReach lists. */
export const platformLookupRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const endpoints = deps.providers;

  contractRoute(app, 'listSmartleadClients', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), 'API key not found');
      requirePlatform(record, 'smartlead', 'a client list');
      const answer = await listSmartleadClients(endpoints, credentialsOf(deps, record));
      if (!answer.ok) throw badRequest(answer.message);
      return answer.data;
    },
  });

  contractRoute(app, 'listHeyReachLists', {
    handler: async ({ params, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), 'API key not found');
      requirePlatform(record, 'heyreach', 'HeyReach lists');
      const answer = await listHeyReachLists(endpoints, credentialsOf(deps, record));
      return answer.ok
        ? { success: true, lists: answer.data, error: null }
        : { success: false, lists: [], error: answer.message };
    },
  });

  contractRoute(app, 'createHeyReachList', {
    handler: async ({ params, body, access }) => {
      const record = access.require(await findApiKey(app.db, params.id), 'API key not found');
      requirePlatform(record, 'heyreach', 'HeyReach lists');
      const answer = await createHeyReachList(
        endpoints,
        credentialsOf(deps, record),
        body.listName,
      );
      return answer.ok
        ? { success: true, listId: answer.data.id, error: null }
        : { success: false, listId: null, error: answer.message };
    },
  });
};
