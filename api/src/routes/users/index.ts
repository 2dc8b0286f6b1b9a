import type { FastifyPluginAsync } from 'fastify';
import { ownedUser, readScope } from '../../authz/index.js';
import { contractRoute } from '../../http/contract-route.js';
import { notFound } from '../../http/http-error.js';
import { toDashboardUser } from '../../presenters/users.js';
import {
  findUserById,
  listUsersOfOrganization,
  updatePermissions,
} from '../../repositories/users.js';

/** The Users screen: GET the organization's users (managers and admins), PUT one user's permission flags (admins). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUsers', {
    handler: async ({ user }) => {
      const scope = readScope(user);
      return scope.kind === 'organization'
        ? (await listUsersOfOrganization(app.db, scope.organizationId)).map(toDashboardUser)
        : [toDashboardUser(user)];
    },
  });

  contractRoute(app, 'updateUser', {
    handler: async ({ params, body, access }) => {
      const target = await findUserById(app.db, params.id);
      access.require(target && ownedUser(target), 'User not found');
      const updated = await updatePermissions(app.db, params.id, body);
      if (!updated) throw notFound('User not found');
      return toDashboardUser(updated);
    },
  });
};
