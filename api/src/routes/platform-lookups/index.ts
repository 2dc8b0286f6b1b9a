import type { FastifyPluginAsync } from 'fastify';
import { createHeyReachList, listHeyReachLists } from '../../adapters/heyreach/index.js';
import { listSmartleadClients } from '../../adapters/smartlead/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { badRequest } from '../../http/http-error.js';
import { credentialsOf, loadApiKey, requirePlatform } from '../api-keys/access.js';

/** The platform parts of spec §7 "Integrations and lookups": Smartlead clients, HeyReach lists. */
export const platformLookupRoutes: FastifyPluginAsync = async (app) => {
  const endpoints = app.config.providers;

  contractRoute(app, 'listSmartleadClients', {
    handler: async ({ params, user }) => {
      const record = await loadApiKey(app, user, params.id, 'read');
      requirePlatform(record, 'smartlead', 'a client list');
      const answer = await listSmartleadClients(endpoints, credentialsOf(app, record));
      if (!answer.ok) throw badRequest(answer.message);
      return answer.data;
    },
  });

  contractRoute(app, 'listHeyReachLists', {
    handler: async ({ params, user }) => {
      const record = await loadApiKey(app, user, params.id, 'read');
      requirePlatform(record, 'heyreach', 'HeyReach lists');
      const answer = await listHeyReachLists(endpoints, credentialsOf(app, record));
      return answer.ok ? { success: true, lists: answer.data, error: null } : { success: false, lists: [], error: answer.message };
    },
  });

  contractRoute(app, 'createHeyReachList', {
    handler: async ({ params, body, user }) => {
      const record = await loadApiKey(app, user, params.id, 'change');
      requirePlatform(record, 'heyreach', 'HeyReach lists');
      const answer = await createHeyReachList(endpoints, credentialsOf(app, record), body.listName);
      return answer.ok ? { success: true, listId: answer.data.id, error: null } : { success: false, listId: null, error: answer.message };
    },
  });
};
