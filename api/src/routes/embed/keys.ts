import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { createEmbedKey, listEmbedKeys, revokeEmbedKey } from '../../services/embed-keys.js';

/** Embed keys, for admins (policy: admin): list, create (the secret shown once) and revoke. */
export const embedKeyRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listEmbedKeys', { handler: ({ user }) => listEmbedKeys(deps, user) });

  contractRoute(app, 'createEmbedKey', {
    handler: async ({ body, user, reply }) => {
      const created = await createEmbedKey(deps, user, body.name);
      void reply.status(201);
      return created;
    },
  });

  contractRoute(app, 'revokeEmbedKey', {
    handler: ({ params, user }) => revokeEmbedKey(deps, user, params.id),
  });
};
