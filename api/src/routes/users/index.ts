import type { FastifyPluginAsync } from 'fastify';
import { ownedUser, readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { findUser, setUserPermissions, visibleUsers } from '../../services/users.js';

/** The Users screen: GET the organization's users (managers and admins), PUT one user's permission flags (admins). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  contractRoute(app, 'listUsers', {
    handler: ({ user }) => visibleUsers(deps, user, readScope(user)),
  });

  contractRoute(app, 'updateUser', {
    handler: async ({ params, body, access }) => {
      const target = await findUser(deps, params.id);
      access.require(target && ownedUser(target), 'User not found');
      return setUserPermissions(deps, params.id, body);
    },
  });
};
