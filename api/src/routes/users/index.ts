import type { FastifyPluginAsync } from 'fastify';
import { isAdmin, isManagerOrAdmin } from 'shared/rules';
import { contractRoute } from '../../http/contract-route.js';
import { forbidden, notFound } from '../../http/http-error.js';
import { toDashboardUser } from '../../presenters/users.js';
import { listUsers, updatePermissions, type UserRecord } from '../../repositories/users.js';

function requireManagerOrAdmin(user: UserRecord): void {
  if (!isManagerOrAdmin(user.role)) throw forbidden('Only managers and admins can see users');
}

function requireAdmin(user: UserRecord): void {
  if (!isAdmin(user.role)) throw forbidden('Only admins can change user permissions');
}

/** The Users screen: GET the list (managers and admins), PUT one user's permission flags (admins). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'listUsers', {
    authorize: requireManagerOrAdmin,
    handler: async () => (await listUsers(app.db)).map(toDashboardUser),
  });

  contractRoute(app, 'updateUser', {
    authorize: requireAdmin,
    handler: async ({ params, body }) => {
      const updated = await updatePermissions(app.db, params.id, body);
      if (!updated) throw notFound('User not found');
      return toDashboardUser(updated);
    },
  });
};
