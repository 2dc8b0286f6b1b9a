import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { currentUserOf } from '../../services/current-user.js';

/** GET /api/admin/me */
export const meRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getMe', { handler: ({ user }) => currentUserOf(app.deps, user) });
};
