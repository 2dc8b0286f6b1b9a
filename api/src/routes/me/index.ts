import type { FastifyPluginAsync } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';
import { toCurrentUser } from '../../presenters/users.js';
import { listUserProfileIds } from '../../repositories/user-profiles.js';

/** GET /api/admin/me */
export const meRoutes: FastifyPluginAsync = async (app) => {
  contractRoute(app, 'getMe', {
    handler: async ({ user }) => ({
      ...toCurrentUser(user),
      userProfiles: (await listUserProfileIds(app.db, user.id)).map((userProfileId) => ({
        userProfileId,
      })),
    }),
  });
};
